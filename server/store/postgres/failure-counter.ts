import type { FailureCounter } from '../../failure-limiter';

type Query = (
  sql: string,
  values: unknown[],
) => Promise<{ rows: { failed_at: string | number }[] }>;

export interface SharedFailureOptions {
  maxFailures: number;
  windowMs: number;
  /** Milliseconds. */
  now: () => number;
}

/**
 * Wrong admin keys counted in the database, so that every instance behind a load balancer
 * refuses an address as soon as the failures it took from all of them reach the limit. Only
 * wrong keys come here: the right key never costs a query.
 */
export function postgresFailureCounter(
  query: Query,
  { maxFailures, windowMs, now }: SharedFailureOptions,
): FailureCounter {
  return {
    async retryAfterMs(address) {
      const at = now();
      const { rows } = await query(
        `SELECT failed_at FROM admin_key_failures WHERE address = $1 AND failed_at > $2
         ORDER BY failed_at DESC LIMIT $3`,
        [address, at - windowMs, maxFailures],
      );
      const oldest = rows.at(-1);
      if (rows.length < maxFailures || oldest === undefined) return 0;
      return Number(oldest.failed_at) + windowMs - at;
    },
    async recordFailure(address) {
      const at = now();
      // Failures out of the window are of no use: each write clears them, so the table holds
      // at most a minute's failures.
      await query(
        `WITH cleared AS (DELETE FROM admin_key_failures WHERE failed_at <= $3)
         INSERT INTO admin_key_failures (address, failed_at) VALUES ($1, $2)`,
        [address, at, at - windowMs],
      );
    },
  };
}
