import type { AdminIdentity, AdminKey, AdminKeyCreate } from '../../../src/contract/admin-key';
import type { AuditContext } from '../../../src/contract/audit';

/** The admin keys kept in the database, besides the one of the configuration. */
export interface AdminKeyPort {
  /** Every stored admin key, oldest first, keys masked. */
  adminKeys(): Promise<AdminKey[]>;
  /** A new admin key, with the whole key: the only time it is known. */
  createAdminKey(input: AdminKeyCreate, audit: AuditContext): Promise<AdminKey>;
  /** Deletes the key, so it is refused from the next request on; false for an unknown id. */
  revokeAdminKey(id: number, audit: AuditContext): Promise<boolean>;
  /**
   * The stored admin key with this SHA-256 digest, or null (never made, or revoked). Marks it
   * used, at most once a minute.
   */
  identifyAdminKey(digest: Buffer): Promise<AdminIdentity | null>;
}
