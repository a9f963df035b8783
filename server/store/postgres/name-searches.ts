import type pg from 'pg';
import type { TokenListQuery, TokenOrder } from '../../../src/contract/token';
import { TOTAL_CAP } from '../../../src/contract/token-page';
import { orderChangeColumns } from './schema';
import { orderBy, Params, tokenFilter, tokenJson } from './sql';
import { orderField } from '../token-order';

/** Searches kept at once; each holds at most TOTAL_CAP + 1 ids (8 kB). */
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

/** The newest tokens, whose names tell how common a keyword is. */
const SAMPLE = 2000;
/**
 * From this share of matches among them on, a walk through the order's index meets the first
 * TOTAL_CAP + 1 matches sooner than the trigram index gathers every match from the table's
 * rows (a match found there costs about thirty tokens walked, at a million tokens).
 */
const COMMON_SHARE = 0.01;

/** The ids of the first TOTAL_CAP + 1 tokens the search keeps, in its order. */
export async function matchIds(
  client: pg.ClientBase,
  query: TokenListQuery,
  now: number,
): Promise<number[]> {
  const walk = new Params(now);
  const walkWhere = tokenFilter(query, walk, 'walk');
  const index = new Params(now);
  const indexWhere = tokenFilter(query, index);
  // A keyword the trigram index cannot find is always checked on the walk.
  const common =
    indexWhere === walkWhere ||
    (await sampleMatches(client, walkWhere, walk.values)) >= SAMPLE * COMMON_SHARE;
  const [where, params] = common ? [walkWhere, walk] : [indexWhere, index];
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM tokens ${where} ORDER BY ${orderBy(query.order)} LIMIT ${TOTAL_CAP + 1}`,
    params.values,
  );
  return rows.map((row) => row.id);
}

/** How many of the SAMPLE newest tokens the condition keeps. */
async function sampleMatches(
  client: pg.ClientBase,
  where: string,
  values: unknown[],
): Promise<number> {
  const { rows } = await client.query<{ matches: number }>(
    `SELECT count(*) AS matches
      FROM (SELECT name_folded FROM tokens ORDER BY id DESC LIMIT ${SAMPLE}) AS tokens ${where}`,
    values,
  );
  return rows[0]?.matches ?? 0;
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
