import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { connected, createToken, rowOf } from './support/app';
import { startService, type RunningService } from './support/service';

/**
 * Admin keys with roles, as people use them: the owner makes a key in Settings, the person
 * given it sees only what the role may do, and a revoked key is signed out at its next action.
 * Each test runs on a service of its own, so the admin keys it makes touch no other spec.
 */

let own: RunningService;

test.beforeEach(async () => {
  own = await startService();
});

test.afterEach(async () => {
  await own.stop();
});

/** Settings → Admin keys → Create: the new key, read from the dialog that shows it once. */
async function createAdminKey(page: Page, name: string, role: string): Promise<string> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const adminKeys = page.getByRole('region', { name: 'Admin keys' });
  await adminKeys.getByRole('button', { name: 'Create admin key' }).click();
  const form = page.getByRole('dialog', { name: 'New admin key' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Create admin key' }).click();
  const created = page.getByRole('dialog', { name: 'Admin key created' });
  const key = (await created.getByTestId('new-key').textContent()) ?? '';
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(adminKeys.getByRole('listitem').filter({ hasText: name })).toContainText(
    'never used',
  );
  await page.keyboard.press('Escape');
  return key;
}

/** A token as the service keeps it, read with the owner's key. */
async function storedToken(request: APIRequestContext, id: number) {
  const response = await request.get(`${own.url}/api/token/${id}`, {
    headers: { Authorization: `Bearer ${own.adminKey}` },
  });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function adminKeyByApi(request: APIRequestContext, name: string, role: string) {
  const response = await request.post(`${own.url}/api/admin-key/`, {
    headers: { Authorization: `Bearer ${own.adminKey}` },
    data: { name, role },
  });
  return ((await response.json()) as { data: { key: string } }).data.key;
}

test('an operator tops up a token but cannot create, delete or copy keys, and a revoked key signs out at its next action', async ({
  page,
  browser,
  request,
}) => {
  const token = await createToken(
    request,
    { name: 'Support bot', remain_quota: 500_000, models: 'gpt-4o' },
    own.adminKey,
    own.url,
  );
  await connected(page, own.url, own.adminKey);
  const operatorKey = await createAdminKey(page, 'Support desk', 'operator');
  expect(operatorKey).toMatch(/^[A-Za-z0-9]{48}$/);

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  try {
    await connected(operator, own.url, operatorKey);
    await expect(operator.getByRole('banner')).toContainText('Support desk · Operator');
    await expect(operator.getByRole('button', { name: 'Create token' })).toHaveCount(0);
    const row = rowOf(operator, 'Support bot');
    await expect(row.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Copy key' })).toHaveCount(0);

    // A top-up through the edit form; the models are shown, not open to change.
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = operator.getByRole('dialog', { name: 'Edit token' });
    await expect(form.getByLabel('Allowed models')).toHaveAttribute('readonly');
    await form.getByRole('textbox', { name: 'Quota' }).fill('5');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(row).toContainText('$5.00');
    expect(await storedToken(request, token.id)).toMatchObject({
      remain_quota: 2_500_000,
      models: 'gpt-4o',
    });

    // The owner revokes the key; the operator's next action returns to the connect screen.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page
      .getByRole('region', { name: 'Admin keys' })
      .getByRole('button', { name: 'Revoke Support desk' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Revoke admin key' });
    await expect(confirm).toContainText(
      'Revoke “Support desk”? Anyone using it is signed out at their next action.',
    );
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Admin key “Support desk” revoked')).toBeVisible();

    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(
      operator.getByText(
        'The server refused this admin key: it may have been revoked. Connect with another key.',
      ),
    ).toBeVisible();
    await expect(operator.getByLabel('Admin key')).toBeVisible();
    expect(await storedToken(request, token.id)).toMatchObject({ status: 1 });
  } finally {
    await operatorContext.close();
  }
});

test('a viewer reads tokens with nothing to change them by', async ({ page, request }) => {
  await createToken(request, { name: 'Support bot' }, own.adminKey, own.url);
  const viewerKey = await adminKeyByApi(request, 'Finance', 'viewer');
  await connected(page, own.url, viewerKey);
  await expect(page.getByRole('banner')).toContainText('Finance · Viewer');
  await expect(rowOf(page, 'Support bot')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Actions for Support bot' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create token' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Admin keys' })).toHaveCount(0);
  await expect(page.getByLabel('Quota units per USD')).toHaveCount(0);
});

test('a gateway key is refused at the connect screen, and stays in the field', async ({
  page,
  request,
}) => {
  const gatewayKey = await adminKeyByApi(request, 'Edge gateway', 'gateway');
  await page.goto(own.url);
  await page.getByLabel('Admin key').fill(gatewayKey);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(
    page.getByText(
      'This is a gateway key: it can verify keys and report usage, not use the dashboard. Connect with an owner, operator or viewer key.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Admin key')).toHaveValue(gatewayKey);
});
