import type pg from 'pg';
import type { AuditContext, AuditPage, AuditQuery } from '../../../src/contract/audit';
import type { AuditEntry, AuditPageRow, AuditRow } from '../audit-entry';
import { AUDIT_COLUMNS, auditRow, insertAuditSql } from '../audit-entry';
import { maskKey } from '../../../src/contract/token';
import { toToken } from '../token-record';
import type { TokenRecordInput } from '../ports/token-loading';
import { auditPageOf, auditPageReads } from '../audit-query';

type QueryClient = Pick<pg.ClientBase, 'query'>;

/** The INSERT of one audit record, its values as auditValues() lists them. */
export const INSERT_AUDIT = insertAuditSql((_, index) => `$${index + 1}`);

export function auditValues(context: AuditContext, entry: AuditEntry, time: number): unknown[] {
  const row = auditRow(context, entry, time);
  return AUDIT_COLUMNS.map((column) => row[column]);
}

/** Writes a record on the client of the change's transaction. */
export async function writeAudit(
  client: QueryClient,
  context: AuditContext,
  entry: AuditEntry,
  time: number,
): Promise<void> {
  await client.query(INSERT_AUDIT, auditValues(context, entry, time));
}

/**
 * The columns of an audit record of `action` on each row of a CTE named `source`, whose tokens
 * are made into JSON by `tokenJson`: for a delete, `before` is the token and `after` null.
 * Parameters from `first` on carry the actor, the address and the time.
 */
export function auditOfRowsSql(
  action: 'token.delete' | 'token.reveal',
  tokenJson: string,
  first: number,
): string {
  const [time, id, name, role, ip] = [0, 1, 2, 3, 4].map((offset) => `$${first + offset}`);
  const after = action === 'token.reveal' ? `${tokenJson}::json` : 'NULL';
  return `INSERT INTO audit (${AUDIT_COLUMNS.join(', ')})
    SELECT ${time}::bigint, ${id}::bigint, ${name}::text, ${role}::text, ${ip}::text,
      '${action}', id, ${tokenJson}::json, ${after} FROM source`;
}

/**
 * The audit record of a token created by a CTE named `source`. The token is written in
 * JavaScript (tokenJsonAfterId) but for its id, which the insert assigns; parameters from
 * `first` on carry the actor, the address, the time and that text.
 */
export function auditOfCreateSql(first: number): string {
  const [time, id, name, role, ip, rest] = [0, 1, 2, 3, 4, 5].map((offset) => `$${first + offset}`);
  return `INSERT INTO audit (${AUDIT_COLUMNS.join(', ')})
    SELECT ${time}::bigint, ${id}::bigint, ${name}::text, ${role}::text, ${ip}::text,
      'token.create', id, NULL, ('{"id":' || id || ',' || ${rest}::text)::json FROM source`;
}

/** A new token as JSON without its opening `{"id":…,`, for auditOfCreateSql. */
export function tokenJsonAfterId(record: TokenRecordInput, now: number): string {
  const json = JSON.stringify(toToken({ ...record, id: 0 }, now, maskKey(record.key)));
  return json.slice('{"id":0,'.length);
}

export const auditOfRowsValues = (context: AuditContext, time: number): unknown[] => [
  time,
  context.actor.id,
  context.actor.name,
  context.actor.role,
  context.ip,
];

/** Many records in one statement: one array parameter per column. */
export async function insertAuditRows(
  client: QueryClient,
  rows: readonly AuditRow[],
): Promise<void> {
  const types = ['bigint', 'bigint', 'text', 'text', 'text', 'text', 'bigint', 'json', 'json'];
  await client.query(
    `INSERT INTO audit (${AUDIT_COLUMNS.join(', ')})
      SELECT * FROM unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`,
    AUDIT_COLUMNS.map((column) => rows.map((row) => row[column])),
  );
}

/** A page of the audit and its total, read in the snapshot of the caller's transaction. */
export async function readAuditPage(client: QueryClient, query: AuditQuery): Promise<AuditPage> {
  const reads = auditPageReads(query, (position) => `$${position}`, {
    // As text: auditRecord parses the JSON, where pg would hand back a json column parsed.
    column: (name) => (name === 'before' || name === 'after' ? `${name}::text` : name),
    oneIndex: true,
  });
  const counted = await client.query<{ total: number }>(reads.count, reads.values);
  const { rows } = await client.query<AuditPageRow>(reads.page, reads.pageValues);
  return auditPageOf(query, Number(counted.rows[0]?.total ?? 0), rows);
}
