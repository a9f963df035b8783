import type Database from 'better-sqlite3';
import type { UsageFigures, UsageRange } from '../../../src/contract/usage';
import { statementCache } from './statement-cache';
import {
  summedTopSpans,
  type SummedTopSpans,
  type TokenSum,
  type TopTokenReads,
} from '../top-tokens';
import { TOP_TOKENS, type FigureRow, type TopToken } from '../usage-figures';
import type { UsageSum } from '../usage-meter';
import { DAY, type Span } from '../usage-plan';
import { readUsage, type UsageQueries } from '../usage-read';

const upsert = (table: string, keys: string[], sums: string[]) =>
  `INSERT INTO ${table} (${[...keys, ...sums].join(', ')})
    VALUES (${[...keys, ...sums].map((column) => `@${column}`).join(', ')})
    ON CONFLICT DO UPDATE SET ${sums.map((sum) => `${sum} = ${sum} + excluded.${sum}`).join(', ')}`;

/**
 * Adds a sum to a token's figures and to the whole gateway's, by the hour and by the day, and to
 * the token's ranking of the day; inside a write.
 */
export function sqliteUsageSums(db: Database.Database): (sum: UsageSum) => void {
  const figures = ['count', 'quota', 'prompt_tokens', 'completion_tokens'];
  const statements = [
    upsert('usage_hours', ['token_id', 'hour', 'model', 'code'], figures),
    upsert('usage_totals', ['hour', 'model', 'code'], figures),
    upsert('usage_days', ['token_id', 'day', 'model', 'code'], figures),
    upsert('usage_total_days', ['day', 'model', 'code'], figures),
  ].map((sql) => db.prepare<[UsageSum & { day: number }]>(sql));
  const rank = db.prepare<[TokenSum & { day: number }]>(
    upsert('usage_token_days', ['token_id', 'day'], ['requests', 'quota']),
  );
  return (sum) => {
    const row = { ...sum, day: sum.hour - (sum.hour % DAY) };
    for (const statement of statements) statement.run(row);
    if (sum.token_id !== 0) {
      const requests = sum.code === 'VALID' ? sum.count : 0;
      rank.run({ token_id: sum.token_id, day: row.day, requests, quota: sum.quota });
    }
  };
}

/** The reads of the top tokens' search on SQLite. */
function sqliteTopTokenReads(db: Database.Database): TopTokenReads {
  const ranked = db.prepare<{ day: number; depth: number }, TokenSum>(
    `SELECT token_id, requests, quota FROM usage_token_days
      WHERE day = @day ORDER BY quota DESC, requests DESC LIMIT @depth`,
  );
  const hourSums = db.prepare<Span, TokenSum>(
    `SELECT token_id, sum(CASE WHEN code = 'VALID' THEN count ELSE 0 END) AS requests,
        sum(quota) AS quota
      FROM usage_hours WHERE hour >= @from AND hour < @to AND token_id <> 0
      GROUP BY token_id`,
  );
  const dayTotals = db.prepare<Span & { ids: string }, TopToken>(
    `SELECT tokens.id AS token_id, tokens.name AS name,
        coalesce(sum(days.requests), 0) AS requests, coalesce(sum(days.quota), 0) AS quota
      FROM tokens LEFT JOIN usage_token_days AS days
        ON days.token_id = tokens.id AND days.day >= @from AND days.day < @to
      WHERE tokens.id IN (SELECT value FROM json_each(@ids))
      GROUP BY tokens.id`,
  );
  const summedTop = db.prepare<SummedTopSpans, TopToken>(
    `SELECT tokens.id AS token_id, tokens.name AS name,
        sum(sums.requests) AS requests, sum(sums.quota) AS quota
      FROM (
        SELECT token_id, requests, quota FROM usage_token_days
          WHERE day >= @days_from AND day < @days_to
        UNION ALL
        SELECT token_id, CASE WHEN code = 'VALID' THEN count ELSE 0 END, quota FROM usage_hours
          WHERE token_id <> 0 AND (hour >= @first_from AND hour < @first_to
            OR hour >= @last_from AND hour < @last_to)
      ) AS sums JOIN tokens ON tokens.id = sums.token_id
      GROUP BY tokens.id
      ORDER BY quota DESC, requests DESC, tokens.id
      LIMIT ${TOP_TOKENS}`,
  );
  return {
    summedTop: async (plan) => summedTop.all(summedTopSpans(plan)),
    rankedDays: async (days, depth) => days.map((day) => ranked.all({ day, depth })),
    hourSums: async (span) => hourSums.all(span),
    dayTotals: async (ids, days) =>
      dayTotals.all({ ids: JSON.stringify(ids), from: days?.from ?? 0, to: days?.to ?? 0 }),
  };
}

/** The usage figures on SQLite: a token's, or every token's with the top 10. */
export function sqliteUsageReader(
  db: Database.Database,
): (range: UsageRange, tokenId?: number) => Promise<UsageFigures | null> {
  const statement = statementCache(db);
  const exists = db.prepare<[number], { id: number }>('SELECT id FROM tokens WHERE id = ?');
  const values = ({ from, to }: Span, tokenId?: number) =>
    tokenId === undefined ? { from, to } : { from, to, token_id: tokenId };
  const queries: UsageQueries = {
    placeholders: { from: '@from', to: '@to', token: '@token_id' },
    rows: async (sql, span, tokenId) => statement(sql).all(values(span, tokenId)) as FigureRow[],
    any: async (sql, span, tokenId) => statement(sql).get(values(span, tokenId)) !== undefined,
    tokenExists: async (tokenId) => exists.get(tokenId) !== undefined,
    top: sqliteTopTokenReads(db),
  };
  return (range, tokenId) => readUsage(queries, range, tokenId);
}
