import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../src/api/session-key';
import { measureBundle, type BundleSizes } from './bundle-size';

const KB = 1000;
/** What the browser fetches before the first render of the connect screen or the table. */
const CRITICAL_PATH_BUDGET = 150 * KB;
/** Any part loaded later, on its own. */
const LAZY_CHUNK_BUDGET = 100 * KB;

describe('the production build', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'tokendesk-budget-'));
  let sizes: BundleSizes;

  beforeAll(async () => {
    // The test runner sets NODE_ENV=test, which would bundle React's development build.
    const testEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: resolve('vite.config.ts'),
        mode: 'production',
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = testEnv;
    }
    sizes = measureBundle(outDir);
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it(`loads at most ${CRITICAL_PATH_BUDGET / KB} kB (gzip -9) before the first render`, () => {
    const listing = sizes.criticalPath.map(({ file, gzip }) => `${file} ${gzip}`).join('\n');
    expect(sizes.criticalPathGzip, listing).toBeLessThanOrEqual(CRITICAL_PATH_BUDGET);
    // The measurement itself must see the entry script and its style sheet.
    expect(sizes.criticalPath.some(({ file }) => /^assets\/index-.*\.js$/.test(file))).toBe(true);
    expect(sizes.criticalPath.some(({ file }) => file.endsWith('.css'))).toBe(true);
  });

  it(`keeps every lazily loaded chunk within ${LAZY_CHUNK_BUDGET / KB} kB (gzip -9)`, () => {
    expect(sizes.lazy.length).toBeGreaterThan(0);
    const over = sizes.lazy.filter(({ gzip }) => gzip > LAZY_CHUNK_BUDGET);
    expect(over).toEqual([]);
  });

  it('keeps the second language and the token form off the first screen', () => {
    const critical = sizes.criticalPath.map(({ file }) => file).join(' ');
    expect(critical).not.toMatch(/zh-CN-/);
    expect(critical).not.toMatch(/token-form/);
    expect(critical).not.toMatch(/connected-app/);
  });

  it('starts fetching the signed-in part from the first script, only when a session is stored', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const first = /<script src="\/(assets\/boot-[^"]+\.js)"><\/script>/.exec(html);
    expect(first, html).not.toBeNull();
    expect(html.indexOf(first![0])).toBeLessThan(html.indexOf('<script type="module"'));
    const boot = readFileSync(join(outDir, first![1]!), 'utf8');
    // The theme is applied as before, and the signed-in part is named by its built file.
    expect(boot).toContain('data-mantine-color-scheme');
    expect(boot).toContain(`sessionStorage.getItem(${JSON.stringify(SESSION_KEY)})`);
    const connected = readdirSync(join(outDir, 'assets')).find((file) =>
      /^connected-app-.*\.js$/.test(file),
    );
    expect(connected).toBeDefined();
    expect(boot).toContain(`/assets/${connected}`);
  });
});
