import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { startNewApiEmulator } from './emulators/new-api';
import { startOneApiEmulator } from './emulators/one-api';
import type { EmulatorHandle, StoredToken } from './emulators/gateway/types';
import { rowOf } from './support/app';
import { ACCESS_TOKEN, connectToGateway, type AdvancedConnect } from './support/gateway';
import { startService, type RunningService } from './support/service';

/**
 * The dashboard's everyday flows against emulated one-api and new-api gateways, reached the
 * way people reach theirs: through this service in proxy mode (UPSTREAM_URL).
 */
const DAY = 86_400;

interface Gateway {
  label: string;
  /** With the gateway's own rate limits, as a real one has them. */
  start: () => Promise<EmulatorHandle>;
  /** Fills the connect screen's Advanced part where the gateway needs it. */
  advanced?: AdvancedConnect;
  pageText: RegExp;
  returnsNewKeys: boolean;
  /** What "seed 01" holds besides the usual: every field an edit of its name must keep. */
  richSeed: (now: number) => Partial<StoredToken>;
  /** How the gateway stores the allowed models and IP ranges typed into the form. */
  storedLimits: (models: string[], ranges: string[]) => Partial<StoredToken>;
}

const gateways: Gateway[] = [
  {
    label: 'one-api',
    start: () => startOneApiEmulator({ accessToken: ACCESS_TOKEN }),
    pageText: /^Page 1$/,
    returnsNewKeys: true,
    richSeed: (now) => ({
      expired_time: now + 30 * DAY,
      unlimited_quota: true,
      models: 'gpt-4o,gpt-4o-mini',
      subnet: '10.0.0.0/8,192.168.1.0/24',
    }),
    storedLimits: (models, ranges) => ({ models: models.join(','), subnet: ranges.join(',') }),
  },
  {
    label: 'new-api',
    // A release before v1.0, whose search matches names exactly unless given `%`.
    start: () =>
      startNewApiEmulator({
        accessToken: ACCESS_TOKEN,
        userId: 1,
        requireUserHeader: true,
        searchMode: 'exact',
      }),
    advanced: async (page) => {
      await page.getByRole('button', { name: 'Advanced' }).click();
      await page.getByLabel('User ID (new-api)').fill('1');
    },
    pageText: /^1–15 of 15$/,
    returnsNewKeys: false,
    richSeed: (now) => ({
      expired_time: now + 30 * DAY,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
      allow_ips: '10.0.0.0/8\n192.168.1.0/24',
      group: 'auto',
      cross_group_retry: true,
    }),
    storedLimits: (models, ranges) => ({
      model_limits_enabled: models.length > 0,
      model_limits: models.join(','),
      allow_ips: ranges.join('\n'),
    }),
  },
];

/** The second page of ten: one-api's only size, which new-api's fifteen fill past too. */
async function nextPage(page: Page) {
  const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await expect(pageSize.or(next)).toBeVisible();
  if (await pageSize.isVisible()) await pageSize.selectOption('10');
  await next.or(page.getByRole('button', { name: '2' })).click();
}

