import type { AuditPage, AuditQuery } from '../../src/contract/audit';
import { TOTAL_CAP } from '../../src/contract/token-page';
import { AUDIT_COLUMNS, auditRecord, type AuditColumn, type AuditPageRow } from './audit-entry';

/**
 * The WHERE clause of an audit page's filters, with placeholders made by `placeholder` (SQLite's
 * `?` or PostgreSQL's `$n`), and the values in the order they were made. With `oneIndex`,
 * only the most selective filter (token, then person, then action) can be served by its index:
 * the others are written as expressions no index holds. PostgreSQL otherwise walked a person's
 * index in search of one token's records: 43 ms rather than 9 for a page among 300,000 records.
 */
function auditFilter(
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
const auditCountSql = (filter: string, source = 'audit') =>
  `SELECT count(*) AS total FROM (SELECT 1 FROM ${source} ${filter} LIMIT ${TOTAL_CAP + 1}) AS matches`;

/**
 * A page's records: their ids found first, in an index alone, then only those records read, so
 * a deep page does not read every record it skips. `limit` and `offset` are placeholders. Each
 * says whether its token is gone, by a look-up of the token's id (the same SQL on both engines).
 */
const auditPageSql = (
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

function auditTotal(counted: number): { total: number; total_capped: boolean } {
  const capped = counted > TOTAL_CAP;
  return { total: capped ? TOTAL_CAP : counted, total_capped: capped };
}

/** The two reads of an audit page, and the values of their placeholders in order. */
export interface AuditPageReads {
  /** The count of the matching records, with `values`. */
  count: string;
  /** The page's records, with `pageValues`: `values`, then the page's size and offset. */
  page: string;
  values: unknown[];
  pageValues: unknown[];
}

/**
 * The reads of an audit page in an engine's SQL: `placeholder` spells the value at a position
 * (from 1), `column` how a column is read, `source` and `oneIndex` as above.
 */
export function auditPageReads(
  query: AuditQuery,
  placeholder: (position: number) => string,
  {
    column = (name) => name,
    source,
    oneIndex,
  }: { column?: (name: AuditColumn) => string; source?: string; oneIndex?: boolean },
): AuditPageReads {
  const values: unknown[] = [];
  const filter = auditFilter(
    query,
    (value) => {
      values.push(value);
      return placeholder(values.length);
    },
    { oneIndex },
  );
  const [limit, offset] = [placeholder(values.length + 1), placeholder(values.length + 2)];
  return {
    count: auditCountSql(filter, source),
    page: auditPageSql(AUDIT_COLUMNS.map(column).join(', '), filter, limit, offset, source),
    values,
    pageValues: [...values, query.size, (query.p - 1) * query.size],
  };
}

/** The answer of an audit page: its records, newest first, and the count of all that match. */
export function auditPageOf(
  query: AuditQuery,
  counted: number,
  rows: ReadonlyArray<AuditPageRow>,
): AuditPage {
  return {
    items: rows.map(auditRecord),
    ...auditTotal(counted),
    page: query.p,
    page_size: query.size,
  };
}
