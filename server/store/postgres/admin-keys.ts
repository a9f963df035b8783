import type { AdminIdentity } from '../../../src/contract/admin-key';
import {
  ADMIN_KEY_COLUMNS,
  LAST_USED_STEP_SECONDS,
  type AdminKeyRow,
  type AdminKeyTable,
} from '../admin-key-record';
import type { Query, Transaction } from './connection';
import { writeAudit } from './audit';

/**
 * The admin keys on PostgreSQL: each change with its audit record in one transaction, and every
 * lookup asks the database, so a revocation holds on every instance from the next request.
 */
export function postgresAdminKeys(
  query: Query,
  transaction: Transaction,
  clock: () => number,
): AdminKeyTable {
  return {
    async all() {
      return (await query<AdminKeyRow>(`SELECT ${ADMIN_KEY_COLUMNS} FROM admin_keys ORDER BY id`))
        .rows;
    },

    insert: (row, audit) =>
      transaction(async (client) => {
        const { rows } = await client.query<AdminKeyRow>(
          `INSERT INTO admin_keys (name, role, key_digest, key_masked, created_time)
            VALUES ($1, $2, $3, $4, $5) RETURNING ${ADMIN_KEY_COLUMNS}`,
          [row.name, row.role, row.key_digest, row.key_masked, row.created_time],
        );
        const stored = rows[0]!;
        await writeAudit(client, audit.context, audit.entry(stored), audit.time);
        return stored;
      }),

    remove: (id, audit) =>
      transaction(async (client) => {
        const { rows } = await client.query<AdminKeyRow>(
          `DELETE FROM admin_keys WHERE id = $1 RETURNING ${ADMIN_KEY_COLUMNS}`,
          [id],
        );
        const removed = rows[0];
        if (removed) await writeAudit(client, audit.context, audit.entry(removed), audit.time);
        return removed;
      }),

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
