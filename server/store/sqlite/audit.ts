import type Database from 'better-sqlite3';
import type { AuditContext, AuditPage, AuditQuery } from '../../../src/contract/audit';
import type { AuditEntry, AuditPageRow, AuditRow } from '../audit-entry';
import { auditRow, insertAuditSql } from '../audit-entry';
import { auditPageOf, auditPageReads, sqliteAuditSource } from '../audit-query';
import { statementCache } from './statement-cache';

export interface SqliteAudit {
  /** Writes a record; runs inside the transaction of the change it records. */
  write(context: AuditContext, entry: AuditEntry, time: number): void;
  page(query: AuditQuery): AuditPage;
  /** Writes records as they are; runs inside a write transaction. */
  insert(rows: readonly AuditRow[]): void;
  /**
   * Runs `load` (inside a write transaction) without the trigger that makes each change to a
   * token an event: a past loaded into the audit is not news to send.
   */
  withoutEvents(load: () => void): void;
}

export function sqliteAudit(db: Database.Database): SqliteAudit {
  const insert = db.prepare<[AuditRow]>(insertAuditSql((column) => `@${column}`));
  const statement = statementCache(db);
  // The page and its total from one snapshot, so they agree while another process writes.
  const readPage = db.transaction((query: AuditQuery): AuditPage => {
    const reads = auditPageReads(query, () => '?', { source: sqliteAuditSource(query) });
    const counted = statement(reads.count).get(...reads.values) as { total: number };
    const rows = statement(reads.page).all(...reads.pageValues) as Array<AuditPageRow>;
    return auditPageOf(query, counted.total, rows);
  });
  return {
    write: (context, entry, time) => insert.run(auditRow(context, entry, time)),
    page: (query) => readPage(query),
    insert: (rows) => {
      for (const row of rows) insert.run(row);
    },
    withoutEvents(load) {
      const trigger = db
        .prepare<[], string>(
          "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'audit_token_events'",
        )
        .pluck()
        .get();
      if (trigger === undefined) return load();
      db.exec('DROP TRIGGER audit_token_events');
      load();
      db.exec(trigger);
    },
  };
}
