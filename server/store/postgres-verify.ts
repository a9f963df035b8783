import { normalizeKey } from '../../src/contract/token';
import type { TokenVerify, VerifyResult } from '../../src/contract/verify';
import { keyDigest } from './key-seal';
import type { Query } from './postgres-connection';
import { ACCESS_FLUSH_MS, PendingAccess } from './pending-access';
import {
  VERIFIED_COLUMNS,
  accessDenial,
  quotaCovers,
  verifyAnswer,
  type VerifiedToken,
} from './verify-rules';

export interface PostgresVerifier {
  verify(request: TokenVerify): Promise<VerifyResult>;
  /** Writes the pending last-used times now and stops the timer that writes them. */
  close(): Promise<void>;
}

/**
 * Verify on PostgreSQL: one indexed read by the key's digest decides; a charge is one UPDATE
 * that takes the units only if the token, as it is at that moment, still has them (so verifies
 * through any number of instances never spend the same units), committed with
 * synchronous_commit on before the answer. PostgreSQL flushes the log once for commits that
 * arrive together. A verify that charges nothing writes nothing then: its last-used time is
 * written with the others within ACCESS_FLUSH_MS.
 */
export function postgresVerifier(query: Query, clock: () => number): PostgresVerifier {
  const pending = new PendingAccess();

  const read = async (digest: Buffer) =>
    (
      await query<VerifiedToken>(`SELECT ${VERIFIED_COLUMNS} FROM tokens WHERE key_digest = $1`, [
        digest,
      ])
    ).rows[0];

  const charge = async (token: VerifiedToken, cost: number, now: number) =>
    (
      await query<VerifiedToken>(
        `UPDATE tokens SET
          remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota - $2 END,
          used_quota = used_quota + $2, accessed_time = greatest(accessed_time, $3)
        WHERE id = $1 AND status = 1 AND (unlimited_quota OR (remain_quota > 0 AND remain_quota >= $2))
        RETURNING ${VERIFIED_COLUMNS}`,
        [token.id, cost, now],
      )
    ).rows[0];

  const writePending = async () => {
    const times = pending.take();
    if (times.length === 0) return;
    await query(
      `UPDATE tokens SET accessed_time = greatest(accessed_time, v.time)
        FROM unnest($1::bigint[], $2::bigint[]) AS v(id, time) WHERE tokens.id = v.id`,
      [times.map(([id]) => id), times.map(([, time]) => time)],
    );
  };
  const timer = setInterval(() => {
    writePending().catch((error: unknown) =>
      console.error('writing last-used times failed:', error),
    );
  }, ACCESS_FLUSH_MS);
  timer.unref();

  return {
    async verify(request) {
      const digest = keyDigest(normalizeKey(request.key));
      const now = clock();
      // Another verify or an update may change the token between the read and the charge: the
      // charge then takes nothing, and the token is judged again as it is now.
      for (;;) {
        const token = await read(digest);
        if (!token) return verifyAnswer(null, 'NOT_FOUND');
        const denial =
          accessDenial(token, request, now) ??
          (quotaCovers(token, request.cost) ? null : 'EXHAUSTED');
        if (denial) return verifyAnswer(token, denial);
        if (request.cost === 0) {
          pending.note(token.id, now);
          return verifyAnswer(token, 'VALID');
        }
        const charged = await charge(token, request.cost, now);
        if (charged) return verifyAnswer(charged, 'VALID');
      }
    },
    async close() {
      clearInterval(timer);
      await writePending();
    },
  };
}
