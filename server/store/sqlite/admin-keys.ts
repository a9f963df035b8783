import type Database from 'better-sqlite3';
import {
  ADMIN_KEY_COLUMNS,
  LAST_USED_STEP_SECONDS,
  type AdminKeyRow,
  type AdminKeyTable,
  type NewAdminKeyRow,
} from '../admin-key-record';
import type { SqliteAudit } from './audit';
import type { GroupCommit } from './group-commit';

/** The admin keys on SQLite: each change with its audit record, in the change's transaction. */
export function sqliteAdminKeys(
  db: Database.Database,
  writes: GroupCommit,
  auditLog: SqliteAudit,
  clock: () => number,
): AdminKeyTable {
  const statements = {
    all: db.prepare<[], AdminKeyRow>(`SELECT ${ADMIN_KEY_COLUMNS} FROM admin_keys ORDER BY id`),
    insert: db.prepare<[NewAdminKeyRow], AdminKeyRow>(
      `INSERT INTO admin_keys (name, role, key_digest, key_masked, created_time)
        VALUES (@name, @role, @key_digest, @key_masked, @created_time) RETURNING ${ADMIN_KEY_COLUMNS}`,
    ),
    remove: db.prepare<[number], AdminKeyRow>(
      `DELETE FROM admin_keys WHERE id = ? RETURNING ${ADMIN_KEY_COLUMNS}`,
    ),
    byDigest: db.prepare<[Buffer], AdminKeyRow>(
      `SELECT ${ADMIN_KEY_COLUMNS} FROM admin_keys WHERE key_digest = ?`,
    ),
    touch: db.prepare<[number, number]>('UPDATE admin_keys SET last_used_time = ? WHERE id = ?'),
  };

  return {
    all: async () => statements.all.all(),

    insert: (row, audit) =>
      writes.run(() => {
        const stored = statements.insert.get(row)!;
        auditLog.write(audit.context, audit.entry(stored), audit.time);
        return stored;
      }),

    remove: (id, audit) =>
      writes.run(() => {
        const removed = statements.remove.get(id);
        if (removed) auditLog.write(audit.context, audit.entry(removed), audit.time);
        return removed;
      }),

    async identify(digest) {
      const row = statements.byDigest.get(digest);
      if (!row) return null;
      const now = clock();
      if (now - row.last_used_time >= LAST_USED_STEP_SECONDS) {
        await writes.run(() => statements.touch.run(now, row.id));
      }
      return { id: row.id, name: row.name, role: row.role };
    },
  };
}
