import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link of the README and docs/ leads somewhere: its file exists and, when it names
 * an anchor, the target has a heading of that name (as GitHub makes anchors from headings) or an
 * explicit <a id>. Links with a scheme (https:, mailto:) are not checked.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks, where a heading or a link is only text. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text outside code blocks and code spans. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** Where each link of a page points: inline links and images, definitions, HTML href and src. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const targets: string[] = [];
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push(match[1]!);
  }
  for (const match of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) {
    targets.push(match[1]!);
  }
  for (const match of text.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g)) {
    targets.push(match[1]!);
  }
  return targets;
}

/** A heading's anchor as GitHub makes it: lowercase, punctuation gone, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/<[^>]+>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' (a repeated one gets -1, -2, …) and its <a id>s. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutFences(markdown).matchAll(/^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of markdown.matchAll(/<a\s[^>]*?(?:id|name)="([^"]+)"/g)) {
    anchors.add(match[1]!);
  }
  return anchors;
}

/** The links of `page` (a path from the repository's root) that lead nowhere, with why. */
function brokenLinks(page: string, markdown: string, root = ROOT): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path = '', anchor] = target.split('#', 2);
    const file = join(root, path === '' ? page : join(dirname(page), decodeURIComponent(path)));
    if (path !== '' && !existsSync(file)) {
      broken.push(`${target}: no file ${relative(root, file)}`);
      continue;
    }
    if (anchor === undefined || anchor === '' || !file.endsWith('.md')) continue;
    const offered = anchorsOf(path === '' ? markdown : readFileSync(file, 'utf8'));
    if (!offered.has(decodeURIComponent(anchor))) {
      broken.push(`${target}: ${relative(root, file)} has no heading or <a id> "${anchor}"`);
    }
  }
  return broken;
}

describe('links in the docs', () => {
  it.each(DOCS)('%s links only to files and anchors that exist', (page) => {
    expect(brokenLinks(page, readFileSync(join(ROOT, page), 'utf8'))).toEqual([]);
  });

  it('finds a missing file, a missing anchor and a missing file of an image', () => {
    const page = [
      '# A page',
      'See [the API](api.md#no-such-heading), [nothing](missing.md) and ![a picture](gone.png).',
      'Fine: [the API](api.md#the-envelope), [here](#a-page) and [outside](https://example.com).',
      '```sh',
      'echo "[not a link](nowhere.md)"',
      '```',
    ].join('\n');
    expect(brokenLinks('docs/page.md', page)).toEqual([
      'api.md#no-such-heading: docs/api.md has no heading or <a id> "no-such-heading"',
      'missing.md: no file docs/missing.md',
      'gone.png: no file docs/gone.png',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(slug('Gateways: verify, charge and settle')).toBe('gateways-verify-charge-and-settle');
    expect(slug('The `TokenStore` and its ports')).toBe('the-tokenstore-and-its-ports');
    expect(slug('one-api and new-api')).toBe('one-api-and-new-api');
    expect(slug('Name search on PostgreSQL (p95)')).toBe('name-search-on-postgresql-p95');
    expect(slug('快速开始')).toBe('快速开始');
    expect([...anchorsOf('# What `npm start` does\n')]).toEqual(['what-npm-start-does']);
    expect([...anchorsOf('## Status\n\n## Status\n')]).toEqual(['status', 'status-1']);
  });
});
