import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/** Runs every axe-core rule on the whole page and records each violation under the screen's name. */
export async function expectNoAxeViolations(page: Page, screen: string) {
  await settled(page);
  // Legacy mode runs axe in the page itself; the default opens a page per scan to merge frame
  // results, and this dashboard has no frames.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
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
