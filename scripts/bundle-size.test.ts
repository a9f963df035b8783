import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { measureBundle } from './bundle-size';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dist(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'tokendesk-dist-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('measureBundle', () => {
  it('counts the page, what it loads and what those scripts import statically, not import()', () => {
    const dir = dist({
      'index.html': [
        '<script src="/early.js"></script>',
        '<script type="module" crossorigin src="/assets/index.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/preloaded.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index.css">',
        '<link rel="icon" href="/favicon.svg">',
      ].join('\n'),
      'early.js': 'void 0;',
      'assets/index.js':
        'import{a as b}from"./shared.js";import"./side.js";const l=()=>import("./lazy.js");',
      'assets/preloaded.js': 'export const p=1;',
      'assets/shared.js': 'export const a=1;',
      'assets/side.js': 'void 0;',
      'assets/index.css': 'body{margin:0}',
      'assets/lazy.js': 'export default 1;',
      'assets/lazy.css': 'p{margin:0}',
    });
    const sizes = measureBundle(dir);
    expect(sizes.criticalPath.map(({ file }) => file).sort()).toEqual(
      [
        'index.html',
        'early.js',
        'assets/index.js',
        'assets/preloaded.js',
        'assets/shared.js',
        'assets/side.js',
        'assets/index.css',
      ].sort(),
    );
    expect(sizes.lazy.map(({ file }) => file).sort()).toEqual([
      'assets/lazy.css',
      'assets/lazy.js',
    ]);
    expect(sizes.criticalPathGzip).toBe(
      sizes.criticalPath.reduce((sum, { gzip }) => sum + gzip, 0),
    );
    expect(sizes.criticalPathGzip).toBeGreaterThan(0);
  });

  it('counts each first screen’s part, named by the boot script, apart from the page’s own files', () => {
    const link = (href: string) => ({ href, rel: 'modulepreload' });
    const firstScreen = {
      signedIn: [link('/assets/index.js'), link('/assets/app.js')],
      signedOut: [link('/assets/connect.js')],
    };
    const dir = dist({
      'index.html': [
        `<script>(function () {\n  var firstScreen = ${JSON.stringify(firstScreen)};\n})();</script>`,
        '<script type="module" crossorigin src="/assets/index.js"></script>',
      ].join('\n'),
      'assets/index.js': 'export const i=1;',
      'assets/app.js': 'export const a=1;',
      'assets/connect.js': 'export const c=1;',
      'assets/lazy.js': 'export default 1;',
    });
    const sizes = measureBundle(dir);
    expect(sizes.criticalPath.map(({ file }) => file).sort()).toEqual([
      'assets/index.js',
      'index.html',
    ]);
    expect(sizes.signedInPart.map(({ file }) => file)).toEqual(['assets/app.js']);
    expect(sizes.connectPart.map(({ file }) => file)).toEqual(['assets/connect.js']);
    expect(sizes.lazy.map(({ file }) => file)).toEqual(['assets/lazy.js']);
  });
});
