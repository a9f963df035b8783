import type { AuditQuery } from '../../src/contract/audit';
import { TOTAL_CAP } from '../../src/contract/token-page';

/**
 * The WHERE clause of an audit page's filters, with placeholders made by `placeholder` (SQLite's
 * `@name` or PostgreSQL's `$n`), and the values in the order they were made.
 */
export function auditFilter(query: AuditQuery, placeholder: (value: unknown) => string): string {
  const conditions: string[] = [];
  if (query.token_id !== undefined) conditions.push(`token_id = ${placeholder(query.token_id)}`);
  if (query.actor !== undefined) conditions.push(`actor_id = ${placeholder(query.actor)}`);
  if (query.action !== undefined) conditions.push(`action = ${placeholder(query.action)}`);
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** Records are counted up to one past TOTAL_CAP: enough to say "more than". */
export const auditCountSql = (filter: string) =>
  `SELECT count(*) AS total FROM (SELECT 1 FROM audit ${filter} LIMIT ${TOTAL_CAP + 1}) AS matches`;

/**
 * Newest first: ids are handed out in the order records are written, which clocks that differ
 * between instances, or are set back, cannot disorder.
 */
export const AUDIT_ORDER = 'ORDER BY id DESC';

export function auditTotal(counted: number): { total: number; total_capped: boolean } {
  const capped = counted > TOTAL_CAP;
  return { total: capped ? TOTAL_CAP : counted, total_capped: capped };
}
