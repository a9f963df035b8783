import type Database from 'better-sqlite3';
import { normalizeKey } from '../../src/contract/token';
import type { TokenVerify, VerifyResult } from '../../src/contract/verify';
import { keyDigest } from './key-seal';
import { ACCESS_FLUSH_MS, PendingAccess } from './pending-access';
import type { GroupCommit } from './sqlite-group-commit';
import {
  VERIFIED_COLUMNS,
  accessDenial,
  quotaCovers,
  verifyAnswer,
  type VerifiedToken,
} from './verify-rules';

type VerifiedRow = Omit<VerifiedToken, 'unlimited_quota'> & { unlimited_quota: number };

export interface SqliteVerifier {
  verify(request: TokenVerify): Promise<VerifyResult>;
  /** Writes the pending last-used times now and stops the timer that writes them. */
  close(): void;
}

/**
 * Verify on SQLite. The check and the charge run as one synchronous step inside the group
 * commit's transaction, so no two verifies see the same units; the answer waits for the commit.
 * A verify that charges nothing writes nothing then: its last-used time is written with the
 * others within ACCESS_FLUSH_MS.
 */
export function sqliteVerifier(
  db: Database.Database,
  writes: GroupCommit,
  clock: () => number,
): SqliteVerifier {
  const byDigest = db.prepare<[Buffer], VerifiedRow>(
    `SELECT ${VERIFIED_COLUMNS} FROM tokens WHERE key_digest = ?`,
  );
  const charge = db.prepare<[number, number, number, number]>(
    `UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ?,
      accessed_time = max(accessed_time, ?) WHERE id = ?`,
  );
  const touch = db.prepare<[number, number]>(
    'UPDATE tokens SET accessed_time = max(accessed_time, ?) WHERE id = ?',
  );
  const pending = new PendingAccess();

  const decide = (digest: Buffer, request: TokenVerify, now: number): VerifyResult => {
    const row = byDigest.get(digest);
    if (!row) return verifyAnswer(null, 'NOT_FOUND');
    const token: VerifiedToken = { ...row, unlimited_quota: row.unlimited_quota === 1 };
    const denial =
      accessDenial(token, request, now) ?? (quotaCovers(token, request.cost) ? null : 'EXHAUSTED');
    if (denial) return verifyAnswer(token, denial);
    if (request.cost === 0) {
      pending.note(token.id, now);
      return verifyAnswer(token, 'VALID');
    }
    const taken = token.unlimited_quota ? 0 : request.cost;
    charge.run(taken, request.cost, now, token.id);
    return verifyAnswer({ ...token, remain_quota: token.remain_quota - taken }, 'VALID');
  };

  const writePending = () => {
    const times = pending.take();
    if (times.length === 0) return;
    void writes
      .run(() => {
        for (const [id, time] of times) touch.run(time, id);
      })
      .catch((error: unknown) => console.error('writing last-used times failed:', error));
  };
  const timer = setInterval(writePending, ACCESS_FLUSH_MS);
  timer.unref();

  return {
    async verify(request) {
      const digest = keyDigest(normalizeKey(request.key));
      const now = clock();
      return request.cost === 0
        ? decide(digest, request, now)
        : writes.run(() => decide(digest, request, now));
    },
    close() {
      clearInterval(timer);
      writePending();
    },
  };
}
