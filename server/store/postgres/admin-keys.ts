import type { AdminIdentity, AdminKey, AdminKeyCreate } from '../../../src/contract/admin-key';
import type { AuditContext } from '../../../src/contract/audit';
import {
  LAST_USED_STEP_SECONDS,
  adminKeyOf,
  newAdminKey,
  type AdminKeyRow,
} from '../admin-key-record';
import type { Query, Transaction } from './connection';
import { writeAudit } from './audit';

const COLUMNS = 'id, name, role, key_masked, created_time, last_used_time';

/**
 * The admin keys on PostgreSQL: each change with its audit record in one transaction, and every
 * lookup asks the database, so a revocation holds on every instance from the next request.
 */
export function postgresAdminKeys(query: Query, transaction: Transaction, clock: () => number) {
  return {
    async list(): Promise<AdminKey[]> {
      const { rows } = await query<AdminKeyRow>(`SELECT ${COLUMNS} FROM admin_keys ORDER BY id`);
      return rows.map((row) => adminKeyOf(row));
    },

    create(input: AdminKeyCreate, context: AuditContext): Promise<AdminKey> {
      const now = clock();
      const { key, row } = newAdminKey(input, now);
      return transaction(async (client) => {
        const { rows } = await client.query<AdminKeyRow>(
          `INSERT INTO admin_keys (name, role, key_digest, key_masked, created_time)
            VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
          [row.name, row.role, row.key_digest, row.key_masked, row.created_time],
        );
        const stored = rows[0]!;
        await writeAudit(
          client,
          context,
          { action: 'admin_key.create', token_id: null, before: null, after: adminKeyOf(stored) },
          now,
        );
        return adminKeyOf(stored, key);
      });
    },

    revoke(id: number, context: AuditContext): Promise<boolean> {
      const now = clock();
      return transaction(async (client) => {
        const { rows } = await client.query<AdminKeyRow>(
          `DELETE FROM admin_keys WHERE id = $1 RETURNING ${COLUMNS}`,
          [id],
        );
        const removed = rows[0];
        if (!removed) return false;
        await writeAudit(
          client,
          context,
          { action: 'admin_key.delete', token_id: null, before: adminKeyOf(removed), after: null },
          now,
        );
        return true;
      });
    },

    async identify(digest: Buffer): Promise<AdminIdentity | null> {
      const now = clock();
      // One round trip: marks the key used when its last use is a minute old, and returns it.
      const { rows } = await query<AdminIdentity>(
        `WITH found AS (SELECT id, name, role, last_used_time FROM admin_keys WHERE key_digest = $1),
          touched AS (UPDATE admin_keys SET last_used_time = $2
            WHERE id IN (SELECT id FROM found WHERE last_used_time <= $2 - ${LAST_USED_STEP_SECONDS})
            RETURNING id)
        SELECT id, name, role FROM found`,
        [digest, now],
      );
      const row = rows[0];
      return row ? { id: Number(row.id), name: row.name, role: row.role } : null;
    },
  };
}
