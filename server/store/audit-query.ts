import type { AuditQuery } from '../../src/contract/audit';
import { TOTAL_CAP } from '../../src/contract/token-page';

/**
 * The WHERE clause of an audit page's filters, with placeholders made by `placeholder` (SQLite's
 * `@name` or PostgreSQL's `$n`), and the values in the order they were made. With `oneIndex`,
 * only the most selective filter (token, then person, then action) can be served by its index:
 * the others are written as expressions no index holds. PostgreSQL otherwise walked a person's
 * index in search of one token's records: 43 ms rather than 9 for a page among 300,000 records.
 */
export function auditFilter(
  query: AuditQuery,
  placeholder: (value: unknown) => string,
  { oneIndex = false } = {},
): string {
  const conditions: string[] = [];
  const column = (name: string, unindexed: string) =>
    oneIndex && conditions.length > 0 ? unindexed : name;
  if (query.token_id !== undefined) conditions.push(`token_id = ${placeholder(query.token_id)}`);
  if (query.actor !== undefined) {
    conditions.push(`${column('actor_id', '(actor_id + 0)')} = ${placeholder(query.actor)}`);
  }
  if (query.action !== undefined) {
    conditions.push(`${column('action', "(action || '')")} = ${placeholder(query.action)}`);
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/**
 * Records are counted up to one past TOTAL_CAP: enough to say "more than". `source` is the table,
 * with SQLite's choice of index when it is given one (sqliteAuditSource).
 */
export const auditCountSql = (filter: string, source = 'audit') =>
  `SELECT count(*) AS total FROM (SELECT 1 FROM ${source} ${filter} LIMIT ${TOTAL_CAP + 1}) AS matches`;

/**
 * A page's records: their ids found first, in an index alone, then only those records read, so
 * a deep page does not read every record it skips. `limit` and `offset` are placeholders. Each
 * says whether its token is gone, by a look-up of the token's id (the same SQL on both engines).
 */
export const auditPageSql = (
  columns: string,
  filter: string,
  limit: string,
  offset: string,
  source = 'audit',
) => `SELECT id, ${columns},
    token_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tokens WHERE tokens.id = audit.token_id)
      AS token_deleted
  FROM audit WHERE id IN (
    SELECT id FROM ${source} ${filter} ${AUDIT_ORDER} LIMIT ${limit} OFFSET ${offset})
  ${AUDIT_ORDER}`;

/**
 * The index SQLite should read an audit page from: the most selective filter's. Without
 * statistics it guessed, and read a token's few records through every update of a person.
 */
export function sqliteAuditSource(query: AuditQuery): string {
  if (query.token_id !== undefined) return 'audit INDEXED BY audit_by_token';
  if (query.actor !== undefined) return 'audit INDEXED BY audit_by_actor';
  if (query.action !== undefined) return 'audit INDEXED BY audit_by_action';
  return 'audit INDEXED BY audit_by_id';
}

/**
 * Newest first: ids are handed out in the order records are written, which clocks that differ
 * between instances, or are set back, cannot disorder.
 */
export const AUDIT_ORDER = 'ORDER BY id DESC';

export function auditTotal(counted: number): { total: number; total_capped: boolean } {
  const capped = counted > TOTAL_CAP;
  return { total: capped ? TOTAL_CAP : counted, total_capped: capped };
}
