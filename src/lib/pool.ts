export interface PoolOutcome<T, R> {
  done: Array<{ item: T; result: R }>;
  failed: Array<{ item: T; error: unknown }>;
}

/**
 * Runs one task per item with at most `concurrency` at a time, never stopping at a failure:
 * every item ends in `done` or `failed`, so a summary can name each one.
 */
export async function runPool<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
  {
    concurrency = 4,
    onProgress,
  }: { concurrency?: number; onProgress?: (finished: number) => void } = {},
): Promise<PoolOutcome<T, R>> {
  const outcome: PoolOutcome<T, R> = { done: [], failed: [] };
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        outcome.done.push({ item, result: await task(item) });
      } catch (error) {
        outcome.failed.push({ item, error });
      }
      onProgress?.(++finished);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  // Keep the order the items were given in, whatever order they finished in.
  const order = new Map(items.map((item, index) => [item, index]));
  outcome.done.sort((a, b) => (order.get(a.item) ?? 0) - (order.get(b.item) ?? 0));
  outcome.failed.sort((a, b) => (order.get(a.item) ?? 0) - (order.get(b.item) ?? 0));
  return outcome;
}
