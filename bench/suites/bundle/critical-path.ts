import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from './built-files';

export type LoadReason =
  | 'the page, with the boot script'
  | 'classic script'
  | 'module script'
  | 'modulepreload'
  | 'stylesheet'
  | 'static import'
  | 'CSS of a chunk'
  | 'connect screen part';

export interface CriticalFile {
  path: string;
  reason: LoadReason;
}

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    attributes.set((match[1] ?? '').toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** Same-origin paths only: a CDN file would not be part of this build. */
const localPath = (url: string | undefined) =>
  url && url.startsWith('/') && !url.startsWith('//') ? url.slice(1) : undefined;

/** What index.html itself asks for before the app can render: blocking and module scripts, preloads, stylesheets. */
function requestedByPage(html: string): CriticalFile[] {
  const files: CriticalFile[] = [];
  for (const match of html.matchAll(TAG)) {
    const attributes = attributesOf(match[2] ?? '');
    if (match[1]?.toLowerCase() === 'script') {
      const path = localPath(attributes.get('src'));
      if (!path || attributes.has('async')) continue;
      const module = attributes.get('type') === 'module';
      files.push({ path, reason: module ? 'module script' : 'classic script' });
      continue;
    }
    const rel = attributes.get('rel');
    const path = localPath(attributes.get('href'));
    if (path && rel === 'modulepreload') files.push({ path, reason: 'modulepreload' });
    if (path && rel === 'stylesheet') files.push({ path, reason: 'stylesheet' });
  }
  return files;
}

/**
 * The critical path: the page itself, which carries the boot script, what it loads, plus
 * whatever those scripts import statically (and those chunks' CSS) that the page did not
 * already list. Dynamic imports are left out.
 */
export function criticalPath(outDir: string, manifest: Manifest): CriticalFile[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const chunkByFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const files: CriticalFile[] = [
    { path: 'index.html', reason: 'the page, with the boot script' },
    ...requestedByPage(html),
  ];
  const seen = new Set(files.map((file) => file.path));
  const add = (path: string, reason: LoadReason) => {
    if (seen.has(path)) return;
    seen.add(path);
    files.push({ path, reason });
  };
  for (let index = 0; index < files.length; index += 1) {
    const chunk = chunkByFile.get(files[index]?.path ?? '');
    if (!chunk) continue;
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (imported) add(imported.file, 'static import');
    }
    for (const css of chunk.css ?? []) add(css, 'CSS of a chunk');
  }
  return files;
}
