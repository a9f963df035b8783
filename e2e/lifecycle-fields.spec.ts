import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ADMIN_KEY, connected, getToken, rowOf, unique } from './support/app';

const auth = { Authorization: `Bearer ${ADMIN_KEY}` };

async function quotaPerUnit(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/status', { headers: auth });
  return ((await response.json()) as { data: { quota_per_unit: number } }).data.quota_per_unit;
}

async function idOf(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get('/api/token/', {
    headers: auth,
    params: { keyword: name },
  });
  const { data } = (await response.json()) as {
    data: { items: Array<{ id: number; name: string }> };
  };
  const token = data.items.find((item) => item.name === name);
  if (!token) throw new Error(`no token named ${name}`);
  return token.id;
}

/** A token with a rate limit, made straight through the service. */
async function createLimited(request: APIRequestContext, name: string, rpmLimit: number) {
  const response = await request.post('/api/token/', {
    headers: auth,
    data: { name, remain_quota: 1_000_000, rpm_limit: rpmLimit },
  });
  expect(response.ok()).toBe(true);
}

type Dialog = ReturnType<Page['getByRole']>;

const refillsOf = (dialog: Dialog) => dialog.getByRole('radiogroup', { name: 'Refills' });

/** Chips hide their radio under the label a person clicks. */
const chooseRefill = (dialog: Dialog, label: string) =>
  refillsOf(dialog).getByText(label, { exact: true }).click();

test('a refill and a rate limit go through create and edit, and the service holds them', async ({
  page,
  request,
}) => {
  const ratio = await quotaPerUnit(request);
  const name = unique('Refilled');
  await connected(page);

  await page.getByRole('button', { name: 'Create token' }).click();
  const create = page.getByRole('dialog', { name: 'Create token' });
  await create.getByLabel('Name').fill(name);
  await chooseRefill(create, 'Daily');
  await create.getByRole('textbox', { name: 'Refill to' }).fill('5');
  await create.getByRole('textbox', { name: 'Requests per minute' }).fill('60');
  await create.getByRole('button', { name: 'Create token' }).click();
  await page
    .getByRole('dialog', { name: 'Token created' })
    .getByRole('button', { name: 'Done' })
    .click();

  const row = rowOf(page, name);
  await expect(row.getByText('Refills daily')).toBeVisible();
  await expect(row.getByText(/^Next refill in/)).toBeVisible();
  const id = await idOf(request, name);
  expect(await getToken(request, id)).toMatchObject({
    quota_reset_period: 'daily',
    quota_reset_amount: 5 * ratio,
    rpm_limit: 60,
  });

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit token' });
  await expect(refillsOf(edit).getByRole('radio', { name: 'Daily' })).toBeChecked();
  await expect(edit.getByRole('textbox', { name: 'Refill to' })).toHaveValue('5');
  await expect(edit.getByRole('textbox', { name: 'Requests per minute' })).toHaveValue('60');
  await chooseRefill(edit, 'Weekly');
  await edit.getByRole('textbox', { name: 'Refill to' }).fill('7.5');
  await edit.getByRole('textbox', { name: 'Requests per minute' }).fill('120');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();

  await expect(row.getByText('Refills weekly')).toBeVisible();
  expect(await getToken(request, id)).toMatchObject({
    quota_reset_period: 'weekly',
    quota_reset_amount: 7.5 * ratio,
    rpm_limit: 120,
  });
});

test('bulk edit sets a refill on two tokens and leaves their rate limits alone', async ({
  page,
  request,
}) => {
  const ratio = await quotaPerUnit(request);
  const prefix = unique('Bulk refill');
  const names = [`${prefix} one`, `${prefix} two`];
  for (const name of names) await createLimited(request, name, 25);
  await connected(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  // Ticks made before the search has applied belong to the old view.
  await expect(page.getByRole('row')).toHaveCount(3);
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();

  await page
    .getByRole('region', { name: 'Selected tokens' })
    .getByRole('button', { name: 'More…' })
    .click();
  await page.getByRole('menuitem', { name: 'Set refills and rate limit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set refills and rate limit' });
  await chooseRefill(dialog, 'Monthly');
  await dialog.getByRole('textbox', { name: 'Refill to' }).fill('3');
  await dialog.getByRole('button', { name: 'Set refills and rate limit (2)' }).click();
  await expect(dialog.getByText('Done for 2 of 2')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  for (const name of names) {
    await expect(rowOf(page, name).getByText('Refills monthly')).toBeVisible();
    expect(await getToken(request, await idOf(request, name))).toMatchObject({
      quota_reset_period: 'monthly',
      quota_reset_amount: 3 * ratio,
      rpm_limit: 25,
    });
  }
});
