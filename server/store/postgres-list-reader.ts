import type pg from 'pg';
import type { TokenListQuery } from '../../src/contract/token';
import { Params, orderBy, tokenFilter, tokenJson } from './postgres-sql';

/**
 * A page of the list as the JSON text the service sends, with its total. Runs on a client in a
 * read-only snapshot the caller opened, so the page and its total agree.
 */
export async function readPageJson(
  client: pg.ClientBase,
  listQuery: TokenListQuery,
  now: number,
): Promise<string> {
  const limit = listQuery.size;
  const offset = (listQuery.p - 1) * limit;
  const countParams = new Params(now);
  const filter = tokenFilter(listQuery, countParams);
  const counted = await client.query<{ total: number }>(
    filter === ''
      ? 'SELECT sum(total)::bigint AS total FROM token_count'
      : `SELECT count(*) AS total FROM tokens ${filter}`,
    countParams.values,
  );
  const total = counted.rows[0]?.total ?? 0;
  let rows: string[] = [];
  if (offset < total) {
    // A page in the back half is read from the end, in the reverse order, skipping fewer rows.
    const after = total - offset - limit;
    const fromEnd = after < offset;
    const pageParams = new Params(now);
    const where = tokenFilter(listQuery, pageParams);
    const limitParam = pageParams.add(fromEnd ? Math.min(limit, total - offset) : limit);
    const offsetParam = pageParams.add(fromEnd ? Math.max(0, after) : offset);
    // OFFSET computes the select list of every row it skips: the rows are found by id first,
    // and only the page's are made into JSON.
    const order = orderBy(listQuery.order, fromEnd);
    const page = await client.query<{ token: string }>(
      `SELECT ${tokenJson(pageParams.now)} AS token FROM tokens
        WHERE id IN (SELECT id FROM tokens ${where}
          ORDER BY ${order} LIMIT ${limitParam} OFFSET ${offsetParam})
        ORDER BY ${order}`,
      pageParams.values,
    );
    rows = page.rows.map((row) => row.token);
    if (fromEnd) rows.reverse();
  }
  return `{"items":[${rows.join(',')}],"total":${total},"page":${listQuery.p},"page_size":${listQuery.size}}`;
}
