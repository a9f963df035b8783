import { normalizeKey } from '../../../src/contract/token';
import { REQUEST_ID_WINDOW_SECONDS, type UsageReport } from '../../../src/contract/usage';
import type { TokenVerify, VerifyResult } from '../../../src/contract/verify';
import { keyDigest } from '../key-seal';
import type { Query, Transaction } from './connection';
import { ACCESS_FLUSH_MS } from '../pending-access';
import { addUsageSums } from './usage';
import type { GatewayCalls, ReportOutcome } from '../ports/gateway-calls';
import { REPORTED } from '../usage-meter';
import { isResetDue } from '../quota-resets';
import { windowStart } from '../rate-windows';
import { VerifyJudge } from '../verify-judge';
import { VERIFIED_COLUMNS, accessDenial, type VerifiedToken } from '../verify-rules';

type QuotaRow = { id: number; remain_quota: number; used_quota: number };

/** The id of the token a key names: its current key, or its previous one within the grace. */
const ID_BY_KEY = `SELECT id FROM tokens WHERE key_digest = $1
  UNION ALL SELECT id FROM tokens WHERE previous_key_digest = $1 AND previous_key_valid_until > $2
  LIMIT 1`;

/** Takes the units only if the token, as it is at that moment, still has them. */
const CHARGE = `UPDATE tokens SET
    remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota - $2 END,
    used_quota = used_quota + $2, accessed_time = greatest(accessed_time, $3)
  WHERE id = $1 AND status = 1 AND (unlimited_quota OR (remain_quota > 0 AND remain_quota >= $2))
  RETURNING ${VERIFIED_COLUMNS}`;

/** Counts one verify in the token's window, a new window starting at 1. */
const TAKE_SLOT = `INSERT INTO rate_windows (token_id, window_start, count) VALUES ($1, $2, 1)
  ON CONFLICT (token_id) DO UPDATE SET
    count = CASE WHEN rate_windows.window_start = excluded.window_start
      THEN rate_windows.count + 1 ELSE 1 END,
    window_start = excluded.window_start
  RETURNING count`;

/**
 * Verify and usage reports on PostgreSQL. A verify reads the token by its key's digest and
 * decides; a charge is one UPDATE that takes the units only if the token, as it is at that
 * moment, still has them (so verifies through any number of instances never spend the same
 * units), committed with synchronous_commit on before the answer; PostgreSQL flushes its log
 * once for commits that arrive together. A report locks its token and claims its request_id in
 * one transaction. What can wait (last-used times of verifies that charge nothing, and the usage
 * figures) is written every ACCESS_FLUSH_MS, as sums each instance adds to.
 */
