import type Database from 'better-sqlite3';
import type { TokenSummary } from '../../../src/contract/token-page';
import { buildTokenFilter, indexable } from './list-query';
import { statementCache } from './statement-cache';
import { UNFILTERED_SUMMARY } from './token-tallies';
import type { TokenFilterQuery } from '../ports/tokens';

/**
 * One pass over the matching tokens; the status rules are token-record.ts's, written in SQL.
 * total(), not sum(): sum() of many large quotas overflows 64-bit integers and fails.
 */
const SUMMARY_SELECT = `SELECT count(*) AS total,
  coalesce(sum(status = 2), 0) AS disabled,
  coalesce(sum(status = 1 AND expired_time != -1 AND expired_time <= @now), 0) AS expired,
  coalesce(sum(status = 1 AND NOT (expired_time != -1 AND expired_time <= @now)
    AND unlimited_quota = 0 AND remain_quota <= 0), 0) AS exhausted,
  coalesce(sum(unlimited_quota = 1), 0) AS unlimited,
  total(CASE WHEN unlimited_quota = 0 THEN remain_quota ELSE 0 END) AS remain_quota
FROM tokens`;

/**
 * Counts by returned status and the quota left on limited tokens, of those the filter keeps.
 * Without a filter, from the kept tallies (token-tallies.ts); with one, a pass over the
 * matches: one token for a key, every match of a keyword.
 */
export function sqliteSummary(db: Database.Database) {
  const statement = statementCache(db);
  const unfiltered = db.prepare<{ now: number }>(UNFILTERED_SUMMARY);
  return (filter: TokenFilterQuery, now: number): TokenSummary => {
    const { where, params, none } = buildTokenFilter(filter, now);
    const counts = (
      none
        ? unfiltered.get({ now })
        : statement(`${SUMMARY_SELECT} ${where(indexable)}`).get(params)
    ) as Omit<TokenSummary, 'enabled'> | undefined;
    if (!counts) throw new Error('the summary query returned no row');
    return {
      ...counts,
      enabled: counts.total - counts.disabled - counts.expired - counts.exhausted,
    };
  };
}
