import type { TokenOrderField } from '../../../src/contract/token';

/** Ordering by expiry puts "never" (-1) after every date. */
export const EXPIRY_SORT_KEY =
  'CASE WHEN expired_time = -1 THEN 9223372036854775807 ELSE expired_time END';

/**
 * The name order of SQLite's NOCASE: ASCII letters folded, everything else by code point (what
 * the "C" collation of UTF-8 text is), whatever the database's own locale.
 */
export const NAME_SORT_KEY = `translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;

/** The columns the list orders by, each with its (field, id) index. */
export const PG_ORDER_COLUMNS = {
  name: 'name_order',
  remain_quota: 'remain_quota',
  used_quota: 'used_quota',
  created_time: 'created_time',
  expired_time: 'expiry_order',
  accessed_time: 'accessed_time',
} as const;

/** The orders an update can change: each has its change count in token_count (migration 4). */
const REORDERED_BY_UPDATES = new Set<TokenOrderField>([
  'name',
  'remain_quota',
  'used_quota',
  'expired_time',
  'accessed_time',
]);

/**
 * The columns of token_count whose sum changes whenever the field's order does: inserts
 * and deletes (members) move every order; ids and creation times never change otherwise.
 */
export function orderChangeColumns(field: TokenOrderField): string[] {
  return REORDERED_BY_UPDATES.has(field) ? ['members', field] : ['members'];
}

/**
 * What name_folded holds: the name as JavaScript folds its case (all of Unicode), so "name
 * contains" means the same whatever the database's locale. Keywords are folded the same way.
 */
export function foldName(text: string): string {
  return text.toLowerCase();
}
