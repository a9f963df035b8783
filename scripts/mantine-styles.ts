import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A file of a Vite build output, as `build({ build: { write: false } })` returns it. */
export type BuiltFile =
  | { type: 'chunk'; fileName: string; code: string }
  | { type: 'asset'; fileName: string; source: string | Uint8Array };

/** Mantine's CSS-module classes look like `m_1b7284a3`. */
const CLASS = /\bm_[0-9a-f]{8}\b/g;

/** Which of Mantine's stylesheets define each class, e.g. m_919a4d88 → …/Notification.css. */
export function mantineStylesheets(nodeModules: string): Map<string, string[]> {
  const folders = ['@mantine/core/styles', '@mantine/dates', '@mantine/notifications'];
  const sheets = new Map<string, string[]>();
  for (const folder of folders) {
    for (const file of readdirSync(join(nodeModules, folder))) {
      // The .layer.css files hold the same rules inside @layer.
      if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
      const css = readFileSync(join(nodeModules, folder, file), 'utf8');
      for (const name of new Set(css.match(CLASS))) {
        sheets.set(name, [...(sheets.get(name) ?? []), `${folder}/${file}`]);
      }
    }
  }
  return sheets;
}

export interface StyleCoverage {
  /** Mantine classes the built scripts can put on elements. */
  used: Set<string>;
  /** Stylesheets defining a used class that the built CSS lacks, each with those classes. */
  missing: Map<string, string[]>;
}

/** Compares the Mantine classes in the built scripts with the classes the built CSS styles. */
export function mantineStyleCoverage(
  files: readonly BuiltFile[],
  sheets: Map<string, string[]>,
): StyleCoverage {
  const used = new Set<string>();
  const styled = new Set<string>();
  for (const file of files) {
    if (file.type === 'chunk') for (const name of file.code.match(CLASS) ?? []) used.add(name);
    else if (file.fileName.endsWith('.css'))
      for (const name of String(file.source).match(CLASS) ?? []) styled.add(name);
  }
  const missing = new Map<string, string[]>();
  for (const name of used) {
    if (styled.has(name)) continue;
    for (const sheet of sheets.get(name) ?? [])
      missing.set(sheet, [...(missing.get(sheet) ?? []), name]);
  }
  return { used, missing };
}
