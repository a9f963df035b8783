import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createHash } from 'node:crypto';
import {
  startLiteLlmEmulator,
  type LiteLlmEmulatorHandle,
  type StoredKey,
} from './emulators/litellm';
import { rowOf } from './support/app';
import { startService, type RunningService } from './support/service';

/**
 * The gateways' everyday flows against an emulated LiteLLM proxy, reached the way people reach
 * theirs: through this service in proxy mode (UPSTREAM_URL), with the proxy's master key.
 */
const MASTER_KEY = 'sk-litellm-master-0123456789';
const DAY = 86_400;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What "seed 01" holds besides the usual: every field an edit of its name must keep. */
const richSeed = (now: number): Partial<StoredKey> => ({
  expires: new Date((now + 30 * DAY) * 1000).toISOString(),
  max_budget: 10,
  spend: 1.5,
  models: ['gpt-4o', 'gpt-4o-mini'],
  rpm_limit: 60,
  tpm_limit: 90_000,
  budget_duration: '7d',
  budget_reset_at: new Date((now + 3 * DAY) * 1000).toISOString(),
  metadata: { team: 'core' },
});

async function connect(page: Page, url: string) {
  await page.goto(url);
  await page.getByLabel('Admin key').fill(MASTER_KEY);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();
}

/** The second page of ten. */
async function nextPage(page: Page) {
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await page.getByRole('button', { name: '2' }).click();
}

