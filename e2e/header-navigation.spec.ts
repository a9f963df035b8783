import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { connected } from './support/app';

/** The header's navigation: the same places in the same order on every screen, the current one marked. */
const SCREENS = [
  { link: 'Tokens', heading: 'Tokens' },
  { link: 'Usage', heading: 'Usage' },
  { link: 'Models', heading: 'Models' },
  { link: 'Audit', heading: 'Audit' },
  { link: 'Playground', heading: 'Playground' },
];

const boxesOf = async (locator: Locator) =>
  Promise.all((await locator.all()).map((item) => item.boundingBox()));

async function expectCurrent(page: Page, nav: Locator, current: string) {
  await expect(page.getByRole('heading', { name: current, exact: true, level: 1 })).toBeVisible();
  for (const { link } of SCREENS) {
    const item = nav.getByRole('link', { name: link, exact: true });
    if (link === current) await expect(item).toHaveAttribute('aria-current', 'page');
    else await expect(item).not.toHaveAttribute('aria-current');
  }
}

test('from a small laptop to a wide screen the header shows the name whole and every control', async ({
  page,
}) => {
  for (const width of [1024, 1200, 1280, 1440, 1600, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    if (width === 1024) await connected(page);
    const header = page.getByRole('banner');
    const name = header.getByRole('heading', { name: 'Tokendesk' });
    const clipped = await name.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(clipped, `the name at ${width} px`).toBe(false);
    for (const box of await boxesOf(header.getByRole('link').or(header.getByRole('button')))) {
      expect(box!.x + box!.width, `a control at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});

test('on a desktop the links stay where they are and mark the screen shown', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await connected(page);
  const nav = page.getByRole('navigation', { name: 'Screens' });
  const links = nav.getByRole('link');
  await expect(links).toHaveText(SCREENS.map(({ link }) => link));
  await expectCurrent(page, nav, 'Tokens');
  const header = page.getByRole('banner');
  const controls = header.getByRole('link').or(header.getByRole('button'));
  const before = await boxesOf(controls);

  for (const { link, heading } of [...SCREENS.slice(1), SCREENS[0]!]) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expectCurrent(page, nav, heading);
    expect(await boxesOf(controls)).toEqual(before);
  }
  // Links, so Back returns to the screen before.
  await page.goBack();
  await expectCurrent(page, nav, 'Playground');
  expect(new URL(page.url()).searchParams.get('view')).toBe('playground');
  await expect(nav.getByRole('link', { name: 'Usage', exact: true })).toHaveAttribute(
    'href',
    /[?&]view=usage/,
  );
  // The search box's keyboard shortcut is shown where there is a keyboard.
  for (const back of ['Audit', 'Models', 'Usage', 'Tokens']) {
    await page.goBack();
    await expectCurrent(page, nav, back);
  }
  await expect(page.getByText('/', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the places are one tap away, the rest in a menu, and the key’s name whole', async ({
    page,
  }) => {
    await connected(page);
    const nav = page.getByRole('navigation', { name: 'Screens' });
    await expectCurrent(page, nav, 'Tokens');
    for (const { link } of SCREENS) {
      await expect(nav.getByRole('link', { name: link, exact: true })).toBeInViewport({
        ratio: 1,
      });
    }
    const identity = page.getByRole('banner').getByText('ADMIN_KEY', { exact: false });
    await expect(identity).toBeVisible();
    expect(await identity.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    // No keyboard, so no keyboard shortcut beside the search box.
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(page.getByText('/', { exact: true })).toBeHidden();

    await nav.getByRole('link', { name: 'Audit', exact: true }).click();
    await expectCurrent(page, nav, 'Audit');
    // Scrolled down, the places are still at hand.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await expect(nav.getByRole('link', { name: 'Tokens', exact: true })).toBeInViewport();

    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    for (const item of ['Activity', 'API', 'Settings', 'Log out']) {
      await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('menuitem', { name: 'English' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await menu.click();
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await menu.click();
    await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
    await expect(page.getByLabel('Admin key')).toBeVisible();
  });
});
