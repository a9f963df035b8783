import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../lib/browser';
import type { BenchContext } from '../lib/context';
import { atMost, count, info, kB, ms, type Figure, type SuiteResult } from '../lib/figures';
import { progress } from '../lib/log';
import { startService } from '../lib/service';
import { median, sum } from '../lib/stats';
import {
  gzipSize,
  isScript,
  isStyle,
  listBuiltFiles,
  rawSize,
  readManifest,
  servedSize,
} from './bundle/built-files';
import { criticalPath } from './bundle/critical-path';
import { firstRenderRequests, type FirstRender } from './bundle/first-render-requests';
import { originsOf } from './bundle/source-origins';
import { firstScreenFiles } from '../../scripts/bundle-size';

const SECTION = 'Bundle';
const CRITICAL_GOAL = 150_000;
const LAZY_CHUNK_GOAL = 100_000;
const SIGNED_IN_GOAL = 150_000;
const CRITICAL_ANCHOR = 'one-api ≈ 398 kB, new-api ≈ 1,293 kB';
const PAGE_LOADS = 3;
const ORIGINS_SHOWN = 12;

export async function bundleSuite(context: BenchContext): Promise<SuiteResult> {
  const outDir = await context.dashboardDir();
  const manifest = readManifest(outDir);
  const gzip = (path: string) => gzipSize(outDir, path);

  const parts = firstScreenFiles(readFileSync(join(outDir, 'index.html'), 'utf8'));
  const entry = criticalPath(outDir, manifest);
  const entrySet = new Set(entry.map((file) => file.path));
  // The connect screen's first render also waits for its part, fetched beside the entry's.
  const critical = [
    ...entry,
    ...parts.signedOut
      .filter((path) => !entrySet.has(path))
      .map((path) => ({ path, reason: 'connect screen part' as const })),
  ];
  const criticalSet = new Set(critical.map((file) => file.path));
  const criticalJs = sum(critical.filter((f) => isScript(f.path)).map((f) => gzip(f.path)));
  const criticalCss = sum(critical.filter((f) => isStyle(f.path)).map((f) => gzip(f.path)));
  // The page carries the boot script: its JS is counted with the page.
  const page = gzip('index.html');

  const served = (paths: string[]) => sum(paths.map((path) => servedSize(outDir, path)));
  // What the boot script fetches beside the entry on a signed-in reload.
  const signedIn = parts.signedIn.filter((path) => !entrySet.has(path));
  const beforeList = [...entry.map((file) => file.path), ...signedIn];
  const signedInSet = new Set(signedIn);

  const scripts = listBuiltFiles(outDir).filter(isScript);
  const lazyChunks = scripts
    .filter((path) => !criticalSet.has(path) && !signedInSet.has(path))
    .map((path) => ({ path, gzip: gzip(path) }))
    .sort((a, b) => b.gzip - a.gzip);
  const largestChunk = lazyChunks[0];

  progress('bundle: counting requests before the first paint in Chromium');
  const loads = await measureFirstRender(context, outDir);
  const typical = loads.sort((a, b) => a.beforeFcp.length - b.beforeFcp.length)[
    Math.floor(loads.length / 2)
  ] as FirstRender;
  const counts = loads.map((load) => load.beforeFcp.length);

  const figures: Figure[] = [
    atMost(
      SECTION,
      'critical path, JS + CSS (gzip -9)',
      page + criticalJs + criticalCss,
      CRITICAL_GOAL,
      kB,
      {
        anchor: CRITICAL_ANCHOR,
        note: `${critical.length} files: the page with the boot script ${kB(page)}, JS ${kB(criticalJs)}, CSS ${kB(criticalCss)}; as served with Brotli ${kB(served(critical.map((file) => file.path)))}`,
      },
    ),
    atMost(
      SECTION,
      'signed-in part, fetched beside it on a signed-in reload (gzip -9)',
      sum(signedIn.map(gzip)),
      SIGNED_IN_GOAL,
      kB,
      { note: `${signedIn.length} files; as served with Brotli ${kB(served(signedIn))}` },
    ),
    info(
      SECTION,
      'before the token list draws on a signed-in reload, as served (Brotli)',
      kB(served(beforeList)),
      { note: `${beforeList.length} files: the entry's and the signed-in part` },
    ),
    info(SECTION, 'total JS (gzip -9)', kB(sum(scripts.map(gzip))), {
      note: `${scripts.length} files`,
    }),
    largestChunk
      ? atMost(SECTION, 'largest lazy chunk (gzip -9)', largestChunk.gzip, LAZY_CHUNK_GOAL, kB, {
          note: largestChunk.path,
        })
      : info(SECTION, 'largest lazy chunk (gzip -9)', 'none'),
    info(
      SECTION,
      'requests before first contentful paint (Chromium, connect screen)',
      count(median(counts)),
      {
        note: `FCP at ${ms(typical.fcpMs)} on loopback without throttling; ${typical.beforeForm.length} requests had started when the connect form entered the DOM (${ms(typical.formMs)}); ${PAGE_LOADS} loads, counts ${counts.join(', ')}`,
      },
    ),
  ];

  const origins = originsOf(
    outDir,
    critical.filter((file) => isScript(file.path)).map((file) => file.path),
  );
  const originTotal = sum(origins.map((origin) => origin.characters));
  const details = [
    'The production build (`vite build`) in a folder of the bench, served by the service. The critical path is the page (`index.html`, which carries the boot script) and what it loads before the first render: its module scripts, `modulepreload` links and stylesheets, plus any chunk they import statically (found through Vite’s build manifest) and that chunk’s CSS, and the connect screen’s part, which the boot script fetches beside them when no session is stored. Sizes are gzip level 9 of each file (`node:zlib`). The signed-in part is what the boot script fetches beside it when a session is stored. A lazy chunk is any other JS file of the build. The service sends the build’s Brotli copies to browsers that accept them (Chromium does).',
    '',
    'Requests before first render: the connect screen loaded in headless Chromium with an empty cache, three times; counted are the document and every same-origin resource whose request started before `first-contentful-paint`, read from the page’s own Resource Timing and Paint Timing.',
    '',
    '| file on the critical path | why it loads | bytes | gzip -9 |',
    '| --- | --- | --- | --- |',
    ...critical.map(
      (file) =>
        `| ${file.path} | ${file.reason} | ${kB(rawSize(outDir, file.path))} | ${kB(gzip(file.path))} |`,
    ),
    '',
    `Where the critical path’s minified JS comes from (from the build’s source maps; “gzip alone” compresses each origin’s code by itself, so the column does not add up to the total):`,
    '',
    '| origin | minified | share | gzip alone |',
    '| --- | --- | --- | --- |',
    ...origins
      .slice(0, ORIGINS_SHOWN)
      .map(
        (origin) =>
          `| ${origin.origin} | ${kB(origin.characters)} | ${((origin.characters / originTotal) * 100).toFixed(1)}% | ${kB(origin.gzipAlone)} |`,
      ),
    '',
    `Requests started before first contentful paint (one typical load): ${typical.beforeFcp.map((path) => `\`${path}\``).join(', ')}.`,
    '',
    `Largest lazy chunks: ${lazyChunks
      .slice(0, 5)
      .map((chunk) => `${chunk.path} ${kB(chunk.gzip)}`)
      .join(', ')}.`,
  ];
  return { figures, details };
}

async function measureFirstRender(context: BenchContext, outDir: string): Promise<FirstRender[]> {
  await context.chromium();
  const service = await startService({
    database: { engine: 'sqlite', dataDir: join(context.tempDir, 'bundle-data') },
    dashboardDir: outDir,
  });
  const browser = await launchBrowser();
  try {
    const loads: FirstRender[] = [];
    for (let load = 0; load < PAGE_LOADS; load += 1) {
      loads.push(await firstRenderRequests(browser, `${service.url}/`));
    }
    return loads;
  } finally {
    await browser.close();
    await service.stop();
  }
}
