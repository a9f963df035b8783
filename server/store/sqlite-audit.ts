import type Database from 'better-sqlite3';
import type { AuditContext, AuditPage, AuditQuery } from '../../src/contract/audit';
import {
  AUDIT_COLUMNS,
  auditRecord,
  auditRow,
  type AuditEntry,
  type AuditPageRow,
  type AuditRow,
} from './audit-entry';
import {
  auditCountSql,
  auditFilter,
  auditPageSql,
  auditTotal,
  sqliteAuditSource,
} from './audit-query';
import { statementCache } from './sqlite-statement-cache';

export interface SqliteAudit {
  /** Writes a record; runs inside the transaction of the change it records. */
  write(context: AuditContext, entry: AuditEntry, time: number): void;
  page(query: AuditQuery): AuditPage;
  /** Writes records as they are; runs inside a write transaction. */
  insert(rows: readonly AuditRow[]): void;
}

export function sqliteAudit(db: Database.Database): SqliteAudit {
  const insert = db.prepare<[AuditRow]>(
    `INSERT INTO audit (${AUDIT_COLUMNS.join(', ')}) VALUES (${AUDIT_COLUMNS.map((column) => `@${column}`).join(', ')})`,
  );
  const statement = statementCache(db);
  // The page and its total from one snapshot, so they agree while another process writes.
  const readPage = db.transaction((query: AuditQuery): AuditPage => {
    const params: Record<string, unknown> = {};
    const filter = auditFilter(query, (value) => {
      const name = `v${Object.keys(params).length}`;
      params[name] = value;
      return `@${name}`;
    });
    const source = sqliteAuditSource(query);
    const counted = (statement(auditCountSql(filter, source)).get(params) as { total: number })
      .total;
    const rows = statement(
      auditPageSql(AUDIT_COLUMNS.join(', '), filter, '@limit', '@offset', source),
    ).all({ ...params, limit: query.size, offset: (query.p - 1) * query.size }) as AuditPageRow[];
    return {
      items: rows.map(auditRecord),
      ...auditTotal(counted),
      page: query.p,
      page_size: query.size,
    };
  });
  return {
    write: (context, entry, time) => insert.run(auditRow(context, entry, time)),
    page: (query) => readPage(query),
    insert: (rows) => {
      for (const row of rows) insert.run(row);
    },
  };
}
