import { expect, test } from './support/test';
import { SEARCH_PAUSE_MS } from '../src/api/adapters/tokendesk';
import { connect } from './support/app';
import { startService, type RunningService } from './support/service';

/** Searching the demo's forty tokens: what is asked of the server, and what the strip counts. */
let demo: RunningService;

test.beforeAll(async () => {
  demo = await startService({ env: { DEMO: '1' } });
});
test.afterAll(() => demo.stop());

test('typing a word asks the server once, when typing pauses', async ({ page }) => {
  await page.clock.install();
  await connect(page, demo.adminKey, demo.url);
  await expect(page.getByRole('group', { name: /^Actions for / }).first()).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/token/' && url.searchParams.has('keyword')) {
      asked.push(url.searchParams.get('keyword')!);
    }
  });
  // The page's clock moves 80 ms between keys, however long a busy machine takes to send them:
  // a key that came late must not count as a pause.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const search = page.getByRole('searchbox', { name: 'Search' });
  for (const letter of 'prod') {
    await search.press(letter);
    await page.clock.runFor(80);
  }
  await page.clock.runFor(SEARCH_PAUSE_MS);
  await page.clock.resume();
  await expect(page.getByText(/^\d+ tokens?$/)).toHaveText(/^[1-9]/);
  await expect(
    page.getByRole('group', { name: 'Actions for Production backend', exact: true }),
  ).toBeVisible();
  await page.waitForTimeout(600);
  expect(asked).toEqual(['prod']);
});

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

test('a key pasted as the table shows it, masked, asks for the whole key', async ({ page }) => {
  await connect(page, demo.adminKey, demo.url);
  const search = page.getByRole('searchbox', { name: 'Search' });
  const rows = page.getByRole('group', { name: /^Actions for / });
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/token/' && url.searchParams.has('token')) asked.push(url.search);
  });
  await search.fill('sk-abcd**********wxyz');
  await expect(search).toHaveAccessibleDescription(/paste the whole key/i);
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  await page.waitForTimeout(600);
  expect(asked).toEqual([]);
  // The list still shows what it showed.
  await expect(rows).toHaveCount(shown);

  await search.fill('prod');
  await expect(search).not.toHaveAttribute('aria-invalid', 'true');
});
