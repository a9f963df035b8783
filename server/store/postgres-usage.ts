import type pg from 'pg';
import { USAGE_BUCKETS, type UsageFigures, type UsageRange } from '../../src/contract/usage';
import type { Query } from './postgres-connection';
import {
  TOP_TOKENS,
  assembleFigures,
  figureRowsSql,
  type FigureRow,
  type TopToken,
} from './usage-figures';
import type { UsageSum } from './usage-meter';

/** Adds a batch of sums to a table of sums: one statement, arrays by column. */
const addSums = (table: string, keys: string[]) =>
  `INSERT INTO ${table} (${keys.join(', ')}, count, quota)
    SELECT ${keys.join(', ')}, sum(count), sum(quota) FROM unnest(
      $1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::bigint[]
    ) AS s(token_id, hour, model, code, count, quota)
    GROUP BY ${keys.join(', ')}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET
      count = ${table}.count + excluded.count, quota = ${table}.quota + excluded.quota`;
const ADD_HOURS = addSums('usage_hours', ['token_id', 'hour', 'model', 'code']);
const ADD_TOTALS = addSums('usage_totals', ['hour', 'model', 'code']);

/** Adds sums to the tokens' hourly figures and to the whole gateway's; in the caller's transaction. */
export async function addUsageSums(
  client: pg.ClientBase,
  sums: readonly UsageSum[],
): Promise<void> {
  const columns = [
    sums.map((sum) => sum.token_id),
    sums.map((sum) => sum.hour),
    sums.map((sum) => sum.model),
    sums.map((sum) => sum.code),
    sums.map((sum) => sum.count),
    sums.map((sum) => sum.quota),
  ];
  await client.query(ADD_HOURS, columns);
  await client.query(ADD_TOTALS, columns);
}

// Sums of bigint are numeric in PostgreSQL: cast back, as every figure is below 2^53.
const TOP_TOKENS_SQL = `SELECT usage_hours.token_id, tokens.name,
    sum(CASE WHEN code = 'VALID' THEN count ELSE 0 END)::bigint AS requests,
    sum(quota)::bigint AS quota
  FROM usage_hours JOIN tokens ON tokens.id = usage_hours.token_id
  WHERE hour >= $1 AND hour < $2
  GROUP BY usage_hours.token_id, tokens.name
  ORDER BY quota DESC, requests DESC, usage_hours.token_id
  LIMIT ${TOP_TOKENS}`;

const rowsSql = (table: string, size: number, where: string) =>
  `SELECT bucket, model, code, count::bigint, quota::bigint FROM (${figureRowsSql(table, size, where)}) AS sums`;

/** The usage figures on PostgreSQL: one token's from usage_hours, every token's from usage_totals. */
export async function readPostgresUsage(
  query: Query,
  range: UsageRange,
  tokenId?: number,
): Promise<UsageFigures | null> {
  const size = USAGE_BUCKETS[range.bucket];
  if (tokenId === undefined) {
    const [{ rows }, top] = await Promise.all([
      query<FigureRow>(rowsSql('usage_totals', size, 'hour >= $1 AND hour < $2'), [
        range.from,
        range.to,
      ]),
      query<TopToken>(TOP_TOKENS_SQL, [range.from, range.to]),
    ]);
    return assembleFigures(range, rows, undefined, top.rows);
  }
  const exists = await query('SELECT 1 FROM tokens WHERE id = $1', [tokenId]);
  if (exists.rowCount === 0) return null;
  const { rows } = await query<FigureRow>(
    rowsSql('usage_hours', size, 'token_id = $3 AND hour >= $1 AND hour < $2'),
    [range.from, range.to, tokenId],
  );
  return assembleFigures(range, rows, tokenId);
}
