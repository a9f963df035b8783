import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { connect, createToken, lazyPartsLoaded, rowOf, screenshot } from './support/app';
import { startFaultProxy, type FaultMode, type FaultProxy } from './support/fault-proxy';
import { startService, type RunningService } from './support/service';

/**
 * The dashboard against a service that stops, answers slowly, fails or answers with something
 * else, through a proxy that misbehaves on demand in front of the real service. For each fault:
 * the table, the create form and the edit form say what happened where the person acted, keep
 * what was typed, and work again once the service is back, without reloading the page.
 */
const SERVICE_MESSAGE = 'The database is busy: try again in a moment.';

interface Fault {
  label: string;
  mode: FaultMode;
  /** What the person is told, where they acted; null for a slow answer that then arrives. */
  message: RegExp | null;
}

const FAULTS: Fault[] = [
  {
    label: 'stopped',
    mode: { kind: 'refuse' },
    message: /Cannot reach the server at 127\.0\.0\.1/,
  },
  { label: 'slow', mode: { kind: 'delay', ms: 5_000 }, message: null },
  {
    label: '500',
    mode: { kind: 'error', message: SERVICE_MESSAGE },
    message: new RegExp(SERVICE_MESSAGE.replace(/[.:]/g, '\\$&')),
  },
  {
    label: 'not-json',
    mode: { kind: 'not-json' },
    message: /answered with something that is not a token API response \(HTTP 200\)/,
  },
];

const SLOW_TABLE = 'The server is slow; still waiting…';
const SLOW_FORM = 'The server is slow to answer. Still waiting; what you typed is kept.';
/** The list polls every 5 s while the service is away, after two retries. */
const RECOVERY = { timeout: 20_000 };

let own: RunningService;
let proxy: FaultProxy;

test.beforeAll(async ({ request }) => {
  own = await startService();
  for (const name of ['Steady one', 'Steady two', 'Steady three']) {
    await createToken(request, { name, remain_quota: 1_000_000 }, own.adminKey, own.url);
  }
  proxy = await startFaultProxy(own.url);
});
test.afterAll(async () => {
  await proxy.close();
  await own.stop();
});
test.afterEach(async () => proxy.setMode({ kind: 'pass' }));

async function openDashboard(page: Page) {
  await connect(page, own.adminKey, proxy.url);
  await expect(rowOf(page, 'Steady one')).toBeVisible();
  // The forms open while the service is away once the dashboard has preloaded them by itself.
  await lazyPartsLoaded(page);
}

for (const fault of FAULTS) {
  test(`service ${fault.label}: table, create and edit explain it, keep the input and recover`, async ({
    page,
  }) => {
    await openDashboard(page);
    const search = page.getByRole('searchbox', { name: 'Search' });

    // The table, loading a new view.
    await proxy.setMode(fault.mode);
    await search.fill('Steady t');
    if (fault.message) {
      const alert = page.getByRole('alert').filter({ hasText: 'The tokens could not be loaded' });
      await expect(alert).toContainText(fault.message);
      await expect(alert).toContainText('Trying again by itself every few seconds.');
      await screenshot(page, `fault-${fault.label}-table`);
      await expect(search).toHaveValue('Steady t');
      await proxy.setMode({ kind: 'pass' });
      await expect(alert).toBeHidden(RECOVERY);
    } else {
      await expect(page.getByRole('status').filter({ hasText: SLOW_TABLE })).toBeVisible();
      await screenshot(page, `fault-${fault.label}-table`);
      await proxy.setMode({ kind: 'pass' });
    }
    await expect(rowOf(page, 'Steady two')).toBeVisible(RECOVERY);
    await expect(rowOf(page, 'Steady three')).toBeVisible();
    await expect(rowOf(page, 'Steady one')).toHaveCount(0);
    await search.fill('');

    // Creating.
    const created = `Made while ${fault.label}`;
    await page.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create token' });
    await form.getByLabel('Name').fill(created);
    await form.getByRole('textbox', { name: 'Quota' }).fill('3');
    await proxy.setMode(fault.mode);
    await form.getByRole('button', { name: 'Create token' }).click();
    if (fault.message) {
      await expect(form.getByRole('alert')).toContainText(fault.message);
      // Said in the form alone: no notification besides it covers the form's buttons.
      await expect(page.getByRole('alert').filter({ hasText: fault.message })).toHaveCount(1);
      await screenshot(page, `fault-${fault.label}-create`);
      await expect(form.getByLabel('Name')).toHaveValue(created);
      await expect(form.getByRole('textbox', { name: 'Quota' })).toHaveValue('3');
      await proxy.setMode({ kind: 'pass' });
      await form.getByRole('button', { name: 'Create token' }).click();
    } else {
      await expect(form.getByRole('status')).toHaveText(SLOW_FORM);
      await expect(form.getByLabel('Name')).toHaveValue(created);
      await screenshot(page, `fault-${fault.label}-create`);
    }
    const shown = page.getByRole('dialog', { name: 'Token created' });
    await expect(shown.getByTestId('new-key')).toHaveText(/^sk-[0-9A-Za-z]{48}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(rowOf(page, created).getByText('$3.00')).toBeVisible();
    await proxy.setMode({ kind: 'pass' });

    // Editing.
    const renamed = `${created}, renamed`;
    await rowOf(page, created).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit token' });
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByRole('textbox', { name: 'Quota' }).fill('4');
    await proxy.setMode(fault.mode);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    if (fault.message) {
      await expect(edit.getByRole('alert')).toContainText(fault.message);
      await expect(page.getByRole('alert').filter({ hasText: fault.message })).toHaveCount(1);
      await expect(edit.getByLabel('Name')).toHaveValue(renamed);
      await expect(edit.getByRole('textbox', { name: 'Quota' })).toHaveValue('4');
      await proxy.setMode({ kind: 'pass' });
      await edit.getByRole('button', { name: 'Save changes' }).click();
    } else {
      await expect(edit.getByRole('status')).toHaveText(SLOW_FORM);
    }
    await expect(edit).toBeHidden(RECOVERY);
    await expect(rowOf(page, renamed).getByText('$4.00')).toBeVisible();
  });
}

test('switching language while the service is stopped works: the page fetched it ahead', async ({
  page,
}) => {
  await openDashboard(page);
  await lazyPartsLoaded(page);
  await proxy.setMode({ kind: 'refuse' });
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { name: '令牌' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(rowOf(page, 'Steady one')).toBeVisible();
  await proxy.setMode({ kind: 'pass' });
});
