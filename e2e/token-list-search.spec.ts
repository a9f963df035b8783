import { expect, test } from '@playwright/test';
import { connect } from './support/app';
import { startService, type RunningService } from './support/service';

/** Searching the demo's forty tokens: what is asked of the server, and what the strip counts. */
let demo: RunningService;

test.beforeAll(async () => {
  demo = await startService({ env: { DEMO: '1' } });
});
test.afterAll(() => demo.stop());

test('the status strip counts the tokens the search finds', async ({ page }) => {
  await connect(page, demo.adminKey, demo.url);
  // Named for what it counts: every token, then what the search finds.
  const strip = page.getByRole('group', { name: /by status$/ });
  const countOf = async (status: string) => {
    const label = await strip
      .getByRole('button', { name: new RegExp(`^${status}: \\d+\\.`) })
      .getAttribute('aria-label');
    return Number(/: (\d+)\./.exec(label ?? '')?.[1]);
  };
  const stripTotal = async () =>
    (await countOf('Enabled')) +
    (await countOf('Disabled')) +
    (await countOf('Expired')) +
    (await countOf('Exhausted'));
  await expect.poll(stripTotal).toBe(40);

  await page.getByRole('searchbox', { name: 'Search' }).fill('production');
  const rows = page.getByRole('group', { name: /^Actions for / });
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('2 tokens', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Tokens the search finds, by status' }),
  ).toBeVisible();
  await expect.poll(stripTotal).toBe(2);
});
