import { expect, test } from '@playwright/test';
import { connected, createToken, screenshot } from './support/app';

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
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await screenshot(page, 'settings-390');
  });
});

test('the connect screen at desktop width', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Admin key')).toBeVisible();
  await screenshot(page, 'connect-1366');
});
