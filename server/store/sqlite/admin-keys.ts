import type Database from 'better-sqlite3';
import type { AdminIdentity, AdminKey, AdminKeyCreate } from '../../../src/contract/admin-key';
import type { AuditContext } from '../../../src/contract/audit';
import {
  LAST_USED_STEP_SECONDS,
  adminKeyOf,
  newAdminKey,
  type AdminKeyRow,
} from '../admin-key-record';
import type { SqliteAudit } from './audit';
import type { GroupCommit } from './group-commit';

const COLUMNS = 'id, name, role, key_masked, created_time, last_used_time';

/** The admin keys on SQLite: each change with its audit record, in the change's transaction. */
export function sqliteAdminKeys(
  db: Database.Database,
  writes: GroupCommit,
  audit: SqliteAudit,
  clock: () => number,
) {
  const statements = {
    all: db.prepare<[], AdminKeyRow>(`SELECT ${COLUMNS} FROM admin_keys ORDER BY id`),
    insert: db.prepare<
      [
        {
          name: string;
          role: string;
          key_digest: Buffer;
          key_masked: string;
          created_time: number;
        },
      ],
      AdminKeyRow
    >(
      `INSERT INTO admin_keys (name, role, key_digest, key_masked, created_time)
        VALUES (@name, @role, @key_digest, @key_masked, @created_time) RETURNING ${COLUMNS}`,
    ),
    remove: db.prepare<[number], AdminKeyRow>(
      `DELETE FROM admin_keys WHERE id = ? RETURNING ${COLUMNS}`,
    ),
    byDigest: db.prepare<[Buffer], AdminKeyRow>(
      `SELECT ${COLUMNS} FROM admin_keys WHERE key_digest = ?`,
    ),
    touch: db.prepare<[number, number]>('UPDATE admin_keys SET last_used_time = ? WHERE id = ?'),
  };

  return {
    list: (): AdminKey[] => statements.all.all().map((row) => adminKeyOf(row)),

    create: (input: AdminKeyCreate, context: AuditContext): Promise<AdminKey> => {
      const now = clock();
      const { key, row } = newAdminKey(input, now);
      return writes.run(() => {
        const stored = statements.insert.get(row)!;
        audit.write(
          context,
          { action: 'admin_key.create', token_id: null, before: null, after: adminKeyOf(stored) },
          now,
        );
        return adminKeyOf(stored, key);
      });
    },

    revoke: (id: number, context: AuditContext): Promise<boolean> => {
      const now = clock();
      return writes.run(() => {
        const removed = statements.remove.get(id);
        if (!removed) return false;
        audit.write(
          context,
          { action: 'admin_key.delete', token_id: null, before: adminKeyOf(removed), after: null },
          now,
        );
        return true;
      });
    },

    identify: async (digest: Buffer): Promise<AdminIdentity | null> => {
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
