import type { TokenSummary } from '../../src/contract/token-page';
import { connectForTests } from './test-postgres';

/**
 * For tests: the summary of every token on a PostgreSQL database at `now`, by a plain pass over
 * the tokens, each one's returned status as toToken() in token-record.ts decides it.
 */
export function recountPostgresSummary(url: string, now: number): Promise<TokenSummary> {
  return connectForTests(url, async (client) => {
    const { rows } = await client.query<Record<keyof TokenSummary, string>>(
      `SELECT count(*) AS total,
        count(*) FILTER (WHERE status = 2) AS disabled,
        count(*) FILTER (WHERE status = 1 AND expired_time <> -1 AND expired_time <= $1) AS expired,
        count(*) FILTER (WHERE status = 1 AND (expired_time = -1 OR expired_time > $1)
          AND NOT unlimited_quota AND remain_quota = 0) AS exhausted,
        count(*) FILTER (WHERE status = 1 AND (expired_time = -1 OR expired_time > $1)
          AND (unlimited_quota OR remain_quota > 0)) AS enabled,
        count(*) FILTER (WHERE unlimited_quota) AS unlimited,
        coalesce(sum(remain_quota) FILTER (WHERE NOT unlimited_quota), 0) AS remain_quota
      FROM tokens`,
      [now],
    );
    const row = rows[0]!;
    return {
      total: Number(row.total),
      enabled: Number(row.enabled),
      disabled: Number(row.disabled),
      expired: Number(row.expired),
      exhausted: Number(row.exhausted),
      unlimited: Number(row.unlimited),
      remain_quota: Number(row.remain_quota),
    };
  });
}
