import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** The admin key of the service each worker starts (support/test.ts). */
export const ADMIN_KEY = 'e2e-admin-key-0123456789abcdefghijklmnopqrstuv';
export const SCREENSHOTS = 'e2e/screenshots';

/** Opens the dashboard and connects with the given key through the connect screen. */
export async function connect(page: Page, key = ADMIN_KEY, baseUrl?: string) {
  await page.goto(baseUrl ?? '/');
  await page.getByLabel('Admin key').fill(key);
  await page.getByRole('button', { name: 'Connect' }).click();
}

/** Connects, then waits for the token screen. */
export async function connected(page: Page, baseUrl?: string, key = ADMIN_KEY) {
  await connect(page, key, baseUrl);
  await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();
}

/** Creates a token through the Create form and closes the dialog showing its key. */
export async function createTokenInForm(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create token' }).click();
  const form = page.getByRole('dialog', { name: 'Create token' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create token' }).click();
  await page
    .getByRole('dialog', { name: 'Token created' })
    .getByRole('button', { name: 'Done' })
    .click();
}

export interface TokenBody {
  name: string;
  remain_quota?: number;
  expired_time?: number;
  unlimited_quota?: boolean;
  models?: string;
  subnet?: string;
  quota_reset_period?: 'none' | 'daily' | 'weekly' | 'monthly';
  quota_reset_amount?: number;
}

/** Arranges data straight through the service, the way a script would. */
export async function createToken(
  request: APIRequestContext,
  body: TokenBody,
  key = ADMIN_KEY,
  baseUrl = '',
) {
  const response = await request.post(`${baseUrl}/api/token/`, {
    headers: { Authorization: `Bearer ${key}` },
    data: body,
  });
  const envelope = (await response.json()) as {
    success: boolean;
    data: { id: number; key: string };
  };
  expect(envelope.success).toBe(true);
  return envelope.data;
}

export async function getToken(request: APIRequestContext, id: number, baseUrl = '') {
  const response = await request.get(`${baseUrl}/api/token/${id}`, {
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
  });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The table row (desktop) holding a token's name. */
export const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Saves a full-page screenshot for people to look at; the folder is ignored by git. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** The parts the signed-in dashboard loads on demand, and preloads once it is idle. */
const LAZY_PARTS = [
  'token-form-modal',
  'bulk-dialog',
  'settings-drawer',
  'activity-drawer',
  'explorer-drawer',
  'zh-CN',
];

/**
 * Waits until the dashboard has itself fetched its on-demand parts and every file they need,
 * so they open while the server is away, as they would for a person who has been reading the
 * table for a moment. Nothing is fetched for the page.
 */
export async function lazyPartsLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate((parts) => {
        const fetched = new Set(
          performance.getEntriesByType('resource').map((entry) => entry.name),
        );
        const needed = [
          ...document.querySelectorAll<HTMLLinkElement>(
            'link[rel="modulepreload"], link[rel="stylesheet"]',
          ),
        ].map((link) => link.href);
        return (
          parts.every((part) =>
            [...fetched].some((name) => new URL(name).pathname.startsWith(`/assets/${part}-`)),
          ) && needed.every((href) => fetched.has(href))
        );
      }, LAZY_PARTS),
    )
    .toBe(true);
}
