import { expect, test, type Page } from '@playwright/test';
import { connect, createToken } from './support/app';
import { startService, type RunningService } from './support/service';

/**
 * The token list laid out at every width a person may use, on the demo's forty tokens and two
 * that refill: every row's buttons on screen, nothing scrolling sideways, rows that stay put.
 */
let demo: RunningService;

test.beforeAll(async ({ request }) => {
  demo = await startService({ env: { DEMO: '1' } });
  for (const period of ['daily', 'weekly'] as const) {
    await createToken(
      request,
      {
        name: `Refilling ${period}`,
        remain_quota: 40_000,
        quota_reset_period: period,
        quota_reset_amount: 500_000,
      },
      demo.adminKey,
      demo.url,
    );
  }
});
test.afterAll(() => demo.stop());

async function openList(page: Page, width: number, height = 900) {
  await page.setViewportSize({ width, height });
  await connect(page, demo.adminKey, demo.url);
  await expect(page.getByRole('group', { name: /^Actions for / }).first()).toBeVisible();
}

/** The contrast of two colours given as rgb(…), as WCAG defines it. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const value = Number(part) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

for (const scheme of ['dark', 'light'] as const) {
  test(`in the ${scheme} theme each status’s dot stands out from its badge (3:1 or more)`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openList(page, 1440);
    const statuses = ['Enabled', 'Disabled', 'Expired', 'Exhausted'];
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100');
    const table = page.getByRole('table');
    for (const status of statuses) {
      const badge = table.getByText(status, { exact: true }).first();
      await expect(badge).toBeVisible();
      // The dot is drawn before the word, on the badge that holds it.
      const colours = await badge.evaluate((element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          const dot = getComputedStyle(node, '::before');
          if (dot.content !== 'none' && dot.backgroundColor !== 'rgba(0, 0, 0, 0)') {
            return { dot: dot.backgroundColor, surface: getComputedStyle(node).backgroundColor };
          }
        }
        return null;
      });
      expect(colours, status).not.toBeNull();
      expect(contrast(colours!.dot, colours!.surface), status).toBeGreaterThanOrEqual(3);
    }
  });
}
