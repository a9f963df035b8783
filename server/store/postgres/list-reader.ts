import type pg from 'pg';
import { normalizeKey, type TokenListQuery } from '../../../src/contract/token';
import { TOTAL_CAP } from '../../../src/contract/token-page';
import { pageJson, reportedTotal } from '../page-json';
import { matchIds, PostgresNameSearches, tokensById } from './name-searches';
import { ANCHOR_EVERY, PostgresOrderAnchors } from './order-anchors';
import { Params, orderBy, tokenFilter, tokenJson } from './sql';
import { orderField, reverseOrder } from '../token-order';

/**
 * A page of the list as the JSON text the service sends, with its total. Runs on a client in a
 * read-only snapshot the caller opened, so the page and its total agree.
 */
export async function readPageJson(
  client: pg.ClientBase,
  listQuery: TokenListQuery,
  now: number,
  anchors: PostgresOrderAnchors,
  searches: PostgresNameSearches,
): Promise<string> {
  const limit = listQuery.size;
  const offset = (listQuery.p - 1) * limit;
  const countParams = new Params(now);
  const filter = tokenFilter(listQuery, countParams);
  const nameSearch = { where: filter, values: countParams.values };
  // A status filter changes with the clock and with updates no change count follows.
  const search =
    filter !== '' && listQuery.status === undefined && normalizeKey(listQuery.token) === ''
      ? await searches.of(client, nameSearch, listQuery.order)
      : null;
  // A name search's first TOTAL_CAP + 1 matches are found in one walk, once: its count and the
  // pages among them.
  const ids = search ? (search.ids ??= await matchIds(client, listQuery, now)) : null;
  let matches = ids?.length;
  let changes: string | null = null;
  if (matches === undefined) {
    const counted = await client.query<{ total: number; changes: string | null }>(
      filter === ''
        ? PostgresOrderAnchors.totalAndChangesSql(orderField(listQuery.order).field)
        : // Matches are counted up to one past TOTAL_CAP: enough to say "more than".
          `SELECT count(*) AS total, NULL AS changes
            FROM (SELECT 1 FROM tokens ${filter} LIMIT ${TOTAL_CAP + 1}) AS matches`,
      countParams.values,
    );
    matches = counted.rows[0]?.total ?? 0;
    changes = counted.rows[0]?.changes ?? null;
  }
  const { total, capped } = reportedTotal(matches, filter !== '');
  if (offset >= total && !capped) return pageJson([], total, capped, listQuery);
  // Pages past the matches found are read as any other list's.
  if (ids && (!capped || offset + limit <= ids.length)) {
    const tokens = await tokensById(client, ids.slice(offset, offset + limit), now);
    return pageJson(tokens, total, capped, listQuery);
  }

  // A page in the back half is read from the end, in the reverse order, skipping fewer rows;
  // where the count stopped, the end is not known.
  const after = total - offset - limit;
  const fromEnd = !capped && after < offset;
  const order = fromEnd ? reverseOrder(listQuery.order) : listQuery.order;
  const start = fromEnd ? Math.max(0, after) : offset;
  const count = fromEnd ? Math.min(limit, total - offset) : limit;
  const params = new Params(now);
  let where = tokenFilter(listQuery, params);
  let skip = start;
  if (changes !== null && start >= ANCHOR_EVERY) {
    const seek = await anchors.seek(client, order, { changes, total }, start, params);
    if (seek !== null) {
      where = `WHERE ${seek.condition}`;
      skip = seek.skip;
    }
  }
  // OFFSET computes the select list of every row it skips: the rows are found by id first, and
  // only the page's are made into JSON. ARRAY() finds them once, whatever the planner expects:
  // as `id IN (...)`, a table its statistics took for empty was joined to the page's search run
  // again for each of its rows.
  const { rows } = await client.query<{ token: string }>(
    `SELECT ${tokenJson(params.now)} AS token FROM tokens
      WHERE id = ANY(ARRAY(SELECT id FROM tokens ${where}
        ORDER BY ${orderBy(order)} LIMIT ${params.add(count)} OFFSET ${params.add(skip)}))
      ORDER BY ${orderBy(order)}`,
    params.values,
  );
  const tokens = rows.map((row) => row.token);
  return pageJson(fromEnd ? tokens.reverse() : tokens, total, capped, listQuery);
}
