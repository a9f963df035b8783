import type pg from 'pg';
import type { UsageFigures, UsageRange } from '../../../src/contract/usage';
import type { Query } from './connection';
import { summedTopSpans, type TokenSum, type TopTokenReads } from '../top-tokens';
import { TOP_TOKENS, type FigureRow, type TopToken } from '../usage-figures';
import type { UsageSum } from '../usage-meter';
import type { Span } from '../usage-plan';
import { readUsage } from '../usage-read';

const VALID_COUNT = `CASE WHEN code = 'VALID' THEN count ELSE 0 END`;

/**
 * Adds a batch of sums to a table of sums: one statement, arrays by column, in the order of the
 * table's key, so that instances adding at once take the rows' locks in one order.
 */
const addSums = (table: string, keys: string[], sums: Record<string, string>, where = 'true') => {
  const columns = Object.keys(sums);
  return `INSERT INTO ${table} (${[...keys, ...columns].join(', ')})
    SELECT ${keys.join(', ')}, ${columns.map((column) => `sum(${sums[column]})`).join(', ')}
    FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::bigint[],
        $7::bigint[], $8::bigint[])
      AS s(token_id, hour, model, code, count, quota, prompt_tokens, completion_tokens)
    CROSS JOIN LATERAL (SELECT hour / 86400 * 86400 AS day) AS d
    WHERE ${where}
    GROUP BY ${keys.join(', ')} ORDER BY ${keys.join(', ')}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET
      ${columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ')}`;
};
const FIGURES = {
  count: 'count',
  quota: 'quota',
  prompt_tokens: 'prompt_tokens',
  completion_tokens: 'completion_tokens',
};
const ADD_SUMS = [
  addSums('usage_hours', ['token_id', 'hour', 'model', 'code'], FIGURES),
  addSums('usage_totals', ['hour', 'model', 'code'], FIGURES),
  addSums('usage_days', ['token_id', 'day', 'model', 'code'], FIGURES),
  addSums('usage_total_days', ['day', 'model', 'code'], FIGURES),
  // Unknown keys (token 0) are never among the top tokens.
  addSums(
    'usage_token_days',
    ['token_id', 'day'],
    { requests: VALID_COUNT, quota: 'quota' },
    'token_id <> 0',
  ),
];

/**
 * Adds sums to the tokens' figures and to the whole gateway's, by the hour and by the day, and to
 * the tokens' rankings of the day; in the caller's transaction.
 */
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
    sums.map((sum) => sum.prompt_tokens),
    sums.map((sum) => sum.completion_tokens),
  ];
  for (const sql of ADD_SUMS) await client.query(sql, columns);
}

// Sums of bigint are numeric in PostgreSQL: cast back, as every figure is below 2^53.
const RANKED_DAYS = `SELECT days.day, ranked.token_id, ranked.requests, ranked.quota
  FROM unnest($1::bigint[]) AS days(day)
  CROSS JOIN LATERAL (
    SELECT token_id, requests, quota FROM usage_token_days
    WHERE day = days.day ORDER BY quota DESC, requests DESC LIMIT $2
  ) AS ranked`;
const HOUR_SUMS = `SELECT token_id, sum(${VALID_COUNT})::bigint AS requests,
    sum(quota)::bigint AS quota
  FROM usage_hours WHERE hour >= $1 AND hour < $2 AND token_id <> 0
  GROUP BY token_id`;
// A look-up per token through its key: summing the range for every token and joining would read
// the whole table whenever the range covers most of it.
const DAY_TOTALS = `SELECT tokens.id AS token_id, tokens.name, sums.requests, sums.quota
  FROM tokens CROSS JOIN LATERAL (
    SELECT coalesce(sum(requests), 0)::bigint AS requests, coalesce(sum(quota), 0)::bigint AS quota
    FROM usage_token_days WHERE token_id = tokens.id AND day >= $2 AND day < $3
  ) AS sums
  WHERE tokens.id = ANY($1::bigint[])`;

const SUMMED_TOP = `SELECT tokens.id AS token_id, tokens.name,
    sum(sums.requests)::bigint AS requests, sum(sums.quota)::bigint AS quota
  FROM (
    SELECT token_id, requests, quota FROM usage_token_days WHERE day >= $1 AND day < $2
    UNION ALL
    SELECT token_id, ${VALID_COUNT}, quota FROM usage_hours
      WHERE token_id <> 0 AND (hour >= $3 AND hour < $4 OR hour >= $5 AND hour < $6)
  ) AS sums JOIN tokens ON tokens.id = sums.token_id
  GROUP BY tokens.id, tokens.name
  ORDER BY quota DESC, requests DESC, tokens.id
  LIMIT ${TOP_TOKENS}`;

function postgresTopTokenReads(query: Query): TopTokenReads {
  return {
    async summedTop(plan) {
      const spans = summedTopSpans(plan);
      const { rows } = await query<TopToken>(SUMMED_TOP, [
        spans.days_from,
        spans.days_to,
        spans.first_from,
        spans.first_to,
        spans.last_from,
        spans.last_to,
      ]);
      return rows;
    },
    async rankedDays(days, depth) {
      const { rows } = await query<TokenSum & { day: number }>(RANKED_DAYS, [days, depth]);
      const byDay = new Map(days.map((day): [number, TokenSum[]] => [day, []]));
      for (const { day, ...sum } of rows) byDay.get(day)!.push(sum);
      return [...byDay.values()];
    },
    hourSums: async (span) => (await query<TokenSum>(HOUR_SUMS, [span.from, span.to])).rows,
    dayTotals: async (ids, days) =>
      (await query<TopToken>(DAY_TOTALS, [ids, days?.from ?? 0, days?.to ?? 0])).rows,
  };
}

/** The usage figures on PostgreSQL: a token's, or every token's with the top 10. */
export function readPostgresUsage(
  query: Query,
  range: UsageRange,
  tokenId?: number,
): Promise<UsageFigures | null> {
  const values = (span: Span, tokenId?: number) =>
    tokenId === undefined ? [span.from, span.to] : [span.from, span.to, tokenId];
  return readUsage(
    {
      placeholders: { from: '$1', to: '$2', token: '$3' },
      // Sums of bigint are numeric: cast back, as every figure is below 2^53.
      rows: async (sql, span, tokenId) =>
        (
          await query<FigureRow>(
            `SELECT bucket, model, code, count::bigint, quota::bigint,
              prompt_tokens::bigint, completion_tokens::bigint FROM (${sql}) AS sums`,
            values(span, tokenId),
          )
        ).rows,
      any: async (sql, span, tokenId) =>
        ((await query(sql, values(span, tokenId))).rowCount ?? 0) > 0,
      tokenExists: async (tokenId) =>
        ((await query('SELECT 1 FROM tokens WHERE id = $1', [tokenId])).rowCount ?? 0) > 0,
      top: postgresTopTokenReads(query),
    },
    range,
    tokenId,
  );
}
