import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildUrl } from '../../../api/client';
import { earlyListPath, earlySummaryPath } from './early-list-path';
import { listParamsFromView, looksLikeKey, viewFromQuery } from './list-view-params';

/** The path the list asks for when it starts on this address. */
const appListPath = (search: string) =>
  buildUrl('', '/api/token/', { ...listParamsFromView(viewFromQuery(search)) });

/** The path the status strip asks for on this address: the summary of what the list searches. */
function appSummaryPath(search: string) {
  const { keyword, token } = listParamsFromView(viewFromQuery(search));
  return buildUrl('', '/api/token/summary', { keyword, token });
}

/** Values an address may hold: the meaningful ones, near misses and nonsense. */
const value = fc.oneof(
  fc.constantFrom('1', '2', '10', '20', '50', '100', '3', '4', '0', '-1', '1.5', ' 2 ', '', '1e3'),
  fc.constantFrom('0x10', '9007199254740993', 'Infinity', 'NaN', 'name', '-name', '-id', 'id'),
  fc.constantFrom('remain_quota', '-accessed_time', 'drop', 'prod', ' Prod box ', '生产', 'a&b=c'),
  fc.string({ maxLength: 12 }),
);
const part = fc.tuple(fc.constantFrom('p', 'size', 'q', 'status', 'order', 'details'), value);
const address = fc
  .array(part, { maxLength: 7 })
  .map((parts) => `?${new URLSearchParams(parts).toString()}`);

describe('the first page asked for while the code loads', () => {
  it('is the page the list asks for on the same address', () => {
    fc.assert(
      fc.property(address, (search) => {
        const early = earlyListPath(search);
        const q = new URLSearchParams(search).getAll('q').at(-1) ?? '';
        // A key pasted into the address is left to the list, which searches by key.
        expect(early).toBe(looksLikeKey(q) ? null : appListPath(search));
      }),
      { numRuns: 2_000 },
    );
  });

  it('comes with the summary the strip asks for, of what the list searches', () => {
    fc.assert(
      fc.property(address, (search) => {
        const q = new URLSearchParams(search).getAll('q').at(-1) ?? '';
        const early = earlySummaryPath(search);
        expect(early).toBe(
          looksLikeKey(q) || new URLSearchParams(search).has('view')
            ? null
            : appSummaryPath(search),
        );
      }),
      { numRuns: 2_000 },
    );
    expect(earlySummaryPath('?q=prod&p=2')).toBe('/api/token/summary?keyword=prod');
    expect(earlySummaryPath('?p=2')).toBe('/api/token/summary');
  });

  it('reads the usual addresses', () => {
    expect(earlyListPath('')).toBe('/api/token/?p=1&size=20&order=-id');
    expect(earlyListPath('?p=3&size=50&q=prod&status=2&order=name')).toBe(
      '/api/token/?p=3&size=50&keyword=prod&status=2&order=name',
    );
    expect(earlyListPath('?details=12')).toBe('/api/token/?p=1&size=20&order=-id');
  });

  it('asks for nothing on another screen or for a key', () => {
    expect(earlyListPath('?view=usage')).toBeNull();
    expect(earlyListPath('?view=audit&p=2')).toBeNull();
    expect(earlyListPath(`?q=sk-${'a'.repeat(48)}`)).toBeNull();
  });
});
