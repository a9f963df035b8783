import type {
  AdminIdentity,
  AdminKey,
  AdminKeyCreate,
  AdminRole,
} from '../../src/contract/admin-key';
import type { AuditContext } from '../../src/contract/audit';
import { maskKey } from '../../src/contract/token';
import type { AuditEntry } from './audit-entry';
import { keyDigest } from './key-seal';
import type { AdminKeyPort } from './ports/admin-keys';
import { generateTokenKey } from './token-record';

/** An admin key as both engines store it: never the key itself. */
export interface AdminKeyRow {
  id: number;
  name: string;
  role: AdminRole;
  key_masked: string;
  created_time: number;
  last_used_time: number;
}

/** The columns of AdminKeyRow, as an engine reads them back. */
export const ADMIN_KEY_COLUMNS = 'id, name, role, key_masked, created_time, last_used_time';

/** A key is marked used at most this often, so a busy key does not write on every request. */
export const LAST_USED_STEP_SECONDS = 60;

/** A new admin key: the whole key to show once, and what is stored of it. */
function newAdminKey(input: AdminKeyCreate, now: number) {
  // As long and as random as a token key: 48 characters of base62, 285 bits.
  const key = generateTokenKey();
  return {
    key,
    row: {
      name: input.name,
      role: input.role,
      key_digest: keyDigest(key),
      key_masked: maskKey(key),
      created_time: now,
    },
  };
}

function adminKeyOf(row: AdminKeyRow, key: string = row.key_masked): AdminKey {
  return {
    id: Number(row.id),
    name: row.name,
    role: row.role,
    key,
    created_time: Number(row.created_time),
    last_used_time: Number(row.last_used_time),
  };
}

/** What is stored of a new admin key. */
export type NewAdminKeyRow = ReturnType<typeof newAdminKey>['row'];

/** The audit record of a change, written in its transaction: `entry` of the row it wrote. */
export interface AdminKeyAudit {
  context: AuditContext;
  time: number;
  entry: (row: AdminKeyRow) => AuditEntry;
}

/** An engine's statements on the admin keys; each change is one transaction with its record. */
export interface AdminKeyTable {
  /** Every row, oldest first. */
  all(): Promise<AdminKeyRow[]>;
  insert(row: NewAdminKeyRow, audit: AdminKeyAudit): Promise<AdminKeyRow>;
  /** The row deleted, with its record; undefined (and no record) for an unknown id. */
  remove(id: number, audit: AdminKeyAudit): Promise<AdminKeyRow | undefined>;
  /** The key of this digest, marked used at most every LAST_USED_STEP_SECONDS. */
  identify(digest: Buffer): Promise<AdminIdentity | null>;
}

/** The admin keys as both engines answer them, over the engine's statements. */
export function adminKeyPort(table: AdminKeyTable, clock: () => number): AdminKeyPort {
  return {
    adminKeys: async () => (await table.all()).map((row) => adminKeyOf(row)),

    async createAdminKey(input, context) {
      const time = clock();
      const { key, row } = newAdminKey(input, time);
      const stored = await table.insert(row, {
        context,
        time,
        entry: (created) => ({
          action: 'admin_key.create',
          token_id: null,
          before: null,
          after: adminKeyOf(created),
        }),
      });
      return adminKeyOf(stored, key);
    },

    async revokeAdminKey(id, context) {
      const removed = await table.remove(id, {
        context,
        time: clock(),
        entry: (revoked) => ({
          action: 'admin_key.delete',
          token_id: null,
          before: adminKeyOf(revoked),
          after: null,
        }),
      });
      return removed !== undefined;
    },

    identifyAdminKey: (digest) => table.identify(digest),
  };
}
