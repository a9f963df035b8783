/**
 * Deep pages of the PostgreSQL token list, with any number of instances on one database.
 *
 * PostgreSQL cannot jump to the n-th entry of an index either: OFFSET 500000 walks half a
 * million entries, 25 to 30 ms at a million tokens even as an index-only scan. So, as on SQLite,
 * the token at every ANCHOR_EVERY-th place of each field's ascending order is remembered, and a
 * deep page (either direction) starts at the nearest anchor with a row comparison, (field, id) >=
 * (anchor), which is one range of the field's index.
 *
 * What keeps them right across instances (migration 4):
 * - a change count per order, kept by the statement triggers in the same shard rows of
 *   token_count as the total, so a create still writes one row besides the token;
 * - inserts, deletes and truncates add to `members`, which moves every order; an update adds to
 *   the column of each order it moved a token in (a status, model or subnet change moves none,
 *   and a verify's charge moves only the quota orders);
 * - the caller reads the order's count in the same REPEATABLE READ snapshot as the page, and the
 *   anchors are used only when it is the count they were walked at.
 *
 * One recursive statement finds an order's anchors, hopping ANCHOR_EVERY entries at a time
 * (about 100 ms for a million tokens). Before the anchors, a page in the middle of a million
 * tokens took 15 to 31 ms at p95 in every order; now 2.5 to 8.8 ms.
 */
import type pg from 'pg';
import type { TokenOrder, TokenOrderField } from '../../../src/contract/token';
import { orderChangeColumns, PG_ORDER_COLUMNS } from './schema';
import { orderBy, Params } from './sql';
import { orderField } from '../token-order';

/** Tokens between two anchors: a page skips fewer than this many index entries to its start. */
export const ANCHOR_EVERY = 1000;

/** A token's place in an order: its sort key (as text, so no 64-bit value loses a digit) and id. */
interface Anchor {
  key: string;
  id: number;
}

interface KeptAnchors {
  /** The order's change count (in token_count) in the snapshot they were read in. */
  changes: string;
  /**
   * anchors[k] is the token at place k × ANCHOR_EVERY of the ascending order (a descending page
   * is read backwards from the anchor after it); undefined while only seen.
   */
  anchors?: Promise<Anchor[]>;
}

/** How an order is spelled in SQL, and how its anchors are found in its index. */
interface OrderSql {
  orderBy: string;
  /** The sort key selected as text, in one collation whatever the column (a recursive query asks). */
  keyText: string;
  /**
   * Tokens at or after an anchor in the order; `key` and `id` spell the anchor's fields in SQL,
   * called only for the fields the condition uses.
   */
  fromAnchor: (key: () => string, id: () => string) => string;
}

function orderSql(order: TokenOrder): OrderSql {
  const { field, descending } = orderField(order);
  const atOrAfter = descending ? '<=' : '>=';
  if (field === 'id') {
    return {
      orderBy: orderBy(order),
      keyText: `id::text COLLATE "C"`,
      fromAnchor: (_key, id) => `id ${atOrAfter} ${id()}::bigint`,
    };
  }
  const column = PG_ORDER_COLUMNS[field];
  const type = column === 'name_order' ? 'text' : 'bigint';
  return {
    orderBy: orderBy(order),
    keyText: `${column}::text COLLATE "C"`,
    // A row comparison is one range of the (column, id) index: the scan starts at the anchor.
    fromAnchor: (key, id) => `(${column}, id) ${atOrAfter} (${key()}::${type}, ${id()}::bigint)`,
  };
}

/** Runs a statement on a connection of the pool, outside any request's transaction. */
type PoolQuery = (sql: string, values: unknown[]) => Promise<unknown>;

/**
 * Where a deep page of the whole list starts, without OFFSET walking every index entry before
 * it. For each sort field the token at every ANCHOR_EVERY-th place of its ascending order is
 * found by one walk through the field's index, kept in memory and in token_order_anchors for the
 * other instances (and the seed's, made with the indexes); a page then starts at the anchor
 * nearest before it, in its own direction, and skips fewer than ANCHOR_EVERY entries.
 *
 * Nothing here can be stale: anchors are used only in a snapshot whose change count of their
 * order (read by the caller in the same snapshot) is the one they were walked at. After any
 * instance's insert, delete or move in that order, the next page is read with OFFSET and the walk
 * waits until the order has stayed the same from one deep page to the next, so that an order
 * changing all the time (quotas under a gateway's traffic) costs no more than OFFSET.
 */
export class PostgresOrderAnchors {
  private readonly kept = new Map<TokenOrderField, KeptAnchors>();

  constructor(private readonly poolQuery: PoolQuery) {}

  /**
   * SQL for the whole list's total, kept by triggers, and its `changes`: a number that changes
   * whenever the order of `field` may have (the sum of the token_count columns that watch it).
   */
  static totalAndChangesSql(field: TokenOrderField): string {
    const sums = orderChangeColumns(field).map((column) => `sum(${column})`);
    return `SELECT sum(total)::bigint AS total, (${sums.join(' + ')})::text AS changes FROM token_count`;
  }

