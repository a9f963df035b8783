import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
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

/**
 * Each thing's box where it can be seen: within the window's width and within every ancestor
 * that clips what overflows it (a scrolling table cuts off what lies beyond its edge).
 */
function clippedSideways(elements: Element[]): string[] {
  const out: string[] = [];
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) {
      out.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} of ${innerWidth}`);
      continue;
    }
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
        out.push(`${name}: cut off by a clipping box at ${Math.round(frame.right)}`);
        break;
      }
    }
  }
  return out;
}

for (const width of [360, 390, 820, 1024, 1280, 1440, 1920]) {
  test(`at ${width} px every token’s buttons are on screen, whole, and nothing scrolls sideways`, async ({
    page,
  }) => {
    await openList(page, width);
    const groups = page.getByRole('group', { name: /^Actions for / });
    const count = await groups.count();
    expect(count).toBeGreaterThanOrEqual(10);
    for (const group of await groups.all()) {
      for (const name of ['Edit', /^(Disable|Enable)$/, 'Copy key', 'Delete']) {
        await expect(group.getByRole('button', { name })).toBeVisible();
      }
    }
    expect(await groups.evaluateAll(clippedSideways)).toEqual([]);
    const buttons = page.getByRole('group', { name: /^Actions for / }).getByRole('button');
    expect(await buttons.evaluateAll(clippedSideways)).toEqual([]);

    const sideways = await page.evaluate(() => {
      const root = document.scrollingElement!;
      return root.scrollWidth - root.clientWidth;
    });
    expect(sideways).toBeLessThanOrEqual(0);

    // Each column's heading whole, within its own cell and on screen.
    const headers = page.getByRole('columnheader');
    const cutHeaders = await headers.evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const content = cell.firstElementChild;
        const inner = content?.getBoundingClientRect();
        // A heading read out only (the buttons' column) has nothing to cut.
        if (!content || !inner || inner.width <= 1 || !cell.textContent?.trim()) return [];
        const outer = cell.getBoundingClientRect();
        const whole = content.scrollWidth <= content.clientWidth + 1 || content.clientWidth === 0;
        return inner.right <= outer.right + 0.5 && inner.right <= innerWidth && whole
          ? []
          : [cell.textContent];
      }),
    );
    expect(cutHeaders).toEqual([]);
    expect(await headers.evaluateAll(clippedSideways)).toEqual([]);
  });
}

test('at 1440 × 900 the first page shows at least 12 whole rows, no cell text wrapping', async ({
  page,
}) => {
  await openList(page, 1440, 900);
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows.nth(11)).toBeAttached();
  const whole = await rows.evaluateAll(
    (all) =>
      all.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(whole).toBeGreaterThanOrEqual(12);

  // A text broken over two lines has boxes at two heights.
  const wrapped = await rows.evaluateAll((all) => {
    const found: string[] = [];
    for (const row of all) {
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom)));
        if (tops.size > 1) found.push(node.textContent);
      }
    }
    return found;
  });
  expect(wrapped).toEqual([]);
});

for (const [width, height] of [
  [1440, 900],
  [1024, 768],
  [390, 844],
] as const) {
  test(`at ${width} px ticking a token moves nothing, and the selection bar stays in view`, async ({
    page,
  }) => {
    await openList(page, width, height);
    const items =
      width < 768
        ? page.getByRole('article')
        : page
            .getByRole('table')
            .getByRole('row')
            .filter({ has: page.getByRole('cell') });
    const boxes = () =>
      items.evaluateAll((all) =>
        all.map((item) => {
          const { x, y, width, height } = item.getBoundingClientRect();
          return { x, y, width, height };
        }),
      );
    const before = await boxes();
    await page
      .getByRole('checkbox', { name: /^Select / })
      .nth(1)
      .check();
    const bar = page.getByRole('region', { name: 'Selected tokens' });
    await expect(bar).toBeVisible();
    expect(await boxes()).toEqual(before);

    // Scrolled to the end of the list, the bar is still on screen.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expect(bar.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
    // And it hides nothing for good: the last row can be scrolled clear of it.
    const last = items.last();
    const [barBox, lastBox] = [await bar.boundingBox(), await last.boundingBox()];
    expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(barBox!.y + 1);
  });
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