test.describe('managing tokens on LiteLLM', () => {
  let emulator: LiteLlmEmulatorHandle;
  let service: RunningService;
  const now = Math.floor(Date.now() / 1000);

  test.beforeAll(async () => {
    emulator = await startLiteLlmEmulator({ masterKey: MASTER_KEY });
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
        key_alias: `seed ${String(i + 1).padStart(2, '0')}`,
        max_budget: (i + 1) * 0.2,
        ...(i === 0 ? richSeed(now) : {}),
      })),
    );
  });

  const stored = (alias: string) => emulator.keys().find((key) => key.key_alias === alias);
  /** Signed in, with the edit form of seed 01 (on the second page) open. */
  const editSeed01 = async (page: Page) => {
    await connect(page, service.url);
    await nextPage(page);
    await rowOf(page, 'seed 01').getByRole('button', { name: 'Edit' }).click();
    return page.getByRole('dialog', { name: 'Edit token' });
  };

  test('connects, lists with paging and searches as one types', async ({ page }) => {
    // Detected: /api/status is FastAPI's 404, and proxy mode forwards LiteLLM's key list.
    await connect(page, service.url);
    await expect(rowOf(page, 'seed 15')).toBeVisible();
    await expect(rowOf(page, 'seed 15').getByText('sk-...')).toHaveText(
      stored('seed 15')!.key_name!,
    );
    await nextPage(page);
    await expect(rowOf(page, 'seed 01')).toBeVisible();
    await expect(page.getByText(/^11–15 of 15$/)).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.pressSequentially('seed 1');
    for (const digit of ['5', '4', '3']) {
      await search.press(digit);
      await search.press('Backspace');
    }
    await search.press('0');
    await expect(rowOf(page, 'seed 10')).toBeVisible();
    await expect(rowOf(page, 'seed 11')).toHaveCount(0);
  });

  test('finds a token by part of its name', async ({ page }) => {
    await connect(page, service.url);
    await expect(rowOf(page, 'seed 15')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('ED 12');
    await expect(rowOf(page, 'seed 12')).toBeVisible();
    await expect(rowOf(page, 'seed 15')).toHaveCount(0);
  });

  test('creates a token with a budget, models, limits and a refill, and shows its key once', async ({
    page,
  }) => {
    await connect(page, service.url);
    await page.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create token' });
    await form.getByLabel('Name').fill('made here');
    await form.getByRole('textbox', { name: 'Quota' }).fill('5');
    await form.getByRole('radiogroup', { name: 'Refills' }).getByText('Weekly').click();
    await expect(form.getByText(/the key gets its whole budget again/)).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Refill to' })).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Requests per minute' }).fill('60');
    await form.getByRole('textbox', { name: 'Tokens per minute' }).fill('1000');
    await form.getByRole('button', { name: 'Advanced' }).click();
    await form.getByLabel('Allowed models').fill('gpt-4o');
    const ranges = form.getByRole('textbox', { name: 'Allowed IP ranges' });
    await expect(ranges).toBeDisabled();
    await expect(ranges).toHaveAccessibleDescription(
      'LiteLLM has no IP ranges per key: any address may use it.',
    );
    await form.getByRole('button', { name: 'Create token' }).click();

    const done = page.getByRole('dialog', { name: 'Token created' });
    await expect(done).toBeVisible();
    const created = stored('made here');
    expect(created).toMatchObject({
      max_budget: 5,
      models: ['gpt-4o'],
      rpm_limit: 60,
      tpm_limit: 1000,
      budget_duration: '7d',
    });
    // The whole key, shown this once, is the one LiteLLM keeps the hash of.
    const shown = await done.getByTestId('new-key').textContent();
    expect(sha256(shown!)).toBe(created!.token);
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(rowOf(page, 'made here')).toBeVisible();
  });

  test('editing the name keeps expiry, budget, models, limits and refill as they were', async ({
    page,
  }) => {
    const before = stored('seed 01')!;
    const form = await editSeed01(page);
    await expect(form.getByRole('textbox', { name: 'Tokens per minute' })).toHaveValue('90000');
    await form.getByLabel('Name').fill('renamed 01');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    // Only the alias was sent: the expiry, sent again, would have moved by the seconds elapsed.
    expect(stored('renamed 01')).toEqual({
      ...before,
      key_alias: 'renamed 01',
      updated_at: expect.any(String),
    });
  });

  test('saves the allowed models and the budget left where LiteLLM keeps them', async ({
    page,
  }) => {
    const before = stored('seed 01')!;
    const form = await editSeed01(page);
    await expect(form.getByLabel('Allowed models')).toHaveValue('gpt-4o,gpt-4o-mini');
    // $10 budget, $1.50 spent: $8.50 left; $4 left makes a budget of $5.50.
    await expect(form.getByRole('textbox', { name: 'Quota' })).toHaveValue('8.5');
    await form.getByRole('textbox', { name: 'Quota' }).fill('4');
    await form.getByLabel('Allowed models').fill('o3, gpt-4o');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    expect(stored('seed 01')).toEqual({
      ...before,
      max_budget: 5.5,
      models: ['o3', 'gpt-4o'],
      updated_at: expect.any(String),
    });
  });

  test('disables and enables, says why there is no Copy key, deletes', async ({ page }) => {
    await connect(page, service.url);
    const row = rowOf(page, 'seed 15');
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByText('Disabled')).toBeVisible();
    await expect.poll(() => stored('seed 15')?.blocked).toBe(true);
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(row.getByText('Enabled')).toBeVisible();
    await expect.poll(() => stored('seed 15')?.blocked).toBe(false);

    await expect(row.getByRole('button', { name: 'Copy key' })).toBeDisabled();
    await page.getByRole('link', { name: 'seed 15', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Token: seed 15' });
    await expect(drawer.getByRole('button', { name: 'Copy key' })).toHaveAccessibleDescription(
      'LiteLLM keeps only a hash of each key: the whole key is shown once, when the token is created.',
    );
    await expect(drawer.getByRole('button', { name: 'Rotate key…' })).toBeDisabled();
    await expect(drawer.getByRole('button', { name: 'Rotate key…' })).toHaveAccessibleDescription(
      /LiteLLM Enterprise feature/,
    );
    await drawer.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete token' })
      .getByRole('button', { name: 'Delete token' })
      .click();
    await expect(rowOf(page, 'seed 15')).toHaveCount(0);
    expect(stored('seed 15')).toBeUndefined();
  });

  test('bulk-deletes the selected tokens', async ({ page }) => {
    await connect(page, service.url);
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

  test('LiteLLM’s refusals reach the person in its words, a Python dict unwrapped', async ({
    page,
  }) => {
    await connect(page, service.url);
    await page.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create token' });
    await form.getByLabel('Name').fill('seed 03');
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect(form.getByRole('alert')).toContainText(
      "Key with alias 'seed 03' already exists. Unique key aliases across all keys are required.",
    );
    await expect(form.getByLabel('Name')).toHaveValue('seed 03');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    // Deleted elsewhere meanwhile: LiteLLM says so as {'error': 'No keys found'}.
    const row = rowOf(page, 'seed 15');
    await expect(row).toBeVisible();
    const gone = stored('seed 15')!;
    await fetch(`${emulator.url}/key/delete`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${MASTER_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ keys: [gone.token] }),
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete token' })
      .getByRole('button', { name: 'Delete token' })
      .click();
    await expect(page.getByText('No keys found', { exact: true }).first()).toBeVisible();
    await expect(page.getByText("{'error'")).toHaveCount(0);
  });

  test('a token’s spend in USD and units, and usage from LiteLLM’s daily spend', async ({
    page,
  }) => {
    const bot = stored('seed 01')!;
    emulator.addSpend({
      apiKey: bot.token,
      count: 30,
      from: now - 3 * DAY,
      to: now - 3_600,
      models: ['gpt-4o', 'claude-3-haiku'],
      spend: 0.1,
    });
    await connect(page, service.url);
    await nextPage(page);
    // $1.50 spent of $10: 750,000 units at the default ratio.
    await page.getByRole('link', { name: 'seed 01', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Token: seed 01' });
    await expect(drawer.getByText('750,000 units').first()).toBeVisible();
    await expect(drawer.getByText('$8.50').first()).toBeVisible();
    const usage = drawer.getByRole('region', { name: 'Usage' });
    await expect(usage.getByText('$3.00', { exact: true }).first()).toBeVisible();
    const models = usage.getByRole('table', { name: 'By model' });
    await expect(models.getByRole('row').nth(1)).toContainText(/15\s*\$1\.50/);
    await expect(models.getByRole('row').nth(2)).toContainText(/15\s*\$1\.50/);
    await expect(usage.getByText('Denied', { exact: true })).toHaveCount(0);
    await expect(drawer.getByText('90,000 tokens per minute')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Usage', exact: true }).click();
    const top = page.getByRole('table', { name: 'Top 10 tokens' });
    await expect(top.getByRole('row').nth(1)).toContainText('seed 01');
  });
});

test('on a LiteLLM without /key/aliases, names are searched over its newest keys', async ({
  page,
}) => {
  const emulator = await startLiteLlmEmulator({ masterKey: MASTER_KEY, aliasesRoute: false });
  emulator.seed([{ key_alias: 'alpha bot' }, { key_alias: 'beta' }, { key_alias: 'gamma bot' }]);
  const service = await startService({ env: { UPSTREAM_URL: emulator.url } });
  try {
    await connect(page, service.url);
    await page.getByRole('searchbox', { name: 'Search' }).fill('BOT');
    await expect(rowOf(page, 'alpha bot')).toBeVisible();
    await expect(rowOf(page, 'gamma bot')).toBeVisible();
    await expect(rowOf(page, 'beta')).toHaveCount(0);
    await expect(page.getByText(/all 3 tokens were fetched/)).toBeVisible();
  } finally {
    await service.stop();
    await emulator.close();
  }
});
