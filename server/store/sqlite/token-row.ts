import type { KeySeal } from '../key-seal';
import { FIELD_COLUMNS, KEY_COLUMNS, type TokenRecord } from '../token-record';
import type { TokenRecordInput } from '../ports/token-loading';

/** A row as SQLite returns it: booleans are 0 or 1. */
export type TokenRow = Omit<TokenRecord, 'unlimited_quota'> & { unlimited_quota: number };

/** A row as inserted: the key as the database keeps it, never whole. */
export type InsertRow = Omit<TokenRecordInput, 'key' | 'unlimited_quota'> & {
  unlimited_quota: number;
  key_digest: Buffer;
  key_sealed: Buffer;
  key_masked: string;
};

/** The columns an update may write: the key columns are written once, by the insert. */
export const INSERT_COLUMNS = [...FIELD_COLUMNS, ...KEY_COLUMNS];

/** A record as inserted: its key sealed (key-seal.ts), its boolean as 0 or 1. */
export function insertRow(record: TokenRecordInput, seal: KeySeal): InsertRow {
  const { key, ...fields } = record;
  const { digest, sealed, masked } = seal.seal(key);
  return {
    ...fields,
    unlimited_quota: record.unlimited_quota ? 1 : 0,
    key_digest: digest,
    key_sealed: sealed,
    key_masked: masked,
  };
}

export function fromRow(row: TokenRow): TokenRecord {
  return { ...row, unlimited_quota: row.unlimited_quota === 1 };
}
