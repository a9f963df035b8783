import { describe, expect, it } from 'vitest';
import { runPool } from './pool';

describe('runPool', () => {
  it('runs every task, at most N at once, and reports each failure', async () => {
    let running = 0;
    let peak = 0;
    const progress: number[] = [];
    const outcome = await runPool(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 10 * (n % 3)));
        running--;
        if (n % 3 === 0) throw new Error(`no ${n}`);
        return n * 10;
      },
      { concurrency: 3, onProgress: (finished) => progress.push(finished) },
    );
    expect(peak).toBe(3);
    expect(outcome.done.map((d) => d.result)).toEqual([10, 20, 40, 50, 70]);
    expect(outcome.failed.map((f) => (f.error as Error).message)).toEqual(['no 3', 'no 6']);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('finishes at once with nothing to do', async () => {
    expect(await runPool([], async () => 1)).toEqual({ done: [], failed: [] });
  });
});
