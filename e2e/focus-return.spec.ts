import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { connected, createToken, rowOf, unique } from './support/app';

/**
 * A keyboard user's focus: a dialog or drawer opened from a control gives the focus back to that
 * control when it closes, instead of dropping it on the page's body; groups of choices are one
 * Tab stop each.
 */

/** Focuses a control and presses Enter on it, as a keyboard user opens what it opens. */
async function openWithKeyboard(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

async function listShowing(page: Page, name: string) {
  await connected(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(rowOf(page, name)).toBeVisible();
}

test.describe('focus after a dialog closes', () => {
  let name: string;
  test.beforeAll(async ({ request }) => {
    name = unique('Focus');
    await createToken(request, { name, remain_quota: 1_000_000 });
  });

  test('Create, opened by its button, gives the focus back to it on Escape and after Done', async ({
    page,
  }) => {
    await connected(page);
    const create = page.getByRole('button', { name: 'Create token' });
    await openWithKeyboard(create);
    const form = page.getByRole('dialog', { name: 'Create token' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(create).toBeFocused();

    // Through the form and the dialog showing the new key: back to Create at the end.
    await openWithKeyboard(create);
    await form.getByRole('textbox', { name: 'Name' }).fill(unique('Focus created'));
    await form.getByRole('button', { name: 'Create token' }).click();
    const created = page.getByRole('dialog', { name: 'Token created' });
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();
    await expect(create).toBeFocused();
  });

  test('Create, opened with the n key, gives the focus back to where it was', async ({ page }) => {
    await listShowing(page, name);
    const link = page.getByRole('link', { name, exact: true });
    await link.focus();
    await page.keyboard.press('n');
    const form = page.getByRole('dialog', { name: 'Create token' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(link).toBeFocused();
  });

  test('Edit, opened from a row, gives the focus back to that row’s Edit', async ({ page }) => {
    await listShowing(page, name);
    const edit = rowOf(page, name).getByRole('button', { name: 'Edit' });
    await openWithKeyboard(edit);
    const form = page.getByRole('dialog', { name: 'Edit token' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(edit).toBeFocused();
  });

  test('a row’s switch keeps the focus as it turns from Disable to Enable and back', async ({
    page,
    request,
  }) => {
    const switched = unique('Switched');
    await createToken(request, { name: switched, remain_quota: 1_000_000 });
    await listShowing(page, switched);
    const row = rowOf(page, switched);
    await openWithKeyboard(row.getByRole('button', { name: 'Disable' }));
    await expect(row.getByText('Disabled')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Enable' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row.getByText('Enabled')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Disable' })).toBeFocused();
  });

  test('the details, opened from a token’s name, give the focus back to the name', async ({
    page,
  }) => {
    await listShowing(page, name);
    const link = page.getByRole('link', { name, exact: true });
    await openWithKeyboard(link);
    const details = page.getByRole('dialog', { name: `Token: ${name}` });
    await expect(details).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(link).toBeFocused();
  });

  for (const [button, title] of [
    ['Settings', 'Settings'],
    ['Activity', 'Activity'],
    ['API', 'API explorer'],
  ] as const) {
    test(`the ${title} drawer gives the focus back to the header’s ${button}`, async ({ page }) => {
      await connected(page);
      const opener = page.getByRole('banner').getByRole('button', { name: button, exact: true });
      await openWithKeyboard(opener);
      const drawer = page.getByRole('dialog', { name: title });
      await expect(drawer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(opener).toBeFocused();
    });
  }
});

test('each group of choices in the token form is one Tab stop, chosen within by the arrow keys', async ({
  page,
}) => {
  await connected(page);
  await openWithKeyboard(page.getByRole('button', { name: 'Create token' }));
  const form = page.getByRole('dialog', { name: 'Create token' });
  const expiry = form.getByRole('radiogroup', { name: 'Expires' });
  const refills = form.getByRole('radiogroup', { name: 'Refills' });
  await form.getByRole('switch', { name: 'Unlimited quota' }).focus();

  await page.keyboard.press('Tab');
  await expect(expiry.getByRole('radio', { name: 'Never' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(expiry.getByRole('radio', { name: '1 hour' })).toBeChecked();
  await expect(expiry.getByRole('radio', { name: '1 hour' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(refills.getByRole('radio', { name: 'Never' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(refills.getByRole('radio', { name: 'Daily' })).toBeChecked();
  // The refill amount appears after the choice, and the rate limit after it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: 'Refill to' })).toBeFocused();
});
