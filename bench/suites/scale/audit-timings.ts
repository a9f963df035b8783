import { auditQuerySchema, type AuditQueryInput } from '../../../src/contract/audit';
import { openBenchStore, type BenchDatabase } from '../../lib/engine';
import { median } from '../../lib/stats';

const RUNS = 10;

/** The audit pages a person asks for: the newest, a deep one, and each filter. */
const PAGES: ReadonlyArray<[string, AuditQueryInput]> = [
  ['newest 20', {}],
  ['newest 100', { size: '100' }],
  ['page 500 of 100', { size: '100', p: '500' }],
  ["the busiest token's", { token_id: '1' }],
  ["a quiet token's", { token_id: '9999' }],
  ["one person's", { actor: '1' }],
  ["one person's, page 200", { actor: '1', p: '200' }],
  ['reveals', { action: 'token.reveal' }],
  ["one person's updates of one token", { actor: '1', action: 'token.update', token_id: '1' }],
];

export interface AuditTimings {
  /** Every timed call. */
  ms: number[];
  /** The median of each kind of page. */
  byPage: Array<[string, number]>;
}

/** Reads audit pages in-process, as the route does, from a database seeded with records. */
export async function measureAudit(database: BenchDatabase): Promise<AuditTimings> {
  const store = await openBenchStore(database);
  try {
    const all: number[] = [];
    const byPage: Array<[string, number]> = [];
    for (const [name, input] of PAGES) {
      const query = auditQuerySchema.parse(input);
      // One untimed call prepares the statement.
      await store.auditPage(query);
      const timings: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        await store.auditPage(query);
        timings.push(performance.now() - started);
      }
      all.push(...timings);
      byPage.push([name, median(timings)]);
    }
    return { ms: all, byPage };
  } finally {
    await store.close();
  }
}
