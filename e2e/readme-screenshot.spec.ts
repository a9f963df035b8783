import { expect, test } from './support/test';
import { mkdirSync } from 'node:fs';
import { connect, SCREENSHOTS } from './support/app';
import { startService, type RunningService } from './support/service';

/**
 * The README's picture of the token list, from a service started with the demo tokens. It is
 * written to docs/ only when README_SCREENSHOT=1 asks for it, so an ordinary run never changes
 * a committed file; otherwise it lands with the other screenshots, which git ignores.
 */
const target = process.env.README_SCREENSHOT === '1' ? 'docs' : SCREENSHOTS;

test.use({ colorScheme: 'light', locale: 'en-US', viewport: { width: 1280, height: 800 } });

let demo: RunningService;
test.beforeAll(async () => {
  demo = await startService({ env: { DEMO: '1' } });
});
test.afterAll(async () => {
  await demo.stop();
});

test('the token list with the demo tokens, as the README shows it', async ({ page }) => {
  await connect(page, demo.adminKey, demo.url);
  await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();
  // A full first page of the newest demo tokens (and the header row), counted above it.
  await expect(page.getByRole('row')).toHaveCount(21);
  await expect(page.getByText(/^\d+ tokens$/)).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // The picture is of the list, not of the connect button's last focus.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  mkdirSync(target, { recursive: true });
  await page.screenshot({ path: `${target}/token-list.png` });
});