for (const gateway of gateways) {
  test.describe(`managing tokens on ${gateway.label}`, () => {
    let emulator: EmulatorHandle;
    let service: RunningService;
    const now = Math.floor(Date.now() / 1000);

    // One gateway and one service for the group; each test starts from fresh tokens and fresh
    // rate-limit counts.
    test.beforeAll(async () => {
      emulator = await gateway.start();
      service = await startService({ env: { UPSTREAM_URL: emulator.url } });
    });

    test.afterAll(async () => {
      await service?.stop();
      await emulator?.close();
    });

    test.beforeEach(() => {
      emulator.reset();
      emulator.seed(
        Array.from({ length: 15 }, (_, i) => ({
          name: `seed ${String(i + 1).padStart(2, '0')}`,
          remain_quota: (i + 1) * 100_000,
          ...(i === 0 ? gateway.richSeed(now) : {}),
        })) as Partial<StoredToken>[],
      );
    });

    const connect = (page: Page) => connectToGateway(service.url, page, gateway.advanced);
    const stored = (name: string) => emulator.tokens().find((t) => t.name === name);

    test('connects, lists with paging and searches as one types', async ({ page }) => {
      await connect(page);
      await expect(rowOf(page, 'seed 15')).toBeVisible();
      await expect(page.getByText(gateway.pageText)).toBeVisible();
      await nextPage(page);
      await expect(rowOf(page, 'seed 01')).toBeVisible();
      // Typed key by key, with second thoughts: more changes than new-api allows searches a minute.
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.pressSequentially('seed 1');
      for (const digit of ['5', '4', '3', '2', '1']) {
        await search.press(digit);
        await search.press('Backspace');
      }
      await search.press('0');
      await expect(rowOf(page, 'seed 10')).toBeVisible();
      await expect(rowOf(page, 'seed 11')).toHaveCount(0);
      await expect(page.getByText(/too many requests|limits how often/i)).toHaveCount(0);
    });

    test('finds a token by part of its name', async ({ page }) => {
      await connect(page);
      await expect(rowOf(page, 'seed 15')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill('ed 12');
      await expect(rowOf(page, 'seed 12')).toBeVisible();
      await expect(rowOf(page, 'seed 15')).toHaveCount(0);
    });

    test('creates a token with allowed models and IP ranges, and tells how to get its key', async ({
      page,
    }) => {
      await connect(page);
      await page.getByRole('button', { name: 'Create token' }).click();
      const form = page.getByRole('dialog', { name: 'Create token' });
      await form.getByLabel('Name').fill('made here');
      await form.getByRole('button', { name: 'Advanced' }).click();
      await form.getByLabel('Allowed models').fill('gpt-4o');
      await form.getByLabel('Allowed IP ranges').fill('10.0.0.0/8,172.16.0.0/12');
      await form.getByRole('button', { name: 'Create token' }).click();
      const done = page.getByRole('dialog', { name: 'Token created' });
      await expect(done).toBeVisible();
      const created = stored('made here');
      expect(created?.key).toMatch(/^[0-9A-Za-z]{48}$/);
      expect(created).toMatchObject(
        gateway.storedLimits(['gpt-4o'], ['10.0.0.0/8', '172.16.0.0/12']),
      );
      if (gateway.returnsNewKeys) {
        await expect(done.getByTestId('new-key')).toHaveText(`sk-${created?.key}`);
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
      expect(before).toMatchObject(gateway.richSeed(now));
      await connect(page);
      await nextPage(page);
      await rowOf(page, 'seed 01').getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('dialog', { name: 'Edit token' });
      await form.getByLabel('Name').fill('renamed 01');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(form).toBeHidden();
      expect(stored('renamed 01')).toEqual({ ...before, name: 'renamed 01' });
    });

    test('shows the allowed models and IP ranges and saves them where the gateway keeps them', async ({
      page,
    }) => {
      const before = stored('seed 01')!;
      await connect(page);
      await nextPage(page);
      await rowOf(page, 'seed 01').getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('dialog', { name: 'Edit token' });
      await expect(form.getByLabel('Allowed models')).toHaveValue('gpt-4o,gpt-4o-mini');
      await expect(form.getByLabel('Allowed IP ranges')).toHaveValue('10.0.0.0/8,192.168.1.0/24');
      await form.getByLabel('Allowed models').fill('o3,gpt-4o');
      await form.getByLabel('Allowed IP ranges').fill('172.16.0.0/12');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(form).toBeHidden();
      expect(stored('seed 01')).toEqual({
        ...before,
        ...gateway.storedLimits(['o3', 'gpt-4o'], ['172.16.0.0/12']),
      });
    });

    test('disables and enables, copies the whole key, deletes', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await connect(page);
      const row = rowOf(page, 'seed 15');
      await row.getByRole('button', { name: 'Disable' }).click();
      // The row changes before the gateway answers; the gateway's copy follows.
      await expect(row.getByText('Disabled')).toBeVisible();
      await expect.poll(() => stored('seed 15')?.status).toBe(2);
      await row.getByRole('button', { name: 'Enable' }).click();
      await expect(row.getByText('Enabled')).toBeVisible();
      await expect.poll(() => stored('seed 15')?.status).toBe(1);

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

test('new-api’s search and reveal limits are named, with what to do', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const emulator = await startNewApiEmulator({
    accessToken: ACCESS_TOKEN,
    userId: 1,
    searchLimit: { max: 1, windowMs: 60_000 },
    revealLimit: { max: 1, windowMs: 60_000 },
  });
  emulator.seed([{ name: 'alpha' }, { name: 'beta' }]);
  const service = await startService({ env: { UPSTREAM_URL: emulator.url } });
  try {
    await connectToGateway(service.url, page, gateways[1]?.advanced);
    // The whole list first: beta leaving it is then the first search's answer.
    await expect(rowOf(page, 'beta')).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('alp');
    await expect(rowOf(page, 'alpha')).toBeVisible();
    await expect(rowOf(page, 'beta')).toHaveCount(0);
    await search.fill('bet');
    await expect(
      page.getByText(
        'The server limits how often one may search: wait a moment, then search again.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();

    const row = rowOf(page, 'beta');
    await row.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText('Key of “beta” copied')).toBeVisible();
    await row.getByRole('button', { name: 'Copy key' }).click();
    await expect(
      page.getByText('The server limits how many keys can be revealed: try again later.'),
    ).toBeVisible();
  } finally {
    await service.stop();
    await emulator.close();
  }
});

test('a gateway’s Chinese refusal reaches the person with a translation', async ({ page }) => {
  const emulator = await startOneApiEmulator({ accessToken: ACCESS_TOKEN });
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
