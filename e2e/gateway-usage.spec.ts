import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { startNewApiEmulator } from './emulators/new-api';
import { startOneApiEmulator } from './emulators/one-api';
import type { EmulatorHandle } from './emulators/gateway/types';
import { ACCESS_TOKEN, connectToGateway } from './support/gateway';
import { startService, type RunningService } from './support/service';

/**
 * What a token spent on one-api and new-api, summed from their consumption logs through this
 * service in proxy mode; and the lifecycle controls those servers cannot offer.
 */
const HOUR = 3_600;
const DAY = 86_400;

const gateways = [
  {
    label: 'one-api',
    // With the gateways' own rate limits: the bound leaves room under them.
    start: () => startOneApiEmulator({ accessToken: ACCESS_TOKEN }),
    bound: '2,000',
    boundCount: 2_000,
  },
  {
    label: 'new-api',
    start: () => startNewApiEmulator({ accessToken: ACCESS_TOKEN, userId: 1 }),
    bound: '10,000',
    boundCount: 10_000,
    advanced: async (page: Page) => {
      await page.getByRole('button', { name: 'Advanced' }).click();
      await page.getByLabel('User ID (new-api)').fill('1');
    },
  },
];

for (const gateway of gateways) {
  test.describe(`usage on ${gateway.label}`, () => {
    let emulator: EmulatorHandle;
    let service: RunningService;

    test.beforeAll(async () => {
      emulator = await gateway.start();
      service = await startService({ env: { UPSTREAM_URL: emulator.url } });
    });
    test.afterAll(async () => {
      await service?.stop();
      await emulator?.close();
    });
    test.beforeEach(() => emulator.reset());

    const connect = (page: Page) => connectToGateway(service.url, page, gateway.advanced);

    test('a token’s spending comes from the logs; refills, limits and rotation say why not', async ({
      page,
    }) => {
      emulator.seed([{ name: 'logged bot', remain_quota: 5_000_000 }, { name: 'quiet one' }]);
      const now = Math.floor(Date.now() / 1000);
      // 30 requests over the last three days, half on each model, $0.10 each.
      emulator.addLogs({
        tokenName: 'logged bot',
        count: 30,
        from: now - 3 * DAY,
        to: now - HOUR,
        models: ['gpt-4o', 'claude-3-haiku'],
        quota: 50_000,
      });
      emulator.addLogs({ tokenName: 'quiet one', count: 2, from: now - DAY, to: now, quota: 1 });
      await connect(page);
      await page.getByRole('link', { name: 'logged bot', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Token: logged bot' });
      const usage = drawer.getByRole('region', { name: 'Usage' });
      await expect(
        usage.getByText('Summed from 30 consumption logs', { exact: false }),
      ).toBeVisible();
      await expect(usage.getByText('$3.00', { exact: true }).first()).toBeVisible();
      const models = usage.getByRole('table', { name: 'By model' });
      await expect(models.getByRole('row').nth(1)).toContainText(/15\s*\$1\.50/);
      await expect(models.getByRole('row').nth(2)).toContainText(/15\s*\$1\.50/);
      await expect(usage.locator('canvas').first()).toBeVisible();
      // The logs hold no refused requests, so no denied count is claimed.
      await expect(usage.getByText('Denied', { exact: true })).toHaveCount(0);

      await expect(
        drawer.getByText(
          'one-api and new-api have no refills, rate limits per token or key rotation.',
        ),
      ).toBeVisible();
      await expect(drawer.getByRole('button', { name: 'Rotate key…' })).toBeDisabled();
      await drawer.getByRole('button', { name: 'Close' }).click();

      // The form shows refills and the rate limit switched off, and says why.
      await page.getByRole('button', { name: 'Create token' }).click();
      const form = page.getByRole('dialog', { name: 'Create token' });
      await expect(form.getByRole('textbox', { name: 'Requests per minute' })).toBeDisabled();
      await expect(
        form.getByRole('textbox', { name: 'Requests per minute' }),
      ).toHaveAccessibleDescription(
        'one-api and new-api have no refills or rate limits per token.',
      );
      for (const radio of await form
        .getByRole('radiogroup', { name: 'Refills' })
        .getByRole('radio')
        .all())
        await expect(radio).toBeDisabled();
      await form.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('link', { name: 'Usage', exact: true }).click();
      const top = page.getByRole('table', { name: 'Top 10 tokens' });
      await expect(top.getByRole('row').nth(1)).toContainText('logged bot');
      await expect(top.getByRole('row').nth(2)).toContainText('quiet one');
    });

    test('a range with more logs than the bound shows what was read and says it is partial', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      emulator.seed([{ name: 'busy bot' }]);
      const now = Math.floor(Date.now() / 1000);
      emulator.addLogs({
        tokenName: 'busy bot',
        count: gateway.boundCount + 1,
        from: now - 6 * DAY,
        to: now,
        quota: 10,
      });
      await connect(page);
      await page.getByRole('link', { name: 'busy bot', exact: true }).click();
      const usage = page
        .getByRole('dialog', { name: 'Token: busy bot' })
        .getByRole('region', { name: 'Usage' });
      await expect(usage.getByText('Partial figures')).toBeVisible({ timeout: 60_000 });
      await expect(usage).toContainText(`more than ${gateway.bound} logs`);
      await expect(usage).toContainText(`newest ${gateway.bound}`);
      // The figures shown are those of the logs read, in the totals and by model.
      await expect(usage.getByRole('table', { name: 'By model' })).toContainText(gateway.bound);
      // Reading them left the gateway's rate limit room for the list.
      await page
        .getByRole('dialog', { name: 'Token: busy bot' })
        .getByRole('button', { name: 'Close' })
        .click();
      await page.reload();
      await expect(page.getByRole('link', { name: 'busy bot', exact: true })).toBeVisible();
      await expect(page.getByText(/too many requests/i)).toHaveCount(0);
    });
  });
}

test('one-api’s rate limit stops a long read: the figures read so far are shown as partial', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const emulator = await startOneApiEmulator({
    accessToken: ACCESS_TOKEN,
    rateLimit: { max: 60, windowMs: 180_000 },
  });
  const service = await startService({ env: { UPSTREAM_URL: emulator.url } });
  try {
    emulator.seed([{ name: 'chatty' }]);
    const now = Math.floor(Date.now() / 1000);
    emulator.addLogs({ tokenName: 'chatty', count: 1_000, from: now - DAY, to: now, quota: 10 });
    await connectToGateway(service.url, page);
    await page.getByRole('link', { name: 'chatty', exact: true }).click();
    const usage = page
      .getByRole('dialog', { name: 'Token: chatty' })
      .getByRole('region', { name: 'Usage' });
    await expect(usage).toContainText('limits how often its logs may be read', { timeout: 60_000 });
  } finally {
    await service.stop();
    await emulator.close();
  }
});
