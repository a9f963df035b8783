import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ADMIN_KEY, SCREENSHOTS, connected, createToken, screenshot, unique } from './support/app';

/**
 * A token's details and the gateway's usage against the real service: spending recorded by
 * verify and usage reports, read back through the dashboard; rotation with a grace period.
 */

const auth = { Authorization: `Bearer ${ADMIN_KEY}` };

async function verify(request: APIRequestContext, key: string, cost: number, model: string) {
  const response = await request.post('/api/token/verify', {
    headers: auth,
    data: { key: `sk-${key}`, cost, model },
  });
  return ((await response.json()) as { data: { valid: boolean; code: string } }).data;
}

async function report(request: APIRequestContext, key: string, quota: number, model: string) {
  const response = await request.post('/api/token/usage', {
    headers: auth,
    data: { key: `sk-${key}`, quota, model },
  });
  expect(response.ok()).toBe(true);
}

/** Opens a token's details by clicking its name in the table, found by a search. */
async function openDetails(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await page.getByRole('link', { name, exact: true }).first().click();
  const drawer = page.getByRole('dialog', { name: `Token: ${name}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('a charged token shows its totals, models and chart, and leads the usage overview', async ({
  page,
  request,
}) => {
  const name = unique('Usage shown');
  // $20 at 500,000 units a dollar.
  const token = await createToken(request, { name, remain_quota: 10_000_000 });
  for (let i = 0; i < 3; i++) {
    expect((await verify(request, token.key, 500_000, 'gpt-4o')).valid).toBe(true);
  }
  await report(request, token.key, 250_000, 'claude-3-haiku');
  await report(request, token.key, 250_000, 'claude-3-haiku');
  // More than is left: refused, counted as denied, charged nothing.
  expect((await verify(request, token.key, 50_000_000, 'gpt-4o')).code).toBe('EXHAUSTED');

  await connected(page);
  const drawer = await openDetails(page, name);
  expect(new URL(page.url()).searchParams.get('details')).toBe(String(token.id));
  expect(page.url()).not.toContain(token.key);

  const usage = drawer.getByRole('region', { name: 'Usage' });
  // The total comes first; once the chart has drawn, its legend and table say $4.00 as well.
  await expect(usage.getByText('$4.00', { exact: true }).first()).toBeVisible();
  await expect(usage.getByText('2,000,000 units', { exact: true }).first()).toBeVisible();
  await expect(usage.getByRole('list', { name: 'Denied by reason' })).toContainText(
    'Out of quota · 1',
  );
  const models = usage.getByRole('table', { name: 'By model' });
  await expect(models.getByRole('row')).toHaveCount(3);
  await expect(models.getByRole('row').nth(1)).toContainText(/gpt-4o\s*3\s*\$3\.00/);
  await expect(models.getByRole('row').nth(2)).toContainText(/claude-3-haiku\s*0\s*\$1\.00/);
  // The chart is drawn; untouched, its legend reads the range's totals, and it says that
  // today's bar is only what today spent so far. Its figures are there as a table too.
  await expect(usage.locator('canvas').first()).toBeVisible();
  const day = (daysAgo: number) =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      Date.now() - daysAgo * 86_400_000,
    );
  await expect(usage).toContainText(`Time${day(6)} – ${day(0)}Spent$4.00Requests3`);
  await expect(usage.getByText('The lighter bar is today (UTC), so far.')).toBeVisible();
  await usage.getByRole('button', { name: 'Show the figures as a table' }).click();
  const series = usage.getByRole('table', { name: 'Usage by period' });
  await expect(series.getByRole('row').last()).toContainText(
    new RegExp(`${day(0)} \\(so far\\)\\s*3\\s*\\$4\\.00`),
  );

  // The address opens the same details again.
  await page.reload();
  await expect(page.getByRole('dialog', { name: `Token: ${name}` })).toBeVisible();
  await page
    .getByRole('dialog', { name: `Token: ${name}` })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(new URL(page.url()).searchParams.has('details')).toBe(false);

  await page.getByRole('link', { name: 'Usage', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  const top = page.getByRole('table', { name: 'Top 10 tokens' });
  await expect(top.getByRole('link', { name })).toBeVisible();
  await top.getByRole('link', { name }).click();
  await expect(page.getByRole('dialog', { name: `Token: ${name}` })).toBeVisible();
});

test('an unused token says its range is empty, in every range', async ({ page, request }) => {
  const name = unique('Never used');
  await createToken(request, { name, remain_quota: 1_000_000 });
  await connected(page);
  const drawer = await openDetails(page, name);
  const usage = drawer.getByRole('region', { name: 'Usage' });
  for (const range of ['24 hours', '7 days', '30 days', '90 days']) {
    await usage.getByText(range, { exact: true }).click();
    await expect(usage.getByText('Nothing was spent or requested in this range.')).toBeVisible();
  }
  expect(new URL(page.url()).searchParams.get('range')).toBe('90d');
});

test('a refill of $5 daily is set from the details, which show it at once', async ({
  page,
  request,
}) => {
  const name = unique('Refill from details');
  const token = await createToken(request, { name, remain_quota: 1_000_000 });
  await connected(page);
  const drawer = await openDetails(page, name);
  await drawer.getByRole('button', { name: 'Edit…' }).click();
  const form = page.getByRole('dialog', { name: 'Edit token' });
  await form
    .getByRole('radiogroup', { name: 'Refills' })
    .getByText('Daily', { exact: true })
    .click();
  await form.getByRole('textbox', { name: 'Refill to' }).fill('5');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('definition').filter({ hasText: 'Daily' })).toContainText('$5.00');
  const stored = await request.get(`/api/token/${token.id}`, { headers: auth });
  expect(((await stored.json()) as { data: object }).data).toMatchObject({
    quota_reset_period: 'daily',
    quota_reset_amount: 2_500_000,
  });
});

test('rotating with an hour of grace shows the new key once; both keys verify', async ({
  page,
  request,
}) => {
  const name = unique('Rotated');
  const token = await createToken(request, { name, remain_quota: 1_000_000 });
  await connected(page);
  const drawer = await openDetails(page, name);
  await drawer.getByRole('button', { name: 'Rotate key…' }).click();
  const dialog = page.getByRole('dialog', { name: `Rotate the key of ${name}` });
  await dialog.getByRole('radio', { name: 'For 1 hour' }).check();
  await expect(dialog.getByText(/The old key keeps working until/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Rotate key' }).click();

  const shown = dialog.getByTestId('new-key');
  await expect(shown).toBeVisible();
  const newKey = (await shown.textContent())!.trim().replace(/^sk-/, '');
  expect(newKey).toMatch(/^[0-9A-Za-z]{48}$/);
  expect(newKey).not.toBe(token.key);
  await expect(dialog.getByText(/The old key works until/)).toBeVisible();

  expect(await verify(request, newKey, 0, '')).toMatchObject({ valid: true });
  expect(await verify(request, token.key, 0, '')).toMatchObject({ valid: true });
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The details show the new key's masked form (first, above the History that records it).
  await expect(
    drawer.getByText(`sk-${newKey.slice(0, 4)}`, { exact: false }).first(),
  ).toBeVisible();
});

test('details, usage and rotate at 1366 and 390 px, for people to look at', async ({
  page,
  request,
}) => {
  const name = unique('Screenshot');
  const token = await createToken(request, { name, remain_quota: 5_000_000 });
  await verify(request, token.key, 400_000, 'gpt-4o-mini');
  await report(request, token.key, 300_000, 'deepseek-chat');
  await connected(page);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/?details=${token.id}`);
    const drawer = page.getByRole('dialog', { name: `Token: ${name}` });
    await expect(drawer.locator('canvas').first()).toBeVisible();
    // A drawer scrolls on its own: the window as seen, at its top, then at the chart.
    await page.screenshot({ path: `${SCREENSHOTS}/details-${width}.png` });
    await drawer.locator('canvas').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/details-usage-${width}.png` });
    await drawer.getByRole('button', { name: 'Rotate key…' }).click();
    await expect(page.getByRole('dialog', { name: `Rotate the key of ${name}` })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/rotate-${width}.png` });
    await page.goto('/?view=usage');
    await expect(page.getByRole('table', { name: 'Top 10 tokens' })).toBeVisible();
    await screenshot(page, `usage-${width}`);
  }
});
