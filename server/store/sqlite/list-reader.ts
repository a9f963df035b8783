import type Database from 'better-sqlite3';
import type { TokenListQuery, TokenOrder, TokenOrderField } from '../../../src/contract/token';
import { FEW_MATCHES, TOKENS_BY_IDS, buildListStatements, type ListStatements } from './list-query';
import { ANCHOR_EVERY, OrderAnchors } from './order-anchors';
import { statementCache } from './statement-cache';
import { pageJson, reportedTotal } from '../page-json';
import { orderField } from '../token-order';

/** Totals of searches and filters kept until the tokens change. */
const KEPT_TOTALS = 256;

export interface ListReaderOptions {
  /** The tokens' state (tokens-state.ts): any change of it may change every page. */
  state: () => string;
  /** Whether any token's reset is due at `now` (unix seconds). */
  resetDue: (now: number) => boolean;
}

export interface ListReader {
  /**
   * A page of tokens (TokenPage) as JSON text, with statuses as of `now`; null when a token's
   * reset is due at `now`: no page may show a token before its refill (../quota-resets.ts).
   */
  pageJson(query: TokenListQuery, now: number): string | null;
}

/**
 * Reads pages of the token list, and keeps what makes the next ones cheaper: the totals of
 * searches and the anchors of deep pages until the tokens change (a write of this process, or
 * data_version for another's). Every page is read from the database: an answer kept by this
 * process could not know another's writes without asking the database anyway.
 */
export function listReader(
  db: Database.Database,
  { state: tokensState, resetDue }: ListReaderOptions,
): ListReader {
  const keptTotal = db.prepare<[], { total: number }>('SELECT total FROM token_count');

  const countStatement = statementCache(db);
  // Each returns one value per row: a token as JSON text, or an id.
  const pageStatement = statementCache(db, { pluck: true });

  // What depends only on the tokens, kept until they change: the anchors of each order of the
  // whole list (for deep pages), and totals (a name search's count takes longer than its page).
  const anchors = new Map<TokenOrderField, OrderAnchors>();
  const totals = new Map<string, number>();
  let keptState = '';
  const keepFor = (state: string) => {
    if (state === keptState) return;
    anchors.clear();
    totals.clear();
    keptState = state;
  };
  const anchorsOf = (field: TokenOrderField) => {
    let ofField = anchors.get(field);
    if (!ofField) {
      ofField = new OrderAnchors(db, field);
      anchors.set(field, ofField);
    }
    return ofField;
  };
  const totalOf = (sql: ListStatements) => {
    if (sql.count === null) return keptTotal.get()?.total ?? 0;
    // The clock is part of the count only when the filter asks about expiry.
    const { now, ...rest } = sql.params;
    const key = JSON.stringify([sql.count, sql.count.includes('@now') ? now : null, rest]);
    let total = totals.get(key);
    if (total === undefined) {
      total = (countStatement(sql.count).get(sql.params) as { total: number }).total;
      if (totals.size >= KEPT_TOTALS) totals.clear();
      totals.set(key, total);
    }
    return total;
  };

  /** A deep page of the whole list: found from the order's anchors, then read by id. */
  const anchoredPage = (
    order: TokenOrder,
    total: number,
    offset: number,
    limit: number,
    params: ListStatements['params'],
  ): string[] => {
    const { field, descending } = orderField(order);
    // Anchors are kept for the ascending order: a descending page is a reversed ascending one.
    const start = descending ? Math.max(0, total - offset - limit) : offset;
    const count = descending ? Math.min(limit, total - offset) : limit;
    const ids = anchorsOf(field).ids(start, count);
    const rows = pageStatement(TOKENS_BY_IDS).all({ ...params, ids: `[${ids.join(',')}]` });
    return descending ? (rows as string[]).reverse() : (rows as string[]);
  };

  // One snapshot for the total and the page, so they agree even while another process writes;
  // the same snapshot is the one where no reset is due.
  const readPage = db.transaction((query: TokenListQuery, sql: ListStatements, now: number) => {
    if (resetDue(now)) return null;
    keepFor(tokensState());
    const limit = query.size;
    const offset = (query.p - 1) * limit;
    const counted = totalOf(sql);
    const { total, capped } = reportedTotal(counted, sql.count !== null);
    // OFFSET walks the rows it skips: past the end there is nothing to walk for.
    if (offset >= total && !capped) return { total, capped, rows: [] };
    if (sql.count === null && Math.min(offset, total - offset - limit) >= ANCHOR_EVERY) {
      return { total, capped, rows: anchoredPage(query.order, total, offset, limit, sql.params) };
    }
    // A page in the back half is read from the end, in the reverse order, skipping fewer rows;
    // where the count stopped, the end is not known.
    const after = total - offset - limit;
    const fromEnd = !capped && after < offset;
    const direction = fromEnd ? 'reverse' : 'forward';
    const params = fromEnd
      ? { ...sql.params, limit: Math.min(limit, total - offset), offset: Math.max(0, after) }
      : { ...sql.params, limit, offset };
    let rows: string[];
    if (sql.idsByName) {
      const ids = pageStatement(sql.idsByName(direction)).all(params) as number[];
      rows = pageStatement(TOKENS_BY_IDS).all({ ...params, ids: JSON.stringify(ids) }) as string[];
    } else {
      const strategy = counted <= FEW_MATCHES ? 'filter' : 'order';
      rows = pageStatement(sql.page(strategy, direction)).all(params) as string[];
    }
    return { total, capped, rows: fromEnd ? rows.reverse() : rows };
  });

  return {
    pageJson(query, now) {
      const page = readPage(query, buildListStatements(query, now), now);
      return page && pageJson(page.rows, page.total, page.capped, query);
    },
  };
}
