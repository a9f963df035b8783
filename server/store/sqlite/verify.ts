import type Database from 'better-sqlite3';
import { normalizeKey } from '../../../src/contract/token';
import { REQUEST_ID_WINDOW_SECONDS } from '../../../src/contract/usage';
import type { TokenVerify } from '../../../src/contract/verify';
import { keyDigest } from '../key-seal';
import { ACCESS_FLUSH_MS } from '../pending-access';
import type { GroupCommit } from './group-commit';
import type { GatewayCalls, HoldOutcome, HoldTerms } from '../ports/gateway-calls';
import type { UsageSum } from '../usage-meter';
import { isResetDue } from '../quota-resets';
import { RateWindows } from '../rate-windows';
import type { SqliteQuotaResets } from './quota-resets';
import { sqliteHolds } from './holds';
import { sqliteSettlement } from './settle';
import { keptLookUp } from './tokens-state';
import { VerifyJudge, mayHold } from '../verify-judge';
import { VERIFIED_COLUMNS, type VerifiedToken } from '../verify-rules';

/** A free check that found its token's reset due: it is decided again inside a write. */
const NEEDS_WRITE = Symbol('needs a write');

type VerifiedRow = Omit<VerifiedToken, 'unlimited_quota'> & { unlimited_quota: number };

/**
 * Verify and usage reports on SQLite. A verify's check and charge run as one synchronous step
 * inside the group commit's transaction, so no two verifies see the same units, and the answer
 * waits for the commit; a hold's row is written in that same step, so a hold is on disk with its
 * charge or not at all. A report, with its request_id and the release of its hold, is one step
 * too. What can wait (last-used times of verifies that charge nothing, and the usage figures) is
 * written every ACCESS_FLUSH_MS, with the sweep of holds an hour old. Requests-per-minute
 * windows are counted in memory (rate-windows.ts).
 */
export function sqliteGatewayCalls(
  db: Database.Database,
  writes: GroupCommit,
  resets: SqliteQuotaResets,
  addSum: (sum: UsageSum) => void,
  clock: () => number,
  state: () => string,
): GatewayCalls & { close(): void } {
  const statements = {
    byDigest: db.prepare<[Buffer], VerifiedRow>(
      `SELECT ${VERIFIED_COLUMNS} FROM tokens WHERE key_digest = ?`,
    ),
    // A key rotated out still verifies, as its token, until its time is up.
    byPreviousDigest: db.prepare<[Buffer, number], VerifiedRow>(
      `SELECT ${VERIFIED_COLUMNS} FROM tokens
        WHERE previous_key_digest = ? AND previous_key_valid_until > ?`,
    ),
    charge: db.prepare<[number, number, number, number]>(
      `UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ?,
        accessed_time = max(accessed_time, ?) WHERE id = ?`,
    ),
    forgetRequests: db.prepare<[number]>('DELETE FROM usage_requests WHERE time <= ?'),
    touch: db.prepare<[number, number]>(
      'UPDATE tokens SET accessed_time = max(accessed_time, ?) WHERE id = ?',
    ),
  };
  const judge = new VerifyJudge();
  const { meter, pending } = judge;
  const windows = new RateWindows();
  const holds = sqliteHolds(db);
  const settle = sqliteSettlement(db, resets, holds, meter);

  const keptByDigest = keptLookUp(
    state,
    (digest: Buffer) => statements.byDigest.get(digest),
    (digest) => digest.toString('latin1'),
  );
  // Inside a write its own changes are not committed yet: the row is read afresh.
  const find = (digest: Buffer, now: number, writing: boolean) =>
    (writing ? statements.byDigest.get(digest) : keptByDigest(digest)) ??
    statements.byPreviousDigest.get(digest, now);

  /**
   * The answer to a verify, and its charge with its hold. Outside a write transaction (a free
   * check) a token whose reset is due asks for one (NEEDS_WRITE), so that the reset is written
   * before it is seen.
   */
  const decide = (
    digest: Buffer,
    request: TokenVerify,
    terms: HoldTerms | undefined,
    now: number,
    writing: boolean,
  ): HoldOutcome | typeof NEEDS_WRITE => {
    let row = find(digest, now, writing);
    if (row && isResetDue(row, now)) {
      if (!writing) return NEEDS_WRITE;
      resets.applyDue(now);
      row = find(digest, now, writing);
    }
    if (!row) return judge.unknownKey(request, now);
    const token: VerifiedToken = { ...row, unlimited_quota: row.unlimited_quota === 1 };
    const limited = token.rpm_limit > 0;
    const requestId = writing && mayHold(request, terms) ? request.request_id : undefined;
    const verdict = judge.verdict(
      token,
      request,
      limited ? windows.counted(token.id, now) : 0,
      now,
      terms,
      requestId !== undefined && !terms?.newRequestId && holds.standing(token.id, requestId, now),
    );
    if ('refused' in verdict) return verdict.refused;
    const { cost } = verdict;
    const taken = token.unlimited_quota ? 0 : cost;
    const charged = { ...token, remain_quota: token.remain_quota - taken };
    const answer = judge.pass(
      charged,
      request,
      verdict,
      now,
      limited ? windows.take(token.id, now) : 0,
    );
    if (cost > 0) {
      statements.charge.run(taken, cost, now, token.id);
      if (requestId !== undefined) holds.hold(token.id, requestId, cost, now, request.model ?? '');
    }
    return answer;
  };

  /**
   * The write of what is pending, once committed, and the sweep of holds an hour old when
   * `sweep`; nothing at all when nothing is.
   */
  const writeDeferred = (sweep = true): Promise<void> | undefined => {
    const now = clock();
    windows.forgetEnded(now);
    const times = pending.take();
    const sums = meter.take();
    const due = sweep && holds.due(now);
    if (times.length === 0 && sums.length === 0 && !due) return undefined;
    // Committed without waiting for the disk: under load its sync held the event loop about
    // 20 ms a second (CPU profile of free checks). A killed service keeps it; a power cut may
    // lose it, which costs the figures of that second (docs/api.md) and sweeps holds again.
    return writes
      .run(
        () => {
          for (const [id, time] of times) statements.touch.run(time, id);
          for (const sum of sums) addSum(sum);
          if (due) for (const sum of holds.sweep(now)) addSum(sum);
          statements.forgetRequests.run(now - REQUEST_ID_WINDOW_SECONDS);
        },
        { awaitDisk: false },
      )
      .catch((error: unknown) => console.error('writing usage figures failed:', error));
  };
  const timer = setInterval(() => void writeDeferred(), ACCESS_FLUSH_MS);
  timer.unref();

  return {
    async verify(request, terms) {
      const digest = keyDigest(normalizeKey(request.key));
      const now = clock();
      if (request.cost === 0 && !terms?.plan) {
        const answer = decide(digest, request, terms, now, false);
        if (answer !== NEEDS_WRITE) return answer;
      }
      return writes.run(() => decide(digest, request, terms, now, true) as HoldOutcome, terms);
    },
    async report(report, timing) {
      const now = clock();
      return writes.run(() => settle(report, now), timing);
    },
    // A read of the figures with nothing pending writes nothing, not an empty transaction.
    async flushUsage() {
      await writeDeferred();
    },
    // What was gathered is written; the sweep waits for the next start.
    close() {
      clearInterval(timer);
      void writeDeferred(false);
    },
  };
}
