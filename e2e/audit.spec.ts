import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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
