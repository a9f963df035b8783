import type pg from 'pg';
import type { TokenOrder } from '../../src/contract/token';
import { TOTAL_CAP } from '../../src/contract/token-page';
import { orderChangeColumns } from './postgres-schema';
import { orderBy, Params, tokenJson } from './postgres-sql';
import { orderField } from './token-order';

/** Searches kept at once; each holds at most TOTAL_CAP + 1 ids (80 kB). */
const KEPT_SEARCHES = 32;

/** What is known of one name search in one state of the tokens. */
export interface KeptSearch {
  /** The ids of its first TOTAL_CAP + 1 matches, in its order: its count and its pages. */
  ids?: number[];
}

/**
 * Name searches (a keyword and no other filter) as they were in one state of the tokens, so that
 * the next pages of a search neither count its matches again nor walk past the ones before them:
 * at a million tokens, that takes tens of milliseconds for a common word.
 *
 * A search is kept under the change count of the names and of its order (token_count, which the
 * triggers move with every insert, delete, rename and move in that order, whichever instance
 * made it), read in the caller's snapshot: it is reused only where no such change happened since.
 */
export class PostgresNameSearches {
  private readonly kept = new Map<string, KeptSearch>();

  /**
   * The search of `filter` (tokenFilter's WHERE clause and its values) in `order`, as kept for
   * the caller's snapshot: empty when not known there yet, for the caller to fill in.
   */
  async of(
    client: pg.ClientBase,
    filter: { where: string; values: unknown[] },
    order: TokenOrder,
  ): Promise<KeptSearch> {
    const columns = new Set(['name', ...orderChangeColumns(orderField(order).field)]);
    const sums = [...columns].map((column) => `sum(${column})`);
    const { rows } = await client.query<{ changes: string }>(
      `SELECT (${sums.join(' + ')})::text AS changes FROM token_count`,
    );
    const key = JSON.stringify([rows[0]?.changes, filter.where, filter.values, order]);
    let search = this.kept.get(key);
    // Kept in the order of use: the least recently used goes first.
    if (search) this.kept.delete(key);
    else {
      search = {};
      const oldest = this.kept.keys().next();
      if (this.kept.size >= KEPT_SEARCHES && !oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(key, search);
    return search;
  }
}

/** The ids of the first TOTAL_CAP + 1 tokens the filter keeps, in `order`. */
export async function matchIds(
  client: pg.ClientBase,
  filter: { where: string; values: unknown[] },
  order: TokenOrder,
): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM tokens ${filter.where} ORDER BY ${orderBy(order)} LIMIT ${TOTAL_CAP + 1}`,
    filter.values,
  );
  return rows.map((row) => row.id);
}

/** The tokens with these ids as JSON text, in the ids' order. */
export async function tokensById(
  client: pg.ClientBase,
  ids: readonly number[],
  now: number,
): Promise<string[]> {
  const params = new Params(now);
  const idsParam = params.add(ids);
  const { rows } = await client.query<{ token: string }>(
    `SELECT ${tokenJson(params.now)} AS token
      FROM unnest(${idsParam}::bigint[]) WITH ORDINALITY AS page(id, place)
      JOIN tokens USING (id) ORDER BY place`,
    params.values,
  );
  return rows.map((row) => row.token);
}
