import type Database from 'better-sqlite3';
import { normalizeKey } from '../../../src/contract/token';
import { REQUEST_ID_WINDOW_SECONDS, type UsageReport } from '../../../src/contract/usage';
import type { TokenVerify, VerifyResult } from '../../../src/contract/verify';
import { keyDigest } from '../key-seal';
import { ACCESS_FLUSH_MS } from '../pending-access';
import type { GroupCommit } from './group-commit';
import type { GatewayCalls, ReportOutcome } from '../ports/gateway-calls';
import { REPORTED, type UsageSum } from '../usage-meter';
import { isResetDue } from '../quota-resets';
import { RateWindows } from '../rate-windows';
import type { SqliteQuotaResets } from './quota-resets';
import { VerifyJudge } from '../verify-judge';
import { VERIFIED_COLUMNS, type VerifiedToken } from '../verify-rules';

/** A free check that found its token's reset due: it is decided again inside a write. */
const NEEDS_WRITE = Symbol('needs a write');

type VerifiedRow = Omit<VerifiedToken, 'unlimited_quota'> & { unlimited_quota: number };
type QuotaRow = { id: number; remain_quota: number; used_quota: number; unlimited_quota: number };

/**
 * Verify and usage reports on SQLite. A verify's check and charge run as one synchronous step
 * inside the group commit's transaction, so no two verifies see the same units, and the answer
 * waits for the commit; so does a report, with its request_id. What can wait (last-used times of
 * verifies that charge nothing, and the usage figures) is written every ACCESS_FLUSH_MS.
 * Requests-per-minute windows are counted in memory (rate-windows.ts).
 */
export function sqliteGatewayCalls(
  db: Database.Database,
  writes: GroupCommit,
  resets: SqliteQuotaResets,
  addSum: (sum: UsageSum) => void,
  clock: () => number,
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
    quotaByDigest: db.prepare<[Buffer], QuotaRow>(
      'SELECT id, remain_quota, used_quota, unlimited_quota FROM tokens WHERE key_digest = ?',
    ),
    quotaByPreviousDigest: db.prepare<[Buffer, number], QuotaRow>(
      `SELECT id, remain_quota, used_quota, unlimited_quota FROM tokens
        WHERE previous_key_digest = ? AND previous_key_valid_until > ?`,
    ),
    quotaById: db.prepare<[number], QuotaRow>(
      'SELECT id, remain_quota, used_quota, unlimited_quota FROM tokens WHERE id = ?',
    ),
    charge: db.prepare<[number, number, number, number]>(
      `UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ?,
        accessed_time = max(accessed_time, ?) WHERE id = ?`,
    ),
    settle: db.prepare<[number, number, number]>(
      'UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ? WHERE id = ?',
    ),
    // A row only when the request_id is new for the token, or its last report is 24 hours old.
    claimRequest: db.prepare<[number, string, number, number]>(
      `INSERT INTO usage_requests (token_id, request_id, time) VALUES (?, ?, ?)
        ON CONFLICT (token_id, request_id) DO UPDATE SET time = excluded.time
        WHERE usage_requests.time <= ?`,
    ),
    forgetRequests: db.prepare<[number]>('DELETE FROM usage_requests WHERE time <= ?'),
    touch: db.prepare<[number, number]>(
      'UPDATE tokens SET accessed_time = max(accessed_time, ?) WHERE id = ?',
    ),
  };
  const judge = new VerifyJudge();
  const { meter, pending } = judge;
  const windows = new RateWindows();

  const find = (digest: Buffer, now: number) =>
    statements.byDigest.get(digest) ?? statements.byPreviousDigest.get(digest, now);

  /**
   * The answer to a verify, and its charge. Outside a write transaction (a free check) a token
   * whose reset is due asks for one (NEEDS_WRITE), so that the reset is written before it is seen.
   */
  const decide = (
    digest: Buffer,
    request: TokenVerify,
    now: number,
    writing: boolean,
  ): VerifyResult | typeof NEEDS_WRITE => {
    let row = find(digest, now);
    if (row && isResetDue(row, now)) {
      if (!writing) return NEEDS_WRITE;
      resets.applyDue(now);
      row = find(digest, now);
    }
    if (!row) return judge.unknownKey(request, now);
    const token: VerifiedToken = { ...row, unlimited_quota: row.unlimited_quota === 1 };
    const limited = token.rpm_limit > 0;
    const refused = judge.refusal(
      token,
      request,
      limited ? windows.counted(token.id, now) : 0,
      now,
    );
    if (refused) return refused;
    const taken = token.unlimited_quota ? 0 : request.cost;
    const charged = { ...token, remain_quota: token.remain_quota - taken };
    const answer = judge.pass(charged, request, now, limited ? windows.take(token.id, now) : 0);
    if (request.cost > 0) statements.charge.run(taken, request.cost, now, token.id);
    return answer;
  };

  const settle = (report: UsageReport, now: number): ReportOutcome => {
    resets.applyDue(now);
    const byKey = (digest: Buffer) =>
      statements.quotaByDigest.get(digest) ?? statements.quotaByPreviousDigest.get(digest, now);
    const row =
      report.token_id !== undefined
        ? statements.quotaById.get(report.token_id)
        : byKey(keyDigest(normalizeKey(report.key ?? '')));
    if (!row) return null;
    const figures = { remain_quota: row.remain_quota, used_quota: row.used_quota };
    if (report.request_id !== undefined) {
      const claimed = statements.claimRequest.run(
        row.id,
        report.request_id,
        now,
        now - REQUEST_ID_WINDOW_SECONDS,
      );
      if (claimed.changes === 0) {
        return { token_id: row.id, charged: 0, ...figures, duplicate: true };
      }
    }
    // The units left stop at 0: the request was let through, and its cost is owed all the same.
    const taken = row.unlimited_quota === 1 ? 0 : Math.min(row.remain_quota, report.quota);
    statements.settle.run(taken, report.quota, row.id);
    meter.add(row.id, now, report.model ?? '', REPORTED, report.quota);
    return {
      token_id: row.id,
      charged: report.quota,
      remain_quota: row.remain_quota - taken,
      used_quota: row.used_quota + report.quota,
      duplicate: false,
    };
  };

  /** The write of what is pending, once committed; nothing at all when nothing is. */
  const writeDeferred = (): Promise<void> | undefined => {
    const now = clock();
    windows.forgetEnded(now);
    const times = pending.take();
    const sums = meter.take();
    if (times.length === 0 && sums.length === 0) return undefined;
    return writes
      .run(() => {
        for (const [id, time] of times) statements.touch.run(time, id);
        for (const sum of sums) addSum(sum);
        statements.forgetRequests.run(now - REQUEST_ID_WINDOW_SECONDS);
      })
      .catch((error: unknown) => console.error('writing usage figures failed:', error));
  };
  const timer = setInterval(() => void writeDeferred(), ACCESS_FLUSH_MS);
  timer.unref();

  return {
    async verify(request) {
      const digest = keyDigest(normalizeKey(request.key));
      const now = clock();
      if (request.cost === 0) {
        const answer = decide(digest, request, now, false);
        if (answer !== NEEDS_WRITE) return answer;
      }
      return writes.run(() => decide(digest, request, now, true) as VerifyResult);
    },
    async report(report) {
      const now = clock();
      return writes.run(() => settle(report, now));
    },
    // A read of the figures with nothing pending writes nothing, not an empty transaction.
    async flushUsage() {
      await writeDeferred();
    },
    close() {
      clearInterval(timer);
      void writeDeferred();
    },
  };
}
