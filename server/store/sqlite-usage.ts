import type Database from 'better-sqlite3';
import { USAGE_BUCKETS, type UsageFigures, type UsageRange } from '../../src/contract/usage';
import { statementCache } from './sqlite-statement-cache';
import {
  TOP_TOKENS,
  assembleFigures,
  figureRowsSql,
  type FigureRow,
  type TopToken,
} from './usage-figures';
import type { UsageSum } from './usage-meter';

const TOP_TOKENS_SQL = `SELECT usage_hours.token_id AS token_id, tokens.name AS name,
    sum(CASE WHEN code = 'VALID' THEN count ELSE 0 END) AS requests, sum(quota) AS quota
  FROM usage_hours JOIN tokens ON tokens.id = usage_hours.token_id
  WHERE hour >= @from AND hour < @to
  GROUP BY usage_hours.token_id
  ORDER BY quota DESC, requests DESC, usage_hours.token_id
  LIMIT ${TOP_TOKENS}`;

/** Adds a sum to a token's hourly figures and to the whole gateway's; inside a write. */
export function sqliteUsageSums(db: Database.Database): (sum: UsageSum) => void {
  const addHour = db.prepare<[UsageSum]>(
    `INSERT INTO usage_hours (token_id, hour, model, code, count, quota)
      VALUES (@token_id, @hour, @model, @code, @count, @quota)
      ON CONFLICT DO UPDATE SET count = count + excluded.count, quota = quota + excluded.quota`,
  );
  const addTotal = db.prepare<[UsageSum]>(
    `INSERT INTO usage_totals (hour, model, code, count, quota)
      VALUES (@hour, @model, @code, @count, @quota)
      ON CONFLICT DO UPDATE SET count = count + excluded.count, quota = quota + excluded.quota`,
  );
  return (sum) => {
    addHour.run(sum);
    addTotal.run(sum);
  };
}

/** The usage figures on SQLite: one token's from usage_hours, every token's from usage_totals. */
export function sqliteUsageReader(
  db: Database.Database,
): (range: UsageRange, tokenId?: number) => UsageFigures | null {
  const statement = statementCache(db);
  const exists = db.prepare<[number], { id: number }>('SELECT id FROM tokens WHERE id = ?');
  const top = db.prepare<{ from: number; to: number }, TopToken>(TOP_TOKENS_SQL);
  return (range, tokenId) => {
    const size = USAGE_BUCKETS[range.bucket];
    const params = { from: range.from, to: range.to, token_id: tokenId ?? 0 };
    if (tokenId === undefined) {
      const rows = statement(
        figureRowsSql('usage_totals', size, 'hour >= @from AND hour < @to'),
      ).all(params) as FigureRow[];
      return assembleFigures(range, rows, undefined, top.all(params));
    }
    if (!exists.get(tokenId)) return null;
    const rows = statement(
      figureRowsSql('usage_hours', size, 'token_id = @token_id AND hour >= @from AND hour < @to'),
    ).all(params) as FigureRow[];
    return assembleFigures(range, rows, tokenId);
  };
}
