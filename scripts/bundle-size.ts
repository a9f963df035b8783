import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface SizedFile {
  file: string;
  gzip: number;
}

export interface BundleSizes {
  /** index.html and what it makes the browser fetch before the first render, gzip -9. */
  criticalPath: SizedFile[];
  criticalPathGzip: number;
  /** What the boot script fetches beside the critical path for the connect screen. */
  connectPart: SizedFile[];
  connectPartGzip: number;
  /** What the boot script fetches beside the critical path on the reload of a signed-in tab. */
  signedInPart: SizedFile[];
  signedInPartGzip: number;
  /** Every other script and style sheet: fetched only when a part of the app needs it. */
  lazy: SizedFile[];
  totalJsGzip: number;
}

const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** Same-origin files named by index.html's script, modulepreload and stylesheet tags. */
function filesNamedBy(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const files: string[] = [];
  for (const tag of tags) {
    const isScript = tag.startsWith('<script');
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    if (!isScript && rel !== 'modulepreload' && rel !== 'stylesheet') continue;
    const url = /\b(?:src|href)="(\/[^"]+)"/.exec(tag)?.[1];
    if (url) files.push(url.slice(1));
  }
  return files;
}

/** Modules a script imports statically; `import("…")` is left out, it loads on demand. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /\b(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["']\.\/([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.push(`assets/${match[1]}`);
  return found;
}

type Links = { href: string; rel: string }[];

/** The links the boot script, written into index.html, adds for each first screen. */
export function firstScreenLinks(html: string): { signedIn: Links; signedOut: Links } {
  // The boot script holds them as `var firstScreen = {…};` (scripts/vite-boot-script.ts).
  const links = /var firstScreen = (\{.*\});/.exec(html);
  return links ? JSON.parse(links[1]!) : { signedIn: [], signedOut: [] };
}

/** The files of those links, as paths in the build ('assets/connected-app-abc.js'). */
export function firstScreenFiles(html: string) {
  const { signedIn, signedOut } = firstScreenLinks(html);
  const files = (links: Links) => links.map(({ href }) => href.slice(1));
  return { signedIn: files(signedIn), signedOut: files(signedOut) };
}

export function measureBundle(distDir: string): BundleSizes {
  const critical = new Set<string>();
  const visit = (file: string) => {
    if (critical.has(file)) return;
    critical.add(file);
    if (file.endsWith('.js')) {
      for (const imported of staticImports(readFileSync(join(distDir, file), 'utf8'))) {
        visit(imported);
      }
    }
  };
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  // The page itself first: it carries the boot script.
  for (const file of ['index.html', ...filesNamedBy(html)]) visit(file);
  const parts = firstScreenFiles(html);
  const connect = new Set(parts.signedOut.filter((file) => !critical.has(file)));
  const signedIn = new Set(parts.signedIn.filter((file) => !critical.has(file)));

  const assets = readdirSync(join(distDir, 'assets'))
    .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
    .map((name) => `assets/${name}`);
  // Each file is compressed once, however many of the lists below it is in.
  const gzipOf = new Map<string, number>();
  const sized = (file: string): SizedFile => {
    let gzip = gzipOf.get(file);
    if (gzip === undefined) gzipOf.set(file, (gzip = gzipped(join(distDir, file))));
    return { file, gzip };
  };
  const criticalPath = [...critical].map(sized);
  const connectPart = [...connect].map(sized);
  const signedInPart = [...signedIn].map(sized);
  const total = (files: SizedFile[]) => files.reduce((sum, { gzip }) => sum + gzip, 0);
  return {
    criticalPath,
    criticalPathGzip: total(criticalPath),
    connectPart,
    connectPartGzip: total(connectPart),
    signedInPart,
    signedInPartGzip: total(signedInPart),
    lazy: assets
      .filter((file) => !critical.has(file) && !connect.has(file) && !signedIn.has(file))
      .map(sized),
    totalJsGzip: total(assets.filter((file) => file.endsWith('.js')).map(sized)),
  };
}
