/**
 * How the plain servers beside the service (plain-verify-server.ts, and the gateway suite's
 * plain-gateway.ts) find the token a key names, as a competent person would on the service's
 * database: by the SHA-256 digest of the key without its sk- (or the key it had before a
 * rotation, within its grace), a refill that fell due applied first.
 */
import { hash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { normalizeKey } from '../../../src/contract/token';
import { applyResetsSql, isResetDue, resetTimes } from '../../../server/store/quota-resets';
import { VERIFIED_COLUMNS, type VerifiedToken } from '../../../server/store/verify-rules';

type Row = Omit<VerifiedToken, 'unlimited_quota'> & { unlimited_quota: number };

/** The token of a key at `now`, or null when no token has that key. */
export function tokenLookup(
  db: Database.Database,
): (key: string, now: number) => VerifiedToken | null {
  const byDigest = db.prepare<[Buffer], Row>(
    `SELECT ${VERIFIED_COLUMNS} FROM tokens WHERE key_digest = ?`,
  );
  const byPreviousDigest = db.prepare<[Buffer, number], Row>(
    `SELECT ${VERIFIED_COLUMNS} FROM tokens
      WHERE previous_key_digest = ? AND previous_key_valid_until > ?`,
  );
  const refill = db.prepare<[ReturnType<typeof resetTimes>]>(
    applyResetsSql({ now: '@now', daily: '@daily', weekly: '@weekly', monthly: '@monthly' }),
  );
  const find = (digest: Buffer, now: number): VerifiedToken | null => {
    const row = byDigest.get(digest) ?? byPreviousDigest.get(digest, now);
    return row ? { ...row, unlimited_quota: row.unlimited_quota === 1 } : null;
  };
  return (key, now) => {
    const digest = hash('sha256', normalizeKey(key), 'buffer');
    const token = find(digest, now);
    if (!token || !isResetDue(token, now)) return token;
    refill.run(resetTimes(now));
    return find(digest, now);
  };
}
