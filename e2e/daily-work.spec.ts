import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  ADMIN_KEY,
  connected,
  createToken,
  createTokenInForm,
  rowOf,
  screenshot,
  unique,
} from './support/app';
import { startService, type RunningService } from './support/service';

const connectTo = (page: Page, service: RunningService, path = '/') =>
  connected(page, `${service.url}${path}`, service.adminKey);

const namesInTable = (page: Page) =>
  page.getByRole('row').locator('td:nth-child(2)').allInnerTexts();

test.describe('finding tokens', () => {
  let own: RunningService;
  test.beforeAll(async ({ request }) => {
    own = await startService();
    const now = Math.floor(Date.now() / 1000);
    const fixtures = [
      { name: 'alpha backend', remain_quota: 3_000_000 },
      { name: 'beta worker', remain_quota: 1_000_000, expired_time: now + 3 * 86_400 },
      { name: 'gamma notebook', remain_quota: 0 },
      { name: 'delta old', remain_quota: 500, expired_time: now - 3600 },
      { name: 'epsilon spare', remain_quota: 2_000_000, unlimited_quota: true },
    ];
    for (const body of fixtures) await createToken(request, body, own.adminKey, own.url);
  });
  test.afterAll(async () => own.stop());

  test('search, status filter, sort and page size live in the address and survive reload and back', async ({
    page,
  }) => {
    await connectTo(page, own);
    await page.getByRole('searchbox', { name: 'Search' }).fill('ta');
    await expect(page).toHaveURL(/q=ta/);
    await expect.poll(() => namesInTable(page)).toEqual(['delta old', 'beta worker']);

    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await expect(page).toHaveURL(/order=name/);
    await expect.poll(() => namesInTable(page)).toEqual(['beta worker', 'delta old']);

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Expired' });
    await expect(page).toHaveURL(/status=3/);
    await expect.poll(() => namesInTable(page)).toEqual(['delta old']);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('ta');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('3');
    await expect.poll(() => namesInTable(page)).toEqual(['delta old']);

    await page.goBack();
    await expect(page).not.toHaveURL(/status=3/);
    await expect.poll(() => namesInTable(page)).toEqual(['beta worker', 'delta old']);
    await page.goForward();
    await expect.poll(() => namesInTable(page)).toEqual(['delta old']);

    // A copied link opens the same view in a new tab, once that tab has connected: the key is
    // kept per tab, the view is in the address.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await other.getByLabel('Admin key').fill(own.adminKey);
    await other.getByRole('button', { name: 'Connect' }).click();
    await expect(other.getByRole('combobox', { name: 'Status' })).toHaveValue('3');
    await expect.poll(() => namesInTable(other)).toEqual(['delta old']);
    await other.close();
  });

  test('sorts by remaining quota and marks tokens that expire within a week', async ({ page }) => {
    await connectTo(page, own, '/?order=-remain_quota');
    await expect
      .poll(async () => (await namesInTable(page)).slice(0, 3))
      .toEqual(['alpha backend', 'epsilon spare', 'beta worker']);
    await expect(page.getByRole('columnheader', { name: /Remaining/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(rowOf(page, 'beta worker').getByText('Expires soon')).toBeVisible();
    await expect(rowOf(page, 'alpha backend').getByText('Expires soon')).toHaveCount(0);
  });

  test('every sortable column sorts both ways from its header, kept in the address', async ({
    page,
  }) => {
    await connectTo(page, own);
    const columns: Array<[string, string]> = [
      ['Used', 'used_quota'],
      ['Expires', 'expired_time'],
      ['Last used', 'accessed_time'],
      ['Created', 'created_time'],
    ];
    for (const [label, field] of columns) {
      const header = page.getByRole('columnheader', { name: new RegExp(`^Sort by ${label}`) });
      await page.getByRole('button', { name: `Sort by ${label}` }).click();
      await expect(page).toHaveURL(new RegExp(`order=-${field}`));
      await expect(header).toHaveAttribute('aria-sort', 'descending');
      await page.getByRole('button', { name: `Sort by ${label}` }).click();
      await expect(page).toHaveURL(new RegExp(`order=${field}(&|$)`));
      await expect(header).toHaveAttribute('aria-sort', 'ascending');
    }
    // Created last to first, then first to last: the fixtures were made in this order.
    const fixtures = [
      'alpha backend',
      'beta worker',
      'gamma notebook',
      'delta old',
      'epsilon spare',
    ];
    await expect
      .poll(async () => (await namesInTable(page)).filter((name) => fixtures.includes(name)))
      .toEqual(fixtures);
    await page.getByRole('button', { name: 'Sort by Created' }).click();
    await expect
      .poll(async () => (await namesInTable(page)).filter((name) => fixtures.includes(name)))
      .toEqual([...fixtures].reverse());
  });

  test('the header strip counts tokens by status and totals the quota left', async ({ page }) => {
    await connectTo(page, own);
    const strip = page.getByRole('group', { name: 'Tokens by status' });
    await expect(strip.getByRole('button', { name: 'Enabled: 3. Show only these' })).toBeVisible();
    await expect(strip.getByRole('button', { name: 'Expired: 1. Show only these' })).toBeVisible();
    await expect(
      strip.getByRole('button', { name: 'Exhausted: 1. Show only these' }),
    ).toBeVisible();
    // 3,000,000 + 1,000,000 + 0 + 500 units on limited tokens, at 500,000 units per USD.
    await expect(strip.getByText('$8.00')).toBeVisible();
    await expect(strip.getByText('+ 1 unlimited')).toBeVisible();
    await strip.getByRole('button', { name: 'Exhausted: 1. Show only these' }).click();
    await expect.poll(() => namesInTable(page)).toEqual(['gamma notebook']);
  });

  test('pasting a key, with or without sk-, finds that token and keeps the key out of the address', async ({
    page,
    request,
  }) => {
    const name = unique('Find by key');
    const created = await createToken(request, { name }, own.adminKey, own.url);
    await connectTo(page, own);
    for (const pasted of [`sk-${created.key}`, created.key]) {
      await page.getByRole('searchbox', { name: 'Search' }).fill(pasted);
      await expect.poll(() => namesInTable(page)).toEqual([name]);
      expect(page.url()).not.toContain(created.key);
    }
  });

  test('pasting a second key in place of the first shows the second key’s token, and back finds it again', async ({
    page,
    request,
  }) => {
    const names = [unique('First pasted'), unique('Second pasted')];
    const [first, second] = await Promise.all(
      names.map((name) => createToken(request, { name }, own.adminKey, own.url)),
    );
    await connectTo(page, own);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(`sk-${first!.key}`);
    await expect.poll(() => namesInTable(page)).toEqual([names[0]]);
    await search.fill(`sk-${second!.key}`);
    await expect.poll(() => namesInTable(page)).toEqual([names[1]]);

    // Another view on top, then back: the entry still holds the second key, the address none.
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Disabled' });
    await expect(page).toHaveURL(/status=2/);
    await expect(page.getByText('No tokens match')).toBeVisible();
    await page.goBack();
    await expect(search).toHaveValue(`sk-${second!.key}`);
    await expect.poll(() => namesInTable(page)).toEqual([names[1]]);
    for (const { key } of [first!, second!]) expect(page.url()).not.toContain(key);
  });

  test('keyboard: / focuses search, n opens Create, Esc closes', async ({ page }) => {
    await connectTo(page, own);
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Tokens', exact: true }).click();
    await page.keyboard.press('n');
    await expect(page.getByRole('dialog', { name: 'Create token' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Create token' })).toBeHidden();
  });
});

test('the page number lives in the address: reload and back keep the page', async ({
  page,
  request,
}) => {
  const own = await startService();
  try {
    for (let n = 1; n <= 25; n += 1) {
      await createToken(
        request,
        { name: `paged ${String(n).padStart(2, '0')}` },
        own.adminKey,
        own.url,
      );
    }
    await connectTo(page, own);
    await expect(page.getByText('1–20 of 25')).toBeVisible();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/p=2/);
    await expect.poll(() => namesInTable(page)).toContain('paged 03');
    const pageTwoCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/token/?p=2&')) pageTwoCalls.push(request.url());
    });
    await page.reload();
    await expect(page.getByText('21–25 of 25')).toBeVisible();
    await expect.poll(() => namesInTable(page)).toContain('paged 03');
    // The first script asked for the page while the document was still being read, before any
    // of the app's code could run (module scripts run after that), and the app showed that
    // answer rather than asking again.
    expect(pageTwoCalls).toEqual([`${own.url}/api/token/?p=2&size=20&order=-id`]);
    const started = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      const list = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/api/token/?p=2&'));
      return {
        list: list?.startTime,
        appMayRun: (navigation as PerformanceNavigationTiming).domInteractive,
      };
    });
    expect(started.list).toBeLessThan(started.appMayRun);
    await page.goBack();
    await expect(page.getByText('1–20 of 25')).toBeVisible();
    await expect.poll(() => namesInTable(page)).toContain('paged 25');
  } finally {
    await own.stop();
  }
});

test.describe('acting on many tokens', () => {
  test('bulk-disables two selected rows and reports the outcome', async ({ page, request }) => {
    const prefix = unique('Bulk');
    for (const n of ['one', 'two', 'three']) {
      await createToken(request, { name: `${prefix} ${n}`, remain_quota: 1_000_000 });
    }
    await connected(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    // Ticks made before the search has applied belong to the old view.
    await expect(page).toHaveURL(new RegExp(`q=${prefix.replace(' ', '\\+')}`));
    await expect(page.getByRole('row')).toHaveCount(4);
    await page.getByRole('checkbox', { name: `Select ${prefix} one` }).check();
    await page.getByRole('checkbox', { name: `Select ${prefix} two` }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page
      .getByRole('region', { name: 'Selected tokens' })
      .getByRole('button', { name: 'Disable' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Disable tokens' });
    await expect(dialog).toContainText('Disable 2 selected tokens?');
    await dialog.getByRole('button', { name: 'Disable tokens (2)' }).click();
    await expect(dialog.getByText('Done for 2 of 2')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(rowOf(page, `${prefix} one`).getByText('Disabled')).toBeVisible();
    await expect(rowOf(page, `${prefix} two`).getByText('Disabled')).toBeVisible();
    await expect(rowOf(page, `${prefix} three`).getByText('Enabled')).toBeVisible();
  });

  test('bulk Enable switches on what is off and leaves an expired token that is on as it is', async ({
    page,
    request,
  }) => {
    const prefix = unique('Mixed');
    const off = await createToken(request, { name: `${prefix} off`, remain_quota: 100 });
    await request.put('/api/token/?status_only=true', {
      headers: { Authorization: `Bearer ${ADMIN_KEY}` },
      data: { id: off.id, status: 2 },
    });
    await createToken(request, {
      name: `${prefix} lapsed`,
      remain_quota: 100,
      expired_time: 1_000,
    });
    await connected(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    await expect(page).toHaveURL(new RegExp(`q=${prefix.replace(' ', '\\+')}`));
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('region', { name: 'Selected tokens' });
    await bar.getByRole('button', { name: 'Enable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable tokens' });
    await dialog.getByRole('button', { name: 'Enable tokens (2)' }).click();
    await expect(dialog.getByText('Done for 2 of 2')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(rowOf(page, `${prefix} off`).getByText('Enabled')).toBeVisible();
    await expect(rowOf(page, `${prefix} lapsed`).getByText('Expired')).toBeVisible();
  });

  test('bulk enables, sets the quota and sets the expiry of the selected tokens', async ({
    page,
    request,
  }) => {
    const prefix = unique('Many');
    for (const n of ['one', 'two']) {
      const made = await createToken(request, { name: `${prefix} ${n}`, remain_quota: 100 });
      await request.put('/api/token/?status_only=true', {
        headers: { Authorization: `Bearer ${ADMIN_KEY}` },
        data: { id: made.id, status: 2 },
      });
    }
    await connected(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    // Ticks made before the search has applied belong to the old view.
    await expect(page).toHaveURL(new RegExp(`q=${prefix.replace(' ', '\\+')}`));
    await expect(page.getByRole('row')).toHaveCount(3);
    const selectAll = () => page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('region', { name: 'Selected tokens' });

    await selectAll();
    await bar.getByRole('button', { name: 'Enable' }).click();
    let dialog = page.getByRole('dialog', { name: 'Enable tokens' });
    await dialog.getByRole('button', { name: 'Enable tokens (2)' }).click();
    await expect(dialog.getByText('Done for 2 of 2')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    for (const n of ['one', 'two']) {
      await expect(rowOf(page, `${prefix} ${n}`).getByText('Enabled')).toBeVisible();
    }

    await selectAll();
    await bar.getByRole('button', { name: 'More…' }).click();
    await page.getByRole('menuitem', { name: 'Set quota' }).click();
    dialog = page.getByRole('dialog', { name: 'Set quota' });
    await dialog.getByRole('textbox', { name: /Quota/ }).fill('5');
    await dialog.getByRole('button', { name: 'Set quota (2)' }).click();
    await expect(dialog.getByText('Done for 2 of 2')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    for (const n of ['one', 'two']) {
      await expect(rowOf(page, `${prefix} ${n}`).getByText('$5.00')).toBeVisible();
    }

    await selectAll();
    await bar.getByRole('button', { name: 'More…' }).click();
    await page.getByRole('menuitem', { name: 'Set expiry' }).click();
    dialog = page.getByRole('dialog', { name: 'Set expiry' });
    await dialog.getByRole('combobox', { name: 'Expires' }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await dialog.getByRole('button', { name: 'Set expiry (2)' }).click();
    await expect(dialog.getByText('Done for 2 of 2')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    for (const n of ['one', 'two']) {
      // The date on the row's one line, how far it is when pointed at.
      await expect(rowOf(page, `${prefix} ${n}`).getByTitle(/· next month$/)).toBeVisible();
    }
  });

  test('bulk add-quota lists the tokens it could not change, with the reason', async ({
    page,
    request,
  }) => {
    const prefix = unique('Quota');
    await createToken(request, { name: `${prefix} rich`, remain_quota: 2_000_000 });
    await createToken(request, { name: `${prefix} poor`, remain_quota: 100 });
    await connected(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    // Ticks made before the search has applied belong to the old view.
    await expect(page).toHaveURL(new RegExp(`q=${prefix.replace(' ', '\\+')}`));
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'More…' }).click();
    await page.getByRole('menuitem', { name: 'Add quota' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add quota' });
    await dialog.getByRole('textbox', { name: /Amount/ }).fill('-1');
    await dialog.getByRole('button', { name: 'Add quota (2)' }).click();
    await expect(dialog.getByText('Done for 1 of 2')).toBeVisible();
    await expect(dialog.getByRole('listitem')).toContainText(`${prefix} poor`);
    await expect(dialog.getByRole('listitem')).toContainText('cannot take 500000');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(rowOf(page, `${prefix} rich`).getByText('$3.00')).toBeVisible();
  });

  test('bulk delete removes the selected rows', async ({ page, request }) => {
    const prefix = unique('Gone');
    await createToken(request, { name: `${prefix} a` });
    await createToken(request, { name: `${prefix} b` });
    await connected(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    // Ticks made before the search has applied belong to the old view.
    await expect(page).toHaveURL(new RegExp(`q=${prefix.replace(' ', '\\+')}`));
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page
      .getByRole('region', { name: 'Selected tokens' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete tokens' });
    await dialog.getByRole('button', { name: 'Delete tokens (2)' }).click();
    await expect(dialog.getByText('Done for 2 of 2')).toBeVisible();
    await expect(dialog.getByText('Deleted 2 tokens.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByText('No tokens match')).toBeVisible();
    // Said once, in the dialog: no notification repeats it (one would still be showing).
    expect(await page.getByText('Done for 2 of 2').count()).toBe(0);
  });

  test('creates three at once and offers every key to copy and download', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = unique('Batch');
    await connected(page);
    await page.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create token' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Count').fill('3');
    await form.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: '3 tokens created' });
    await expect(shown.getByTestId('new-key')).toHaveCount(3);
    const keys = await shown.getByTestId('new-key').allInnerTexts();
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^sk-[0-9A-Za-z]{48}$/);
    await expect(shown.getByText(`${name} 1`)).toBeVisible();
    await expect(shown.getByText(`${name} 3`)).toBeVisible();

    await shown.getByRole('button', { name: 'Copy all' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const key of keys) expect(copied).toContain(key);

    const downloading = page.waitForEvent('download');
    await shown.getByRole('button', { name: 'Download CSV' }).click();
    const csv = readFileSync(await (await downloading).path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,name,key');
    for (const key of keys) expect(csv).toContain(key);
  });
});

test.describe('export and activity', () => {
  test('exports the filtered tokens as CSV and JSON with masked keys only', async ({
    page,
    request,
  }) => {
    const prefix = unique('Export');
    const made = [
      await createToken(request, { name: `=SUM(1) ${prefix}`, remain_quota: 1_000_000 }),
      await createToken(request, { name: `${prefix}, "two"` }),
    ];
    await connected(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    // Ticks made before the search has applied belong to the old view.
    await expect(page).toHaveURL(new RegExp(`q=${prefix.replace(' ', '\\+')}`));
    await expect(page.getByRole('row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Export' }).click();
    const downloadingCsv = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const csv = readFileSync(await (await downloadingCsv).path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,name,key,status,remain_quota,remain_usd/);
    expect(lines).toHaveLength(3);
    expect(csv).toContain(`'=SUM(1) ${prefix}`);
    expect(csv).toContain(`"${prefix}, ""two"""`);
    for (const token of made) expect(csv).not.toContain(token.key);
    expect(csv).toMatch(/sk-[0-9A-Za-z]{4}\*{10}[0-9A-Za-z]{4}/);

    await page.getByRole('button', { name: 'Export' }).click();
    const downloadingJson = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'JSON' }).click();
    const json = readFileSync(await (await downloadingJson).path(), 'utf8');
    const records = JSON.parse(json) as Array<{ name: string; key: string; remain_usd: number }>;
    expect(records.map((r) => r.name).sort()).toEqual(
      [`${prefix}, "two"`, `=SUM(1) ${prefix}`].sort(),
    );
    for (const token of made) expect(json).not.toContain(token.key);
  });

  test('exports every page of a filter, not only the one shown', async ({ page, request }) => {
    const prefix = unique('Many pages');
    for (let n = 1; n <= 130; n += 1) await createToken(request, { name: `${prefix} ${n}` });
    await connected(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    await expect(page.getByText('1–20 of 130')).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'JSON' }).click();
    const records = JSON.parse(readFileSync(await (await downloading).path(), 'utf8')) as Array<{
      name: string;
    }>;
    expect(new Set(records.map((r) => r.name)).size).toBe(130);
    expect(records.every((r) => r.name.startsWith(prefix))).toBe(true);
  });

  test('the activity panel lists calls and copies one as a curl command that works', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = unique('Curl demo');
    await connected(page);
    await createTokenInForm(page, name);

    await page.getByRole('button', { name: 'Activity' }).click();
    const panel = page.getByRole('dialog', { name: 'Activity' });
    const calls = panel.getByRole('list', { name: 'API calls' }).getByRole('listitem');
    const create = calls.filter({ hasText: 'POST' }).first();
    await expect(create).toContainText('/api/token/');
    await expect(create).toContainText('200');
    await screenshot(page, 'activity-1366');

    // Copying finishes after the click returns: read the clipboard once the command is there.
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await create.getByRole('button', { name: 'Copy as curl' }).click();
    await expect.poll(clipboard).toMatch(/^curl /);
    const command = await clipboard();
    expect(command).toContain('$ADMIN_KEY');
    expect(command).not.toContain(ADMIN_KEY);
    // Run it as a person would in a terminal: it creates another token with the same body.
    const output = execFileSync('sh', ['-c', command], {
      env: { ...process.env, ADMIN_KEY },
    }).toString();
    expect(JSON.parse(output)).toMatchObject({ success: true, data: { name } });

    await panel.getByRole('checkbox', { name: 'Include the admin key' }).check();
    await create.getByRole('button', { name: 'Copy as curl' }).click();
    await expect.poll(clipboard).toContain(ADMIN_KEY);
  });
});

test.describe('for everyone', () => {
  test('switches to Simplified Chinese, sets <html lang> and remembers it', async ({
    page,
    request,
  }) => {
    // A row to read dates and figures from, whichever tests ran before.
    await createToken(request, { name: unique('Language') });
    await connected(page);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page.getByRole('heading', { name: '令牌', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    // A dialog's close button is named in the language too.
    await page.getByRole('button', { name: '创建令牌' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    // Dates and figures in the language's own format.
    const row = page.getByRole('row').nth(1);
    await expect(row.getByText(/^\d{4}年\d{1,2}月\d{1,2}日$/).first()).toBeVisible();
    // Dollars are written $ in every language, not US$.
    await expect(row.getByText(/^\$[\d,]+\.\d{2}$/).first()).toBeVisible();
    // Beside the dollars, the units shortened in the language's own way (万, 亿).
    await expect(row.getByText(/^[\d.]+[万亿]? 单位$/).first()).toBeVisible();
    await screenshot(page, 'table-zh-1366');
    await page.reload();
    await expect(page.getByRole('heading', { name: '令牌', exact: true })).toBeVisible();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('follows a Chinese browser on first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByLabel('管理员密钥')).toBeVisible();
    await screenshot(page, 'connect-zh-1366');
    await context.close();
  });

  test('dark theme is chosen from the header and remembered', async ({ page }) => {
    await connected(page);
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await screenshot(page, 'table-dark-1366');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('follows a dark system theme until one is chosen', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await screenshot(page, 'connect-dark-1366');
    await context.close();
  });

  test('the control that has the keyboard focus shows it', async ({ page, request }) => {
    await createToken(request, { name: unique('Focus') });
    await connected(page);
    // How a control looks with the focus and once the focus has moved on. Its focus ring fades in
    // and out, so each look waits for the control's transitions to end: two moments of one fade can
    // look alike and hide a ring that is there.
    const settledLook = (moment: 'focused' | 'left') =>
      page.evaluate(async (moment) => {
        const element = (
          moment === 'focused'
            ? document.activeElement
            : document.querySelector('[data-focus-probe]')
        ) as HTMLElement;
        if (element === document.body) return null;
        if (moment === 'focused') element.dataset.focusProbe = 'yes';
        else delete element.dataset.focusProbe;
        // getAnimations() brings styles up to date first, so it sees the fade the focus just started.
        const running = () =>
          element
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                Number.isFinite(animation.effect?.getComputedTiming().endTime),
            );
        for (let fades = running(); fades.length > 0; fades = running()) {
          await Promise.allSettled(fades.map((animation) => animation.finished));
        }
        const style = getComputedStyle(element);
        return {
          name: element.getAttribute('aria-label') ?? element.innerText,
          style: [
            style.outlineStyle,
            style.outlineWidth,
            style.outlineColor,
            style.borderColor,
            style.boxShadow,
          ].join('|'),
        };
      }, moment);
    const seen: string[] = [];
    await page.keyboard.press('Tab');
    for (let step = 0; step < 30; step += 1) {
      const focused = await settledLook('focused');
      // Past the last control the focus leaves the page: a short table ends the walk early.
      if (!focused) break;
      seen.push(focused.name);
      await page.keyboard.press('Tab');
      const left = await settledLook('left');
      expect(left?.style, `no visible focus on “${focused.name}”`).not.toBe(focused.style);
    }
    // The walk went through the header, the search and the table's own controls.
    for (const name of ['Settings', 'Search', 'Sort by Name', 'Edit']) {
      expect(
        seen.some((seenName) => seenName.includes(name)),
        name,
      ).toBe(true);
    }
  });
});
