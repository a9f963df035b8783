import { openBenchStore, type BenchDatabase } from '../../lib/engine';
import { median, percentile } from '../../lib/stats';

/** Looks timed once each, a minute apart, after the first one. */
const LOOKS = 30;

/**
 * The periodic look (expiring and expired tokens, refills due, old events pruned) on the seeded
 * database, called in the bench process as every instance calls it each minute: the first look,
 * which records every token expiring within the window, then LOOKS looks a minute apart.
 */
export async function timePeriodicLook(
  database: BenchDatabase,
): Promise<{ firstMs: number; medianMs: number; p95Ms: number }> {
  const store = await openBenchStore(database);
  try {
    let now = Math.floor(Date.now() / 1000);
    let started = performance.now();
    await store.lookForTimedEvents(now);
    const firstMs = performance.now() - started;
    const times: number[] = [];
    for (let i = 0; i < LOOKS; i += 1) {
      now += 60;
      started = performance.now();
      await store.lookForTimedEvents(now);
      times.push(performance.now() - started);
    }
    return { firstMs, medianMs: median(times), p95Ms: percentile(times, 95) };
  } finally {
    await store.close();
  }
}
