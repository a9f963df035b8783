import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

let scans = 0;

/** How many scans this worker has run, for the report. */
export const axeScanCount = () => scans;

/**
 * Waits until every finite animation (Mantine's transitions) has ended, so colours are measured
 * as they end up rather than halfway through a fade. Endless ones (loaders) are left alone.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** The rules whose outcome depends on colours, the only thing a change of theme changes. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

interface ScanOptions {
  /** A modal dialog is open. */
  dialog?: boolean;
  /** The page's notifications, which fade out by themselves after a few seconds. */
  notifications?: Locator;
  /**
   * 'shown' scans only the page's theme: for walks made twice, in opposite themes (one per
   * language), which between them scan every screen with every rule in both.
   */
  themes?: 'both' | 'shown';
}

async function scan(page: Page, screen: string, options: ScanOptions, onlyColours: boolean) {
  // Pointed at, a notification stays, as for a person reading it, so it cannot fade out
  // halfway through the scan.
  const pointed = (await options.notifications?.count()) ? options.notifications?.last() : null;
  // Otherwise the pointer leaves whatever the last click left it on: a header button's tooltip,
  // shown under a resting pointer until the browser notices a drawer has covered it, is not part
  // of the screen scanned, and whether it was still there depended on the machine's speed.
  if (pointed) await pointed.hover({ timeout: 2_000 }).catch(() => undefined);
  else await page.mouse.move(0, 0);
  await settled(page);
  // Legacy mode runs axe in the page itself; the default opens a page per scan to merge frame
  // results, and this dashboard has no frames.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  // Under a modal dialog the page's main content cannot be reached and has a scan of its own;
  // the header stays in, so rules about the page as a whole still see everything.
  if (options.dialog) builder = builder.exclude('main');
  if (onlyColours) builder = builder.withRules(COLOUR_RULES);
  const { violations } = await builder.analyze();
  if (pointed) await page.mouse.move(0, 0);
  scans += 1;
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .slice(0, 6)
        .map(
          (node) =>
            `    ${node.html.slice(0, 160)}\n      ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
        )
        .join('\n')}`,
  );
  expect.soft(found, `axe-core on ${screen}`).toEqual([]);
}

async function showScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * Runs every axe-core rule in the page's theme, then (unless told otherwise) the colour rules in
 * the other one (the dashboard follows the system's while none is chosen), recording each violation under the
 * screen's name, and returns to the theme it found.
 */
export async function expectNoAxeViolations(page: Page, screen: string, options: ScanOptions = {}) {
  const shown = await page.locator('html').getAttribute('data-mantine-color-scheme');
  const first = shown === 'dark' ? 'dark' : 'light';
  const second = first === 'dark' ? 'light' : 'dark';
  await scan(page, `${screen}, ${first}`, options, false);
  if (options.themes === 'shown') return;
  await showScheme(page, second);
  await scan(page, `${screen}, ${second}`, options, true);
  await showScheme(page, first);
}
