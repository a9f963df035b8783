import { join } from 'node:path';
import { SEARCH_PAUSE_MS } from '../../src/api/adapters/tokendesk';
import type { Page } from '@playwright/test';
import { createTokens, dashboardSession } from '../lib/api';
import { launchBrowser, newDesktopContext } from '../lib/browser';
import type { BenchContext } from '../lib/context';
import { atMost, ms, type Figure, type SuiteResult } from '../lib/figures';
import { progress } from '../lib/log';
import { startService } from '../lib/service';
import { median, percentile } from '../lib/stats';
import {
  armEditProbe,
  armSearchProbe,
  probeResult,
  updateAnsweredAt,
  type ProbeResult,
} from './interaction/page-probes';

const SECTION = 'Interaction';
const GOAL_MS = 100;
const ROWS = 100;
/** Twenty words, none inside another or in "bench": each search is new to the page's cache. */
const WORDS = [
  'amber',
  'birch',
  'cedar',
  'delta',
  'ember',
  'fjord',
  'glade',
  'harbor',
  'iris',
  'juniper',
  'kelp',
  'lumen',
  'maple',
  'nectar',
  'onyx',
  'pebble',
  'quartz',
  'rowan',
  'sable',
  'tundra',
];
const PER_WORD = 6;

interface EditTiming {
  probe: ProbeResult;
  answeredAt: number | null;
}

export async function interactionSuite(context: BenchContext): Promise<SuiteResult> {
  const dashboardDir = await context.dashboardDir();
  await context.chromium();
  const service = await startService({
    database: { engine: 'sqlite', dataDir: join(context.tempDir, 'interaction-data') },
    dashboardDir,
  });
  const browser = await launchBrowser();
  try {
    await createTokens(
      service,
      WORDS.flatMap((word, w) =>
        Array.from({ length: PER_WORD }, (_, i) => ({
          name: `bench ${word} ${String(w * PER_WORD + i + 1).padStart(3, '0')}`,
          remain_quota: (w + 1) * (i + 1) * 1_000_000,
        })),
      ),
    );
    const browserContext = await newDesktopContext(browser);
    await browserContext.addInitScript(
      ({ key, value }) => sessionStorage.setItem(key, value),
      dashboardSession(service),
    );
    const page = await browserContext.newPage();
    await page.goto(`${service.url}/?size=${ROWS}`);
    await page
      .locator('tbody tr')
      .nth(ROWS - 1)
      .waitFor();

    progress(`interaction: ${WORDS.length} searches`);
    const searches = await timeSearches(page);
    progress(`interaction: ${WORDS.length} edits`);
    const edits = await timeEdits(page);
    return { figures: figuresOf(searches, edits), details: detailsOf() };
  } finally {
    await browser.close();
    await service.stop();
  }
}

async function timeSearches(page: Page): Promise<ProbeResult[]> {
  const searchbox = page.getByRole('searchbox', { name: 'Search' });
  const results: ProbeResult[] = [];
  for (const keyword of WORDS) {
    await page.evaluate(armSearchProbe, { keyword, rows: PER_WORD });
    await searchbox.fill(keyword);
    results.push(await page.evaluate(probeResult));
    await searchbox.fill('');
    await page.waitForFunction(
      (rows) => document.querySelectorAll('tbody tr').length === rows,
      ROWS,
    );
  }
  return results;
}

async function timeEdits(page: Page): Promise<EditTiming[]> {
  const results: EditTiming[] = [];
  for (let rowIndex = 0; rowIndex < WORDS.length; rowIndex += 1) {
    const name = `edited ${rowIndex + 1} ${Date.now().toString(36)}`;
    await page.locator('tbody tr').nth(rowIndex).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.evaluate(armEditProbe, { rowIndex, name });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const probe = await page.evaluate(probeResult);
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForLoadState('networkidle');
    results.push({ probe, answeredAt: await page.evaluate(updateAnsweredAt, probe.start) });
  }
  return results;
}

/** Median of a part of each probe, leaving out probes where that part is unknown. */
function medianOf<T>(items: T[], part: (item: T) => number | null): number | null {
  const values = items.flatMap((item) => {
    const value = part(item);
    return value === null ? [] : [value];
  });
  return values.length ? median(values) : null;
}

const maybe = (value: number | null) => (value === null ? 'n/a' : ms(value));

function figuresOf(searches: ProbeResult[], edits: EditTiming[]): Figure[] {
  // The search waits SEARCH_PAUSE_MS after the last key by design (a word costs one request,
  // not one per letter): what the goal judges is what comes after that pause.
  const total = searches.map((s) => s.painted - s.start);
  const afterPause = total.map((time) => time - SEARCH_PAUSE_MS);
  const untilRequest = medianOf(searches, (s) =>
    s.requestStart === null ? null : s.requestStart - s.start,
  );
  const server = medianOf(searches, (s) =>
    s.requestStart === null || s.responseEnd === null ? null : s.responseEnd - s.requestStart,
  );
  const toDom = medianOf(searches, (s) => (s.responseEnd === null ? null : s.dom - s.responseEnd));
  const toPaint = medianOf(searches, (s) => s.painted - s.dom);

  const edit = edits.map((e) => e.probe.painted - e.probe.start);
  const editDom = medianOf(edits, (e) => e.probe.dom - e.probe.start);
  const answered = medianOf(edits, (e) =>
    e.answeredAt === null ? null : e.answeredAt - e.probe.start,
  );
  return [
    atMost(
      SECTION,
      `edit: click Save → changed row painted, ${ROWS} rows (median of ${edit.length})`,
      median(edit),
      GOAL_MS,
      ms,
      {
        note: `click → row changed in the DOM ${maybe(editDom)}, then painted; p95 ${ms(percentile(edit, 95))}; the row changes before the server answers (optimistic update), whose answer arrived after ${maybe(answered)}`,
      },
    ),
    atMost(
      SECTION,
      `search: end of the typing pause → filtered table painted (median of ${total.length})`,
      median(afterPause),
      GOAL_MS,
      ms,
      {
        note: `the keystroke plus the ${SEARCH_PAUSE_MS} ms pause search waits for typing to stop: ${ms(median(total))} (p95 ${ms(percentile(total, 95))}); medians: keystroke → request sent ${maybe(untilRequest)}, request ${maybe(server)}, answer → rows in the DOM ${maybe(toDom)}, → painted ${maybe(toPaint)}`,
      },
    ),
  ];
}

function detailsOf(): string[] {
  return [
    `Headless Chromium driven by Playwright’s library API, a 1366×900 window, the dashboard signed in (session in \`sessionStorage\`) with ${ROWS} rows on the page (\`?size=${ROWS}\`) out of ${WORDS.length * PER_WORD} tokens, service and browser on loopback. Times are taken inside the page: \`performance.now()\` in a capturing listener for the click on Save or the search box’s input event, a MutationObserver until the changed row (or exactly the ${PER_WORD} matching rows) is in the table, then \`requestAnimationFrame\` and a task so that frame has been painted. Each search uses a word not searched before (no cached answer); each edit renames a different row. Playwright’s own timing is not used.`,
  ];
}
