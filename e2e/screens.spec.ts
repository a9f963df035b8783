import { expect, test } from './support/test';
import { connected, createToken, screenshot, unique } from './support/app';

/** Screens at phone width: nothing scrolls sideways and every action stays reachable. */
test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('connect, table as cards, create and settings fit the screen', async ({ page, request }) => {
    await createToken(request, { name: 'Phone card check', remain_quota: 1_000_000 });
    await page.goto('/');
    await expect(page.getByLabel('Admin key')).toBeVisible();
    await screenshot(page, 'connect-390');
    await connected(page);
    const card = page.getByRole('article', { name: 'Phone card check' }).first();
    await expect(card.getByText('$2.00')).toBeVisible();
    for (const action of ['Edit', 'Disable', 'Copy key', 'Delete']) {
      await expect(card.getByRole('button', { name: action })).toBeVisible();
    }
    await screenshot(page, 'table-390');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByRole('dialog', { name: 'Create token' })).toBeVisible();
    await screenshot(page, 'create-390');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await screenshot(page, 'settings-390');
  });

  test('cards can be ordered and all selected, as the table can', async ({ page, request }) => {
    const prefix = unique('Phone order');
    await createToken(request, { name: `${prefix} small`, remain_quota: 1_000 });
    await createToken(request, { name: `${prefix} large`, remain_quota: 9_000_000 });
    await connected(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);

    await page
      .getByRole('combobox', { name: 'Order' })
      .selectOption({ label: 'Remaining, highest first' });
    await expect(page).toHaveURL(/order=-remain_quota/);
    await expect(cards.first()).toHaveAccessibleName(`${prefix} large`);
    await page
      .getByRole('combobox', { name: 'Order' })
      .selectOption({ label: 'Remaining, lowest first' });
    await expect(cards.first()).toHaveAccessibleName(`${prefix} small`);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Selected tokens' })
        .getByRole('button', { name: 'Disable' }),
    ).toBeVisible();
  });
});

test('the connect screen at desktop width', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Admin key')).toBeVisible();
  await screenshot(page, 'connect-1366');
});
