import { expect, test, type Page } from '@playwright/test';
import { startNewApiEmulator } from './emulators/new-api';
import { startOneApiEmulator } from './emulators/one-api';
import type { EmulatorHandle, StoredToken } from './emulators/shared';
import { rowOf } from './support/app';
import { startService, type RunningService } from './support/service';

/**
 * The dashboard's everyday flows against emulated one-api and new-api gateways, reached the
 * way people reach theirs: through this service in proxy mode (UPSTREAM_URL).
 */
const ACCESS_TOKEN = 'gateway-access-token-0123456789';
const DAY = 86_400;

interface Gateway {
  label: string;
  start: () => Promise<EmulatorHandle>;
  /** Fills the connect screen's Advanced part where the gateway needs it. */
  advanced?: (page: Page) => Promise<void>;
  pageText: RegExp;
  returnsNewKeys: boolean;
}

const gateways: Gateway[] = [
  {
    label: 'one-api',
    start: () => startOneApiEmulator({ accessToken: ACCESS_TOKEN, rateLimit: false }),
    pageText: /^Page 1$/,
    returnsNewKeys: true,
  },
  {
    label: 'new-api',
    start: () =>
      startNewApiEmulator({
        accessToken: ACCESS_TOKEN,
        userId: 1,
        requireUserHeader: true,
        rateLimit: false,
        searchLimit: false,
        revealLimit: false,
      }),
    advanced: async (page) => {
      await page.getByRole('button', { name: 'Advanced' }).click();
      await page.getByLabel('User ID (new-api)').fill('1');
    },
    pageText: /^1–10 of 15$/,
    returnsNewKeys: false,
  },
];

