import type { TokenSummary } from '../../../src/contract/token-page';
import type { Transaction } from './connection';

/**
 * The unfiltered summary (counts per status, quota left) without a pass over every token.
 *
 * - Kept (migration 12): the statement triggers that keep the total and the orders' change
 *   counts add to the same shard row of token_count how many tokens are disabled, unlimited,
 *   switched on and limited with nothing left, and the quota left on limited ones (numeric: a
 *   million large quotas overflow bigint), with every write to the tokens whichever path makes
 *   it (creates, updates, deletes, charges, refills). The summary sums the shards.
 * - A charge changes remain_quota, so its statement writes its shard row already: it pays a few
 *   aggregates over a one-row transition table, not another row.
 * - Counted at read time, as on SQLite: the switched-on tokens past their expiry, through
 *   tokens_by_status alone, in the same statement as the sums (one snapshot).
 *
 * The summary of a million tokens takes 16 to 18 ms.
 */

/** A token's share of each tally, from the row `t`. */
const shares = (t: string) => ({
  disabled: `(${t}.status = 2)::int`,
  unlimited: `${t}.unlimited_quota::int`,
  quota_left: `CASE WHEN ${t}.unlimited_quota THEN 0 ELSE ${t}.remain_quota END`,
  out_of_quota: `(${t}.status = 1 AND NOT ${t}.unlimited_quota AND ${t}.remain_quota <= 0)::int`,
});

const TALLY_COLUMNS = ['disabled', 'unlimited', 'quota_left', 'out_of_quota'] as const;

/**
 * The orders whose change counts token_count keeps (its column of each), and the column of the
 * tokens each order reads: an update that changes it moves the token in that order.
 */
const ORDER_KEYS = {
  name: 'name_order',
  remain_quota: 'remain_quota',
  used_quota: 'used_quota',
  expired_time: 'expiry_order',
  accessed_time: 'accessed_time',
} as const;
const ORDER_COUNTS = Object.keys(ORDER_KEYS) as Array<keyof typeof ORDER_KEYS>;

/** Each tally's sum of `share` as a column of the same name. */
const sums = (share: (column: (typeof TALLY_COLUMNS)[number]) => string) =>
  TALLY_COLUMNS.map((column) => `coalesce(sum(${share(column)}), 0) AS ${column}`).join(', ');

/** How many rows `rows` holds and their tallies, as one row. */
const talliesOf = (rows: string) =>
  `SELECT count(*) AS count, ${sums((column) => shares('r')[column])} FROM ${rows} AS r`;

const adjust = (sign: '+' | '-', from: string) =>
  TALLY_COLUMNS.map((column) => `${column} = c.${column} ${sign} ${from}.${column}`).join(', ');

/**
 * The migration that adds the tallies, fills them from the tokens there are (in shard 0; the
 * sum over the shards is what counts), and has the triggers of migration 4 keep them. A charge
 * changes remain_quota, so its statement writes its shard row already: keeping the quota left
 * costs it no other write.
 */
export const tokenTallies = (shards: number) => `
  -- Writes of instances still running the version before wait for the new triggers: none of
  -- theirs is left out of the count below nor kept by the triggers it replaces.
  LOCK TABLE tokens IN SHARE ROW EXCLUSIVE MODE;

  -- Of every token: how many are disabled, unlimited, switched on but limited with nothing left
  -- (expired or not), and the quota left on limited ones (numeric: a sum of many large quotas
  -- is beyond bigint).
  ALTER TABLE token_count
    ADD COLUMN disabled BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN unlimited BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN quota_left NUMERIC NOT NULL DEFAULT 0,
    ADD COLUMN out_of_quota BIGINT NOT NULL DEFAULT 0;
  UPDATE token_count AS c SET ${adjust('+', 't')}
    FROM (${talliesOf('tokens')}) AS t WHERE c.shard = 0;

  CREATE OR REPLACE FUNCTION tokens_counted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      UPDATE token_count SET total = 0, members = members + 1,
        ${TALLY_COLUMNS.map((column) => `${column} = 0`).join(', ')};
    ELSIF TG_OP = 'INSERT' THEN
      UPDATE token_count AS c SET total = c.total + t.count, members = c.members + 1,
        ${adjust('+', 't')}
      FROM (${talliesOf('new_rows')}) AS t
      WHERE c.shard = txid_current() % ${shards};
    ELSE
      UPDATE token_count AS c SET total = c.total - t.count, members = c.members + 1,
        ${adjust('-', 't')}
      FROM (${talliesOf('old_rows')}) AS t
      WHERE c.shard = txid_current() % ${shards};
    END IF;
    RETURN NULL;
  END $$;

  -- An update that moves no token in any order and changes no tally (models, subnet, a verify
  -- of an unlimited token that charges nothing) writes nothing here.
  CREATE OR REPLACE FUNCTION tokens_reordered() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE token_count AS c SET
      ${ORDER_COUNTS.map((count) => `${count} = c.${count} + d.${count}`).join(', ')},
      ${adjust('+', 'd')}
    FROM (SELECT
        ${ORDER_COUNTS.map((count) => `count(*) FILTER (WHERE o.${ORDER_KEYS[count]} <> n.${ORDER_KEYS[count]}) AS ${count}`).join(', ')},
        ${sums((column) => `${shares('n')[column]} - ${shares('o')[column]}`)}
      FROM old_rows AS o JOIN new_rows AS n USING (id)) AS d
    WHERE c.shard = txid_current() % ${shards}
      AND (${ORDER_COUNTS.map((count) => `d.${count}`).join(' + ')} > 0
        OR ${TALLY_COLUMNS.map((column) => `d.${column} <> 0`).join(' OR ')});
    RETURN NULL;
  END $$;
`;

/**
 * The summary of every token in one statement, so one snapshot: the tallies summed over the
 * shards, and of the switched-on tokens past their expiry at $1 (a range of tokens_by_status,
 * read from the index alone), how many and how many of those are limited with nothing left,
 * which the kept count of those holds as well.
 */
const UNFILTERED_SUMMARY = `SELECT c.total, c.disabled, c.unlimited, c.remain_quota,
    e.expired, c.out_of_quota - e.out_of_quota AS exhausted
  FROM (SELECT sum(total)::bigint AS total, sum(disabled)::bigint AS disabled,
      sum(unlimited)::bigint AS unlimited, sum(quota_left)::float8 AS remain_quota,
      sum(out_of_quota)::bigint AS out_of_quota
    FROM token_count) AS c,
  (SELECT count(*) AS expired,
      count(*) FILTER (WHERE NOT unlimited_quota AND remain_quota <= 0) AS out_of_quota
    FROM tokens WHERE status = 1 AND expired_time BETWEEN 0 AND $1) AS e`;

/**
 * The summary of every token at `now`, the tallies and the count of the expired read without
 * parallel workers: on a busy server they take longer to start than the count they would share
 * (a count of 135,000 expired tokens: 90 ms with two workers, 20 alone).
 */
export function readUnfilteredSummary(
  transaction: Transaction,
  now: number,
): Promise<Omit<TokenSummary, 'enabled'> | undefined> {
  return transaction(async (client) => {
    await client.query('SET LOCAL max_parallel_workers_per_gather = 0');
    const { rows } = await client.query<Omit<TokenSummary, 'enabled'>>(UNFILTERED_SUMMARY, [now]);
    return rows[0];
  }, 'BEGIN READ ONLY');
}
