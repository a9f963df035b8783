import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../src/api/session-key';
import { firstScreenLinks, measureBundle, type BundleSizes } from './bundle-size';

const KB = 1000;
/**
 * What the connect screen fetches before its first render: the page with its boot script, the
 * page's entry and the connect screen's part, which the boot script fetches beside it. The entry
 * holds zod's setting (and the helpers it needs), which turns off zod's compiled parsers before
 * any part can build a schema. Its style sheet holds the signed-in app's first screen's styles
 * too (5 kB), which connecting leads to, so that a signed-in reload makes one request fewer.
 */
const CONNECT_SCREEN_BUDGET = 145 * KB;
/**
 * What a signed-in reload fetches before the token list can draw: the entry and the signed-in
 * part, all of which the list needs. On a phone's slow connection this is most of the wait for
 * the list (Lighthouse's mobile preset simulates 1.6 Mbit/s: 10 kB more is 50 ms more). What the
 * list's first paint does without (menus, tooltips, dialogs, the table a wider window draws)
 * loads on demand.
 */
const BEFORE_LIST_BUDGET = 220 * KB;
/**
 * Files a signed-in reload fetches before the list can draw: those index.html names (its
 * scripts, style sheets and icon) and those the boot script adds. The browser asks a server for
 * at most six things at a time over HTTP/1.1, and the boot script's early calls (four on the
 * token list) are among them: with the icon and the signed-in styles as files of their own,
 * two more, a script of the list's waited a round trip for a connection in Lighthouse's mobile
 * runs (largest paint 2.01 s; 1.86 s without them).
 */
const SIGNED_IN_FILES_BUDGET = 4;
/** Any other part, loaded later on its own. */
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

  const listing = (files: BundleSizes['criticalPath']) =>
    files.map(({ file, gzip }) => `${file} ${gzip}`).join('\n');

  it(`loads at most ${CONNECT_SCREEN_BUDGET / KB} kB (gzip -9) before the connect screen`, () => {
    const files = [...sizes.criticalPath, ...sizes.connectPart];
    const total = sizes.criticalPathGzip + sizes.connectPartGzip;
    expect(total, listing(files)).toBeLessThanOrEqual(CONNECT_SCREEN_BUDGET);
    // The measurement itself must see the entry script, its style sheet and the screen's part.
    expect(sizes.criticalPath.some(({ file }) => /^assets\/index-.*\.js$/.test(file))).toBe(true);
    expect(sizes.criticalPath.some(({ file }) => file.endsWith('.css'))).toBe(true);
    expect(sizes.connectPart.some(({ file }) => /^assets\/connect-.*\.js$/.test(file))).toBe(true);
  });

  it(`loads at most ${BEFORE_LIST_BUDGET / KB} kB (gzip -9) before a signed-in reload draws the list`, () => {
    const files = [...sizes.criticalPath, ...sizes.signedInPart];
    const total = sizes.criticalPathGzip + sizes.signedInPartGzip;
    expect(sizes.signedInPart.length, listing(files)).toBeGreaterThan(0);
    expect(total, listing(files)).toBeLessThanOrEqual(BEFORE_LIST_BUDGET);
  });

  it(`keeps every other lazily loaded chunk within ${LAZY_CHUNK_BUDGET / KB} kB (gzip -9)`, () => {
    expect(sizes.lazy.length).toBeGreaterThan(0);
    const over = sizes.lazy.filter(({ gzip }) => gzip > LAZY_CHUNK_BUDGET);
    expect(over).toEqual([]);
  });

  it('keeps the second language, the token form and each first screen off the other', () => {
    const names = (files: BundleSizes['criticalPath']) => files.map(({ file }) => file).join(' ');
    const critical = names(sizes.criticalPath);
    expect(critical).not.toMatch(/zh-CN-|token-form|connected-app|connect-/);
    // The signed-in list does not wait for the connect form, nor the form for the list.
    expect(names(sizes.signedInPart)).not.toMatch(/connect-|token-form/);
    expect(names(sizes.connectPart)).not.toMatch(/connected-app|session-|token-form/);
  });

  it(`fetches at most ${SIGNED_IN_FILES_BUDGET} files before a signed-in reload draws the list`, () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const named = [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]);
    const { signedIn } = firstScreenLinks(html);
    expect(signedIn.length).toBeGreaterThan(0);
    expect(signedIn.every(({ rel }) => rel === 'modulepreload' || rel === 'preload')).toBe(true);
    expect(named.length + signedIn.length).toBeLessThanOrEqual(SIGNED_IN_FILES_BUDGET);
  });

  it('writes a Brotli and a gzip copy of the page and every script and style sheet, smaller and the same inside', () => {
    const files = [
      'index.html',
      ...readdirSync(join(outDir, 'assets'))
        .filter((file) => /\.(js|css)$/.test(file))
        .map((file) => `assets/${file}`),
    ];
    const unpack = { br: brotliDecompressSync, gz: gunzipSync };
    for (const file of files) {
      const content = readFileSync(join(outDir, file));
      if (content.length < 1024) continue;
      for (const [suffix, decompress] of Object.entries(unpack)) {
        const copy = join(outDir, `${file}.${suffix}`);
        expect(existsSync(copy), copy).toBe(true);
        const packed = readFileSync(copy);
        expect(packed.length, copy).toBeLessThan(content.length);
        expect(decompress(packed).equals(content), copy).toBe(true);
      }
    }
  });

  it('starts fetching each first screen’s part from the first script, written into the page', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const first = /<script>([\s\S]*?)<\/script>/.exec(html);
    expect(first, html).not.toBeNull();
    expect(html.indexOf(first![0])).toBeLessThan(html.indexOf('<script type="module"'));
    const boot = first![1]!;
    // The theme is applied as before, and the signed-in part is named by its built file.
    expect(boot).toContain('data-mantine-color-scheme');
    expect(boot).toContain(`sessionStorage.getItem(${JSON.stringify(SESSION_KEY)})`);
    const connected = readdirSync(join(outDir, 'assets')).find((file) =>
      /^connected-app-.*\.js$/.test(file),
    );
    expect(connected).toBeDefined();
    const { signedIn, signedOut } = firstScreenLinks(html);
    expect(signedIn.map(({ href }) => href)).toContain(`/assets/${connected}`);
    expect(signedOut.some(({ href }) => /^\/assets\/connect-.*\.js$/.test(href))).toBe(true);
  });
});
