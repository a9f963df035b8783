import { usageRange, type UsageRange } from '../../../src/contract/usage';
import { openBenchStore, type BenchDatabase } from '../../lib/engine';

const RUNS = 40;
const DAY = 86_400;

export interface UsageTimings {
  /** One token's figures over 90 days by day, for tokens busy and idle. */
  oneTokenMs: number[];
  /** Every token's figures (with the top 10) over 30 days by day. */
  allTokensMs: number[];
}

function range(days: number, now: number): UsageRange {
  const answer = usageRange({ from: now - days * DAY, to: now, bucket: 'day' }, now);
  if (typeof answer === 'string') throw new Error(answer);
  return answer;
}

/** Reads the usage figures in-process, as the routes do, from a database seeded with usage. */
export async function measureUsage(database: BenchDatabase, lastId: number): Promise<UsageTimings> {
  const store = await openBenchStore(database);
  try {
    const now = store.now();
    // One untimed call of each prepares the statements.
    await store.usage(range(90, now), 1);
    await store.usage(range(30, now));
    const oneTokenMs: number[] = [];
    const allTokensMs: number[] = [];
    // scripts/seed-usage.ts spreads its regulars evenly over the ids, the busiest first.
    const step = lastId / Math.min(lastId, 10_000);
    for (let i = 0; i < RUNS; i += 1) {
      // Every tenth token asked for is an idle one.
      const id = i % 10 === 9 ? lastId - i : 1 + Math.floor(i * step);
      let started = performance.now();
      await store.usage(range(90, now), id);
      oneTokenMs.push(performance.now() - started);
      started = performance.now();
      await store.usage(range(30, now));
      allTokensMs.push(performance.now() - started);
    }
    return { oneTokenMs, allTokensMs };
  } finally {
    await store.close();
  }
}
