import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ADMIN_KEY, connected, createToken, rowOf, unique } from './support/app';

/** An admin key made by the owner through the API, as a script would. */
async function createAdminKey(request: APIRequestContext, name: string, role: string) {
  const response = await request.post('/api/admin-key/', {
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
    data: { name, role },
  });
  const envelope = (await response.json()) as {
    success: boolean;
    data: { id: number; key: string };
  };
  expect(envelope.success).toBe(true);
  return envelope.data;
}

const records = (page: Page) =>
  page
    .getByRole('table', { name: 'Audit records' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

const addressParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test.describe('the audit', () => {
  test('shows the owner’s changes newest first with what changed, by action and by token', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = unique('Audited');
    await connected(page);

    await page.getByRole('button', { name: 'Create token' }).click();
    const create = page.getByRole('dialog', { name: 'Create token' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('textbox', { name: 'Quota' }).fill('2');
    await create.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByRole('dialog', { name: 'Token created' })
      .getByRole('button', { name: 'Done' })
      .click();
    const row = rowOf(page, name);
    const href = await row.getByRole('link', { name }).getAttribute('href');
    const id = Number(new URLSearchParams(href ?? '').get('details'));

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit token' });
    await edit.getByRole('textbox', { name: 'Quota' }).fill('5');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await row.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText(`Key of “${name}” copied`)).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete token' })
      .getByRole('button', { name: 'Delete token' })
      .click();
    await expect(row).toBeHidden();

    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Audit', exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Changed token' });
    expect(addressParam(page, 'action')).toBe('token.update');
    const changed = records(page).first();
    await expect(changed).toContainText(name);
    await expect(changed).toContainText('ADMIN_KEY');
    await expect(changed).toContainText(/Quota: \$2\.00.*→.*\$5\.00/);
    await expect(changed).not.toContainText('Name:');

    // The token is gone, so it is found by its id.
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Any action' });
    const tokenFilter = page.getByRole('combobox', { name: 'Token' });
    await tokenFilter.fill(String(id));
    await page.getByRole('option', { name: `Token #${id}` }).click();
    expect(addressParam(page, 'token_id')).toBe(String(id));
    await expect(records(page)).toHaveCount(4);
    const [deleted, revealed, updated, created] = await records(page).all();
    await expect(deleted!).toContainText('Deleted token');
    await expect(deleted!).toContainText('Quota: $5.00');
    await expect(revealed!).toContainText('Revealed key');
    await expect(revealed!).toContainText('Key revealed');
    await expect(updated!).toContainText('Changed token');
    await expect(created!).toContainText('Created token');
    await expect(created!).toContainText(`Name: ${name}`);
    await expect(created!).toContainText('Quota: $2.00');

    // The view is in the address: a reload shows it again.
    await page.reload();
    await expect(records(page)).toHaveCount(4);
    await expect(page.getByRole('combobox', { name: 'Token' })).toHaveValue(name);
  });

  test('a deleted token is marked so, and leads to its own records, not to details that are gone', async ({
    page,
    request,
  }) => {
    const name = unique('Gone since');
    const token = await createToken(request, { name, remain_quota: 500_000 });
    const headers = { Authorization: `Bearer ${ADMIN_KEY}` };
    await request.put('/api/token/', { headers, data: { id: token.id, rpm_limit: 30 } });
    await request.delete(`/api/token/${token.id}`, { headers });
    await connected(page);
    await page.getByRole('link', { name: 'Audit', exact: true }).click();

    const changed = records(page).filter({ hasText: 'Changed token' }).filter({ hasText: name });
    await expect(changed).toContainText('Deleted');
    const link = changed.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', `?view=audit&token_id=${token.id}`);
    await link.click();
    expect(addressParam(page, 'token_id')).toBe(String(token.id));
    expect(addressParam(page, 'details')).toBeNull();
    await expect(records(page)).toHaveCount(3);
    // Its own records shown, the name leads nowhere else.
    await expect(records(page).getByRole('link', { name })).toHaveCount(0);
    await expect(page.getByText(`There is no token with id ${token.id}`)).toHaveCount(0);
  });

  test('a token’s History lists its own records and leads to them in the audit', async ({
    page,
    request,
  }) => {
    const name = unique('With history');
    const token = await createToken(request, { name, remain_quota: 500_000 });
    await request.put('/api/token/', {
      headers: { Authorization: `Bearer ${ADMIN_KEY}` },
      data: { id: token.id, rpm_limit: 30 },
    });
    await connected(page);
    await page.getByRole('link', { name, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Token: ${name}` });
    const history = drawer.getByRole('region', { name: 'History' });
    await expect(history.getByRole('article')).toHaveCount(2);
    await expect(history.getByRole('article').first()).toContainText(
      'Requests per minute: No limit → changed to 30 requests per minute',
    );
    await expect(history.getByRole('article').last()).toContainText('Created token');

    await history.getByRole('link', { name: 'Show all in the audit' }).click();
    await expect(drawer).toBeHidden();
    expect(addressParam(page, 'view')).toBe('audit');
    expect(addressParam(page, 'token_id')).toBe(String(token.id));
    await expect(records(page)).toHaveCount(2);
  });

  test('a change just made reads “just now” where the browser’s clock is behind the server’s', async ({
    page,
    request,
  }) => {
    // This browser's clock runs 40 seconds behind the service's.
    await page.clock.setFixedTime(Date.now() - 40_000);
    const name = unique('Skewed clock');
    const token = await createToken(request, { name, remain_quota: 500_000 });
    await connected(page);
    await page.getByRole('link', { name, exact: true }).click();
    const history = page
      .getByRole('dialog', { name: `Token: ${name}` })
      .getByRole('region', { name: 'History' });
    const created = history.getByRole('article').first();
    await expect(created).toContainText('Created token');
    await expect(created).toContainText('just now');
    await expect(created).not.toContainText(/in \d+ seconds/);

    await page.goto(`/?view=audit&token_id=${token.id}`);
    await expect(records(page).first()).toContainText('just now');
    await expect(records(page).first()).not.toContainText(/in \d+ seconds/);
  });

  test('the owner sees an operator’s change under the operator’s name', async ({
    page,
    request,
  }) => {
    const operatorName = unique('Support desk');
    const operator = await createAdminKey(request, operatorName, 'operator');
    const name = unique('Changed by support');
    const token = await createToken(request, { name, remain_quota: 500_000 });

    await connected(page, undefined, operator.key);
    await rowOf(page, name).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit token' });
    await edit.getByRole('textbox', { name: 'Quota' }).fill('3');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: 'Log out' }).click();

    await connected(page);
    await page.goto(`/?view=audit&token_id=${token.id}`);
    const changed = records(page).first();
    await expect(changed).toContainText(operatorName);
    await expect(changed).toContainText('Operator');
    await expect(changed).toContainText('Changed token');
    await expect(changed).toContainText(/Quota: \$1\.00.*→.*\$3\.00/);

    await page.getByRole('combobox', { name: 'Person' }).selectOption({ label: operatorName });
    expect(addressParam(page, 'actor')).toBe(String(operator.id));
    await expect(records(page)).toHaveCount(1);
  });
});

test.describe('in a British browser', () => {
  test.use({ locale: 'en-GB', timezoneId: 'UTC' });

  test('one instant is written the same way in the list, the details, History, the audit and the editor', async ({
    page,
    request,
  }) => {
    const name = unique('One format');
    const expiry = Math.floor(Date.now() / 60_000) * 60 + 30 * 86_400;
    const written = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(expiry * 1000);
    // "30 Nov 2026, 14:05": the browser's own way, hours to 23.
    const whole = written({ dateStyle: 'medium', timeStyle: 'short' });
    expect(whole).not.toMatch(/AM|PM/i);
    const token = await createToken(request, { name, remain_quota: 500_000, expired_time: expiry });

    await connected(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const row = rowOf(page, name);
    // The row gives the day; the whole instant is in its hint.
    await expect(row).toContainText(written({ dateStyle: 'medium' }));
    await expect(row.getByText(written({ dateStyle: 'medium' }))).toHaveAttribute(
      'title',
      new RegExp(`^${whole}`),
    );

    await row.getByRole('link', { name }).click();
    const drawer = page.getByRole('dialog', { name: `Token: ${name}` });
    await expect(drawer.getByRole('definition').filter({ hasText: whole })).toHaveCount(1);
    const history = drawer.getByRole('region', { name: 'History' });
    await expect(history.getByRole('article').first()).toContainText(`Expires: ${whole}`);
    await drawer.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit token' });
    await expect(edit).toContainText(`Keeps the current expiry: ${whole}.`);
    await edit.getByText('Date', { exact: true }).click();
    await expect(edit.getByRole('button', { name: 'Expiry date and time' })).toHaveText(whole);
    await page.keyboard.press('Escape');

    await page.goto(`/?view=audit&token_id=${token.id}`);
    await expect(records(page).first()).toContainText(`Expires: ${whole}`);
  });
});
