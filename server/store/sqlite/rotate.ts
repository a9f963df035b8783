import type Database from 'better-sqlite3';
import type { RotateResult } from '../../../src/contract/verify';
import type { KeySeal } from '../key-seal';
import { generateTokenKey, RECORD_COLUMNS, toToken } from '../token-record';
import { fromRow, type TokenRow } from './token-row';

/**
 * A new key for a token: the current one becomes the previous key, which verifies until
 * `now + graceSeconds` (and the one before it ends at once). Runs inside a write transaction.
 */
export function sqliteRotation(
  db: Database.Database,
  seal: KeySeal,
): (id: number, graceSeconds: number, now: number) => RotateResult | null {
  const byId = db.prepare<[number], TokenRow>(`SELECT ${RECORD_COLUMNS} FROM tokens WHERE id = ?`);
  const rotate = db.prepare<[Buffer, Buffer, string, number, number]>(
    `UPDATE tokens SET previous_key_digest = key_digest, key_digest = ?, key_sealed = ?,
      key_masked = ?, previous_key_valid_until = ? WHERE id = ?`,
  );
  return (id, graceSeconds, now) => {
    const row = byId.get(id);
    if (!row) return null;
    const key = generateTokenKey();
    const { digest, sealed, masked } = seal.seal(key);
    const until = now + graceSeconds;
    rotate.run(digest, sealed, masked, until, id);
    return {
      key,
      token: toToken({ ...fromRow(row), previous_key_valid_until: until }, now, masked),
      previous_key_valid_until: until,
    };
  };
}
