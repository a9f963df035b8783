import type { AdminKey, AdminKeyCreate, AdminRole } from '../../src/contract/admin-key';
import { maskKey } from '../../src/contract/token';
import { keyDigest } from './key-seal';
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

/** A key is marked used at most this often, so a busy key does not write on every request. */
export const LAST_USED_STEP_SECONDS = 60;

/** A new admin key: the whole key to show once, and what is stored of it. */
export function newAdminKey(input: AdminKeyCreate, now: number) {
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

export function adminKeyOf(row: AdminKeyRow, key: string = row.key_masked): AdminKey {
  return {
    id: Number(row.id),
    name: row.name,
    role: row.role,
    key,
    created_time: Number(row.created_time),
    last_used_time: Number(row.last_used_time),
  };
}