for (const gateway of gateways) {
  test.describe(`managing tokens on ${gateway.label}`, () => {
    let emulator: EmulatorHandle;
    let service: RunningService;
    const now = Math.floor(Date.now() / 1000);

    test.beforeEach(async () => {
      emulator = await gateway.start();
      emulator.seed(
        Array.from({ length: 15 }, (_, i) => ({
          name: `seed ${String(i + 1).padStart(2, '0')}`,
          remain_quota: (i + 1) * 100_000,
          expired_time: i === 0 ? now + 30 * DAY : -1,
        })) as Partial<StoredToken>[],
      );
      service = await startService({ env: { UPSTREAM_URL: emulator.url } });
    });

    test.afterEach(async () => {
      await service.stop();
      await emulator.close();
    });

    async function connect(page: Page) {
      await page.goto(service.url);
      await page.getByLabel('Admin key').fill(ACCESS_TOKEN);
      await gateway.advanced?.(page);
      await page.getByRole('button', { name: 'Connect' }).click();
      await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();
    }

    const stored = (name: string) => emulator.tokens().find((t) => t.name === name);

    test('connects, lists with paging and searches', async ({ page }) => {
      await connect(page);
      await expect(rowOf(page, 'seed 15')).toBeVisible();
      await expect(page.getByText(gateway.pageText)).toBeVisible();
      await page
        .getByRole('button', { name: 'Next', exact: true })
        .or(page.getByRole('button', { name: '2' }))
        .click();
      await expect(rowOf(page, 'seed 01')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill('seed 1');
      await expect(rowOf(page, 'seed 12')).toBeVisible();
      await expect(rowOf(page, 'seed 09')).toHaveCount(0);
    });

    test('creates a token and tells how to get its key', async ({ page }) => {
      await connect(page);
      await page.getByRole('button', { name: 'Create token' }).click();
      const form = page.getByRole('dialog', { name: 'Create token' });
      await form.getByLabel('Name').fill('made here');
      await form.getByRole('button', { name: 'Create token' }).click();
      const done = page.getByRole('dialog', { name: 'Token created' });
      const key = stored('made here')?.key;
      expect(key).toMatch(/^[0-9A-Za-z]{48}$/);
      if (gateway.returnsNewKeys) {
        await expect(done.getByTestId('new-key')).toHaveText(`sk-${key}`);
      } else {
        await expect(done.getByText('This server does not return new keys')).toBeVisible();
      }
      await done.getByRole('button', { name: 'Done' }).click();
      await expect(rowOf(page, 'made here')).toBeVisible();
    });

    test('editing the name keeps expiry, quota flags, models and subnet as they were', async ({
      page,
    }) => {
      const before = stored('seed 01')!;
      await connect(page);
      await page
        .getByRole('button', { name: 'Next', exact: true })
        .or(page.getByRole('button', { name: '2' }))
        .click();
      await rowOf(page, 'seed 01').getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('dialog', { name: 'Edit token' });
      await form.getByLabel('Name').fill('renamed 01');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(form).toBeHidden();
      const after = stored('renamed 01')!;
      const { name: _before, ...keptBefore } = before;
      const { name: _after, ...keptAfter } = after;
      expect(keptAfter).toEqual(keptBefore);
    });

    test('disables and enables, copies the whole key, deletes', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await connect(page);
      const row = rowOf(page, 'seed 15');
      await row.getByRole('button', { name: 'Disable' }).click();
      await expect(row.getByText('Disabled')).toBeVisible();
      expect(stored('seed 15')?.status).toBe(2);
      await row.getByRole('button', { name: 'Enable' }).click();
      await expect(row.getByText('Enabled')).toBeVisible();
      expect(stored('seed 15')?.status).toBe(1);

      await row.getByRole('button', { name: 'Copy key' }).click();
      await expect(page.getByText('Key of “seed 15” copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `sk-${stored('seed 15')?.key}`,
      );

      await row.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete token' })
        .getByRole('button', { name: 'Delete token' })
        .click();
      await expect(rowOf(page, 'seed 15')).toHaveCount(0);
      expect(stored('seed 15')).toBeUndefined();
    });

    test('bulk-deletes the selected tokens', async ({ page }) => {
      await connect(page);
      await page.getByRole('checkbox', { name: 'Select seed 15' }).check();
      await page.getByRole('checkbox', { name: 'Select seed 14' }).check();
      await page
        .getByRole('region', { name: 'Selected tokens' })
        .getByRole('button', { name: 'Delete' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Delete tokens' });
      await dialog.getByRole('button', { name: 'Delete tokens (2)' }).click();
      await expect(dialog.getByText('Done for 2 of 2')).toBeVisible();
      expect(stored('seed 15')).toBeUndefined();
      expect(stored('seed 14')).toBeUndefined();
      expect(stored('seed 13')).toBeDefined();
    });
  });
}

test('a gateway’s Chinese refusal reaches the person with a translation', async ({ page }) => {
  const emulator = await startOneApiEmulator({ accessToken: ACCESS_TOKEN, rateLimit: false });
  const service = await startService({ env: { UPSTREAM_URL: emulator.url } });
  try {
    await page.goto(service.url);
    await page.getByLabel('Admin key').fill(ACCESS_TOKEN);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create token' });
    await form.getByLabel('Name').fill('a name far longer than thirty bytes');
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect(form.getByRole('alert')).toContainText('令牌名称过长');
    await expect(form.getByRole('alert')).toContainText(
      'The token name is too long for this server.',
    );
    await expect(form.getByLabel('Name')).toHaveValue('a name far longer than thirty bytes');
  } finally {
    await service.stop();
    await emulator.close();
  }
});

test('one-api’s 429 with an empty body becomes a clear message', async ({ page }) => {
  const emulator = await startOneApiEmulator({
    accessToken: ACCESS_TOKEN,
    rateLimit: { max: 2, windowMs: 60_000 },
  });
  const service = await startService({ env: { UPSTREAM_URL: emulator.url } });
  try {
    await page.goto(service.url);
    await page.getByLabel('Admin key').fill(ACCESS_TOKEN);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText(/Too many requests/).first()).toBeVisible();
  } finally {
    await service.stop();
    await emulator.close();
  }
});

test('an unreachable upstream is named in the message', async ({ page }) => {
  const service = await startService({ env: { UPSTREAM_URL: 'http://127.0.0.1:9' } });
  try {
    await page.goto(service.url);
    await page.getByLabel('Admin key').fill(ACCESS_TOKEN);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Cannot reach the upstream gateway at 127.0.0.1:9' }),
    ).toBeVisible();
  } finally {
    await service.stop();
  }
});
