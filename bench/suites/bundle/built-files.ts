import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Vite's build manifest (.vite/manifest.json), the fields read here. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Size with gzip at its highest level, as a server that compresses ahead of time sends it. */
export function gzipSize(outDir: string, path: string): number {
  return gzipSync(readFileSync(join(outDir, path)), { level: 9 }).length;
}

/** Size as the service sends it to a browser that accepts Brotli: the build's `.br` copy. */
export function servedSize(outDir: string, path: string): number {
  const brotli = join(outDir, `${path}.br`);
  return existsSync(brotli) ? statSync(brotli).size : gzipSize(outDir, path);
}

export function rawSize(outDir: string, path: string): number {
  return statSync(join(outDir, path)).size;
}

/** Every file of the build, as paths relative to it ('assets/index-abc.js'). */
export function listBuiltFiles(outDir: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return walk(outDir).map((file) => relative(outDir, file).split('\\').join('/'));
}

export const isScript = (path: string) => path.endsWith('.js');
export const isStyle = (path: string) => path.endsWith('.css');