  /**
   * Where place `offset` of `order` is found in the caller's snapshot, in which the list holds
   * `total` tokens and the order's change count is `changes`: a condition on the order's index
   * (its parameters added to `params`) and the entries to skip after it; null when the page is
   * to be read with OFFSET.
   */
  async seek(
    client: pg.ClientBase,
    order: TokenOrder,
    { changes, total }: { changes: string; total: number },
    offset: number,
    params: Params,
  ): Promise<{ condition: string; skip: number } | null> {
    const { field, descending } = orderField(order);
    const anchors = await this.anchorsOf(client, field, changes, total);
    // The anchor at or before the place in the order's own direction, and how far it is.
    const place = descending ? total - 1 - offset : offset;
    const index = descending ? Math.ceil(place / ANCHOR_EVERY) : Math.floor(place / ANCHOR_EVERY);
    const anchor = anchors?.[index];
    if (!anchor) return null;
    return {
      condition: orderSql(order).fromAnchor(
        () => params.add(anchor.key),
        () => params.add(anchor.id),
      ),
      skip: Math.abs(place - index * ANCHOR_EVERY),
    };
  }

  /**
   * Walks the order of `field` in the caller's snapshot and shares the anchors, so that the
   * first deep page of any instance finds them: for loading many tokens, like building an index.
   */
  async prepare(client: pg.ClientBase, field: TokenOrderField): Promise<void> {
    const { rows } = await client.query<{ total: number; changes: string }>(
      PostgresOrderAnchors.totalAndChangesSql(field),
    );
    const { total, changes } = rows[0] ?? { total: 0, changes: '' };
    await this.share(field, changes, await this.walk(client, field, changes, total));
  }

  private async anchorsOf(
    client: pg.ClientBase,
    field: TokenOrderField,
    changes: string,
    total: number,
  ): Promise<Anchor[] | null> {
    const kept = this.kept.get(field);
    if (kept?.changes === changes && kept.anchors) return kept.anchors;
    const { rows } = await client.query<{ anchors: Anchor[] }>(
      'SELECT anchors FROM token_order_anchors WHERE field = $1 AND changes = $2',
      [field, changes],
    );
    const shared = rows[0]?.anchors;
    if (shared) {
      this.kept.set(field, { changes, anchors: Promise.resolve(shared) });
      return shared;
    }
    const latest = this.kept.get(field);
    if (latest?.changes === changes && latest.anchors) return latest.anchors;
    if (latest !== undefined && latest.changes !== changes) {
      this.kept.set(field, { changes });
      return null;
    }
    const walked = this.walk(client, field, changes, total);
    // Shared in the background: a lost copy costs another instance one walk.
    walked.then((anchors) => this.share(field, changes, anchors)).catch(() => {});
    return walked;
  }

  /** Keeps the anchors of an order as they are at `changes`, for every instance to read. */
  private async share(field: TokenOrderField, changes: string, anchors: Anchor[]): Promise<void> {
    await this.poolQuery(
      `INSERT INTO token_order_anchors (field, changes, anchors) VALUES ($1, $2, $3)
        ON CONFLICT (field) DO UPDATE SET changes = excluded.changes, anchors = excluded.anchors`,
      [field, changes, JSON.stringify(anchors)],
    );
  }

  /** Reads the anchors of `field` once for requests that ask together. */
  private walk(
    client: pg.ClientBase,
    field: TokenOrderField,
    changes: string,
    total: number,
  ): Promise<Anchor[]> {
    const entry: KeptAnchors = { changes };
    entry.anchors = hop(client, orderSql(field), Math.ceil(total / ANCHOR_EVERY));
    this.kept.set(field, entry);
    entry.anchors.catch(() => {
      if (this.kept.get(field) === entry) this.kept.delete(field);
    });
    return entry.anchors;
  }
}

/** The first `count` anchors of an order, in one statement: each hop skips ANCHOR_EVERY entries. */
async function hop(client: pg.ClientBase, sql: OrderSql, count: number): Promise<Anchor[]> {
  // Named key: an output column named as the sort column (a cast keeps the name) would be what
  // ORDER BY sorts by, as text.
  const { rows } = await client.query<Anchor>(
    `WITH RECURSIVE anchors(n, key, id) AS (
      (SELECT 1, ${sql.keyText} AS key, id FROM tokens ORDER BY ${sql.orderBy} LIMIT 1)
      UNION ALL
      SELECT anchors.n + 1, next.key, next.id FROM anchors CROSS JOIN LATERAL (
        SELECT ${sql.keyText} AS key, id FROM tokens
          WHERE ${sql.fromAnchor(
            () => 'anchors.key',
            () => 'anchors.id',
          )}
          ORDER BY ${sql.orderBy} OFFSET ${ANCHOR_EVERY} LIMIT 1) AS next
      WHERE anchors.n < $1
    )
    SELECT key, id FROM anchors ORDER BY n`,
    [count],
  );
  return rows;
}
