import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** One source map segment's fields: generated column, then source index when it has one. */
function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** The package (node_modules/…) or dashboard folder (src/…) a source belongs to. */
export function originOf(source: string): string {
  const packages = source.lastIndexOf('node_modules/');
  if (packages >= 0) {
    const [scope = '', name = ''] = source.slice(packages + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const own = source.lastIndexOf('src/');
  if (own >= 0) {
    const parts = source.slice(own).split('/');
    return parts.length > 2 ? `${parts[0]}/${parts[1]}/` : parts.join('/');
  }
  return source;
}

/** Generated characters of one file, grouped by the origin of the code they came from. */
function charactersByOrigin(code: string, map: SourceMap): Map<string, string[]> {
  const byOrigin = new Map<string, string[]>();
  const take = (origin: string, text: string) => {
    if (!text) return;
    const texts = byOrigin.get(origin);
    if (texts) texts.push(text);
    else byOrigin.set(origin, [text]);
  };
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNumber) => {
    const line = lines[lineNumber] ?? '';
    let column = 0;
    const spans: Array<{ column: number; origin: string }> = [];
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (sourceDelta === undefined) {
        spans.push({ column, origin: '(generated)' });
        continue;
      }
      sourceIndex += sourceDelta;
      spans.push({ column, origin: originOf(map.sources[sourceIndex] ?? '(unknown)') });
    }
    take('(generated)', line.slice(0, spans[0]?.column ?? line.length));
    spans.forEach((span, index) =>
      take(span.origin, line.slice(span.column, spans[index + 1]?.column ?? line.length)),
    );
  });
  return byOrigin;
}

export interface OriginShare {
  origin: string;
  characters: number;
  /** The origin's code compressed on its own: a rough share of the gzip total. */
  gzipAlone: number;
}

/** Where the minified code of these scripts comes from, largest first (needs hidden source maps). */
export function originsOf(outDir: string, scripts: readonly string[]): OriginShare[] {
  const all = new Map<string, string[]>();
  for (const script of scripts) {
    const mapFile = join(outDir, `${script}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap;
    const code = readFileSync(join(outDir, script), 'utf8');
    for (const [origin, texts] of charactersByOrigin(code, map)) {
      all.set(origin, (all.get(origin) ?? []).concat(texts));
    }
  }
  return [...all]
    .map(([origin, texts]) => {
      const text = texts.join('');
      return { origin, characters: text.length, gzipAlone: gzipSync(text, { level: 9 }).length };
    })
    .sort((a, b) => b.characters - a.characters);
}
