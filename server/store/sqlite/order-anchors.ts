/**
 * Deep pages of the SQLite token list. SQLite's indexes do not count their entries, so OFFSET n
 * reads n entries: page 5,000 of a million tokens would read half a million before its rows.
 *
 * How a page is found (the list reader and its statements do the rest):
 * - every order has an index on (field, id), so a page is read in order and stops at its limit;
 * - a deep page of the whole list starts at the anchor before it (OrderAnchors, below) and skips
 *   fewer than ANCHOR_EVERY entries;
 * - a page in the back half of a filtered list is read from its end, in the reverse order;
 * - a filter with few matches (FEW_MATCHES) is read from the filter's index and sorted; one with
 *   many walks the order's index and filters on the way.
 *
 * The list reader keeps the anchors until the tokens change: a write of this process, or one of
 * another process, noticed through PRAGMA data_version. At a million tokens the deepest pages
 * take under a millisecond.
 */
import type Database from 'better-sqlite3';
import type { TokenOrderField } from '../../../src/contract/token';
import { ORDER_EXPRESSIONS } from './list-query';

/** Tokens between two anchors: a page skips fewer than this many index entries to its start. */
export const ANCHOR_EVERY = 1000;

/** A token's place in an order: its sort key (exact: integers as BigInt) and id. */
interface Anchor {
  key: bigint | string;
  id: bigint;
}

/**
 * Where a deep page of the whole list starts, without OFFSET walking every entry before it
 * (SQLite's indexes do not count their entries, so OFFSET n reads n of them). For one order, the
 * token at every ANCHOR_EVERY-th place of the ascending order is remembered; a page then starts at
 * the anchor at or before it and skips fewer than ANCHOR_EVERY entries. The anchors are made by
 * one walk of the whole index on first use; the caller drops them when the tokens change.
 *
 * Ties of a sort key (half of all tokens never expire) are ordered by id. SQLite seeks an index
 * on (key, id) exactly only for "key = ? AND id >= ?", so each step reads the rest of the
 * anchor's tie first and then the keys after it.
 */
export class OrderAnchors {
  private readonly anchors: Anchor[] = [];
  private complete = false;
  private readonly sql: ReturnType<typeof statements>;

  constructor(db: Database.Database, field: TokenOrderField) {
    this.sql = statements(db, ORDER_EXPRESSIONS[field]);
  }

  /** Ids of the tokens at places [start, start + count) of the ascending order. */
  ids(start: number, count: number): bigint[] {
    const anchor = this.anchorAtOrBefore(start);
    if (!anchor) return [];
    const skip = start - Math.floor(start / ANCHOR_EVERY) * ANCHOR_EVERY;
    const inTie = this.sql.tieIds.all({ ...anchor, limit: count, skip });
    if (inTie.length === count) return inTie;
    // The tie ended: the rest comes from the keys after it, skipping what the tie did not hold.
    const skipAfter = inTie.length > 0 ? 0 : skip - this.tieLength(anchor, skip);
    const after = this.sql.idsAfter.all({
      key: anchor.key,
      limit: count - inTie.length,
      skip: skipAfter,
    });
    return [...inTie, ...after];
  }

  /** Undefined past the end of the list. */
  private anchorAtOrBefore(place: number): Anchor | undefined {
    // All at once: one walk of the index now, rather than a longer one for each deeper page.
    while (!this.complete) this.addAnchor();
    return this.anchors[Math.floor(place / ANCHOR_EVERY)];
  }

  private addAnchor(): void {
    const last = this.anchors.at(-1);
    const next = last ? this.placeAfter(last, ANCHOR_EVERY) : this.sql.first.get();
    if (next) this.anchors.push(next);
    else this.complete = true;
  }

  /** The token `skip` places after `anchor`, if there is one. */
  private placeAfter(anchor: Anchor, skip: number): Anchor | undefined {
    const id = this.sql.tieIds.all({ ...anchor, limit: 1, skip })[0];
    if (id !== undefined) return { key: anchor.key, id };
    return this.sql.placeAfterKey.get({
      key: anchor.key,
      skip: skip - this.tieLength(anchor, skip),
    });
  }

  /** How many tokens of the anchor's tie, from the anchor on, up to `atMost`. */
  private tieLength(anchor: Anchor, atMost: number): number {
    return Number(this.sql.tieLength.get({ ...anchor, atMost }));
  }
}

function statements(db: Database.Database, key: string) {
  const exact = <S extends Database.Statement>(statement: S) => statement.safeIntegers(true) as S;
  // Within a tie the index is in id order; "ORDER BY key, id" would make SQLite sort the tie.
  const inTie = `FROM tokens WHERE ${key} = @key AND id >= @id`;
  return {
    first: exact(
      db.prepare<[], Anchor>(`SELECT ${key} AS key, id FROM tokens ORDER BY ${key}, id LIMIT 1`),
    ),
    tieIds: exact(
      db
        .prepare<[{ key: Anchor['key']; id: bigint; limit: number; skip: number }], bigint>(
          `SELECT id ${inTie} ORDER BY id LIMIT @limit OFFSET @skip`,
        )
        .pluck(),
    ),
    tieLength: exact(
      db
        .prepare<[{ key: Anchor['key']; id: bigint; atMost: number }], bigint>(
          `SELECT count(*) FROM (SELECT 1 ${inTie} LIMIT @atMost)`,
        )
        .pluck(),
    ),
    placeAfterKey: exact(
      db.prepare<[{ key: Anchor['key']; skip: number }], Anchor>(
        `SELECT ${key} AS key, id FROM tokens WHERE ${key} > @key ORDER BY ${key}, id LIMIT 1 OFFSET @skip`,
      ),
    ),
    idsAfter: exact(
      db
        .prepare<[{ key: Anchor['key']; limit: number; skip: number }], bigint>(
          `SELECT id FROM tokens WHERE ${key} > @key ORDER BY ${key}, id LIMIT @limit OFFSET @skip`,
        )
        .pluck(),
    ),
  };
}
