import type { AdminRole } from '../../src/contract/admin-key';
import type {
  AuditAction,
  AuditContext,
  AuditRecord,
  AuditSubject,
} from '../../src/contract/audit';

/** What a change writes to the audit, besides who made it and when. */
export interface AuditEntry {
  action: AuditAction;
  token_id: number | null;
  before: AuditSubject;
  after: AuditSubject;
}

/** An audit record as both engines store it: the actor flattened, before and after as JSON text. */
export interface AuditRow {
  time: number;
  actor_id: number;
  actor_name: string;
  actor_role: string;
  ip: string;
  action: string;
  token_id: number | null;
  before: string | null;
  after: string | null;
}

export function auditRow(context: AuditContext, entry: AuditEntry, time: number): AuditRow {
  return {
    time,
    actor_id: context.actor.id,
    actor_name: context.actor.name,
    actor_role: context.actor.role,
    ip: context.ip,
    action: entry.action,
    token_id: entry.token_id,
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
  };
}

/** The columns of AuditRow, in the order INSERT statements list them. */
export const AUDIT_COLUMNS = [
  'time',
  'actor_id',
  'actor_name',
  'actor_role',
  'ip',
  'action',
  'token_id',
  'before',
  'after',
] as const satisfies ReadonlyArray<keyof AuditRow>;
export type AuditColumn = (typeof AUDIT_COLUMNS)[number];

/** The INSERT of one record, each column's value where `placeholder` puts it. */
export const insertAuditSql = (placeholder: (column: AuditColumn, index: number) => string) =>
  `INSERT INTO audit (${AUDIT_COLUMNS.join(', ')}) VALUES (${AUDIT_COLUMNS.map(placeholder).join(', ')})`;

/** An audit record as a page reads it; SQLite says whether its token is gone as 0 or 1. */
export type AuditPageRow = AuditRow & { id: number; token_deleted: boolean | number };

export function auditRecord(row: AuditPageRow): AuditRecord {
  return {
    id: Number(row.id),
    time: Number(row.time),
    actor: { id: Number(row.actor_id), name: row.actor_name, role: row.actor_role as AdminRole },
    ip: row.ip,
    action: row.action as AuditAction,
    token_id: row.token_id === null ? null : Number(row.token_id),
    token_deleted: Boolean(row.token_deleted),
    before: parseSubject(row.before),
    after: parseSubject(row.after),
  };
}

function parseSubject(text: string | null): AuditSubject {
  return text === null ? null : (JSON.parse(text) as AuditSubject);
}

/** An update that leaves the record as it was is not a change, and is not recorded. */
export function changesSomething(entry: AuditEntry): boolean {
  return JSON.stringify(entry.before) !== JSON.stringify(entry.after);
}