export function postgresGatewayCalls(
  query: Query,
  transaction: Transaction,
  catchUp: (now: number) => Promise<void>,
  clock: () => number,
): GatewayCalls & { close(): Promise<void> } {
  const judge = new VerifyJudge();
  const { meter, pending } = judge;

  // A key rotated out still verifies, as its token, until its time is up.
  const read = async (digest: Buffer, now: number) =>
    (
      await query<VerifiedToken>(
        `SELECT ${VERIFIED_COLUMNS} FROM tokens WHERE key_digest = $1
        UNION ALL SELECT ${VERIFIED_COLUMNS} FROM tokens
          WHERE previous_key_digest = $1 AND previous_key_valid_until > $2
        LIMIT 1`,
        [digest, now],
      )
    ).rows[0];

  const charge = async (token: VerifiedToken, cost: number, now: number) =>
    (await query<VerifiedToken>(CHARGE, [token.id, cost, now])).rows[0];

  /**
   * A verify of a token with a requests-per-minute limit: its window is shared by every instance,
   * so the token's row is locked while its window is read, counted and charged, and verifies of
   * it through any instance take their turns. Null when the token changed meanwhile (a reset fell
   * due, or the key no longer names it): it is judged again from the start.
   */
  const verifyLimited = (digest: Buffer, request: TokenVerify, now: number) =>
    transaction(async (client): Promise<VerifyResult | null> => {
      const start = windowStart(now);
      const { rows } = await client.query<VerifiedToken>(
        `SELECT ${VERIFIED_COLUMNS} FROM tokens WHERE id = (${ID_BY_KEY}) FOR UPDATE`,
        [digest, now],
      );
      const token = rows[0];
      if (!token || isResetDue(token, now)) return null;
      // Read after the lock is held, in a statement of its own: a statement sees what was
      // committed when it began, and the lock may have been waited for.
      const { rows: windows } = await client.query<{ count: number }>(
        'SELECT count FROM rate_windows WHERE token_id = $1 AND window_start = $2',
        [token.id, start],
      );
      const refused = judge.refusal(token, request, windows[0]?.count ?? 0, now);
      if (refused) return refused;
      const { rows: slots } = await client.query<{ count: number }>(TAKE_SLOT, [token.id, start]);
      let charged: VerifiedToken = token;
      if (request.cost > 0) {
        charged = (await client.query<VerifiedToken>(CHARGE, [token.id, request.cost, now]))
          .rows[0]!;
      }
      return judge.pass(charged, request, now, slots[0]!.count);
    });

  const settle = (report: UsageReport, now: number) =>
    transaction(async (client): Promise<ReportOutcome> => {
      const { rows } =
        report.token_id !== undefined
          ? await client.query<QuotaRow>(
              'SELECT id, remain_quota, used_quota FROM tokens WHERE id = $1 FOR UPDATE',
              [report.token_id],
            )
          : await client.query<QuotaRow>(
              `SELECT id, remain_quota, used_quota FROM tokens WHERE id = (${ID_BY_KEY}) FOR UPDATE`,
              [keyDigest(normalizeKey(report.key ?? '')), now],
            );
      const row = rows[0];
      if (!row) return null;
      if (report.request_id !== undefined) {
        // A row only when the request_id is new for the token, or its last report is 24 hours old.
        const claimed = await client.query(
          `INSERT INTO usage_requests (token_id, request_id, time) VALUES ($1, $2, $3)
            ON CONFLICT (token_id, request_id) DO UPDATE SET time = excluded.time
            WHERE usage_requests.time <= $4 RETURNING 1`,
          [row.id, report.request_id, now, now - REQUEST_ID_WINDOW_SECONDS],
        );
        if (claimed.rowCount === 0) {
          return { token_id: row.id, charged: 0, ...figuresOf(row), duplicate: true };
        }
      }
      // The units left stop at 0: the request was let through, and its cost is owed all the same.
      const { rows: settled } = await client.query<QuotaRow>(
        `UPDATE tokens SET
          remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE greatest(remain_quota - $2, 0) END,
          used_quota = used_quota + $2
        WHERE id = $1 RETURNING id, remain_quota, used_quota`,
        [row.id, report.quota],
      );
      return {
        token_id: row.id,
        charged: report.quota,
        ...figuresOf(settled[0]!),
        duplicate: false,
      };
    });

  const writeDeferred = async () => {
    const times = pending.take();
    const sums = meter.take();
    if (times.length > 0) {
      await query(
        `UPDATE tokens SET accessed_time = greatest(accessed_time, v.time)
          FROM unnest($1::bigint[], $2::bigint[]) AS v(id, time) WHERE tokens.id = v.id`,
        [times.map(([id]) => id), times.map(([, time]) => time)],
      );
    }
    if (sums.length > 0) {
      await transaction(async (client) => {
        await addUsageSums(client, sums);
        await client.query('DELETE FROM usage_requests WHERE time <= $1', [
          clock() - REQUEST_ID_WINDOW_SECONDS,
        ]);
      });
    }
  };
  const timer = setInterval(() => {
    writeDeferred().catch((error: unknown) =>
      console.error('writing usage figures failed:', error),
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
        const token = await read(digest, now);
        if (!token) return judge.unknownKey(request, now);
        if (isResetDue(token, now)) {
          await catchUp(now);
          continue;
        }
        if (token.rpm_limit > 0 && !accessDenial(token, request, now)) {
          const answer = await verifyLimited(digest, request, now);
          if (answer) return answer;
          continue;
        }
        const refused = judge.refusal(token, request, 0, now);
        if (refused) return refused;
        if (request.cost === 0) return judge.pass(token, request, now);
        const charged = await charge(token, request.cost, now);
        if (charged) return judge.pass(charged, request, now);
      }
    },
    async report(report) {
      const now = clock();
      await catchUp(now);
      const outcome = await settle(report, now);
      if (outcome && !outcome.duplicate) {
        meter.add(outcome.token_id, now, report.model ?? '', REPORTED, report.quota);
      }
      return outcome;
    },
    flushUsage: writeDeferred,
    async close() {
      clearInterval(timer);
      await writeDeferred();
    },
  };
}

function figuresOf(row: QuotaRow): { remain_quota: number; used_quota: number } {
  return { remain_quota: row.remain_quota, used_quota: row.used_quota };
}
