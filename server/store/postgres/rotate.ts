import type { RotateResult } from '../../../src/contract/verify';
import type { KeySeal } from '../key-seal';
import type { Query } from './connection';
import { SELECT_RECORD, type TokenRow } from './sql';
import { generateTokenKey, toToken } from '../token-record';

/**
 * A new key for a token, in one statement: the current key becomes the previous one, which
 * verifies until `now + graceSeconds` (and the one before it ends at once).
 */
export async function rotatePostgres(
  query: Query,
  seal: KeySeal,
  id: number,
  graceSeconds: number,
  now: number,
): Promise<RotateResult | null> {
  const key = generateTokenKey();
  const { digest, sealed, masked } = seal.seal(key);
  const until = now + graceSeconds;
  const { rows } = await query<TokenRow>(
    `UPDATE tokens SET previous_key_digest = key_digest, key_digest = $2, key_sealed = $3,
      key_masked = $4, previous_key_valid_until = $5 WHERE id = $1 RETURNING ${SELECT_RECORD}`,
    [id, digest, sealed, masked, until],
  );
  const row = rows[0];
  return row
    ? { key, token: toToken(row, now, row.key_masked), previous_key_valid_until: until }
    : null;
}
