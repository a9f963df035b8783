import { normalizeKey } from '../../../src/contract/token';
import { REQUEST_ID_WINDOW_SECONDS } from '../../../src/contract/usage';
import type { TokenVerify } from '../../../src/contract/verify';
import { keyDigest } from '../key-seal';
import type { Query, Transaction } from './connection';
import { ACCESS_FLUSH_MS } from '../pending-access';
import { addUsageSums } from './usage';
import type { GatewayCalls, HoldOutcome, HoldTerms } from '../ports/gateway-calls';
import { REPORTED, UNSETTLED, tokensOf } from '../usage-meter';
import { isResetDue } from '../quota-resets';
import { windowStart } from '../rate-windows';
import { VerifyJudge, mayHold } from '../verify-judge';
import { VERIFIED_COLUMNS, accessDenial, type VerifiedToken } from '../verify-rules';
import {
  CHARGE,
  HOLD,
  HOLD_DUE,
  ID_BY_KEY,
  holdDueValues,
  isUniqueViolation,
  standingSince,
  standingSql,
  sweepHolds,
} from './holds';
import { postgresSettlement } from './settle';

type Standing = VerifiedToken & { standing?: boolean };

/** Counts one verify in the token's window, a new window starting at 1. */
const TAKE_SLOT = `INSERT INTO rate_windows (token_id, window_start, count) VALUES ($1, $2, 1)
  ON CONFLICT (token_id) DO UPDATE SET
    count = CASE WHEN rate_windows.window_start = excluded.window_start
      THEN rate_windows.count + 1 ELSE 1 END,
    window_start = excluded.window_start
  RETURNING count`;

// A key rotated out still verifies, as its token, until its time is up.
const READ = `SELECT ${VERIFIED_COLUMNS} FROM tokens WHERE key_digest = $1
  UNION ALL SELECT ${VERIFIED_COLUMNS} FROM tokens
    WHERE previous_key_digest = $1 AND previous_key_valid_until > $2
  LIMIT 1`;
// A hold's read: the token, and whether its request_id's hold stands already.
const READ_FOR_HOLD = `SELECT t.*, ${standingSql('t.id', '$3', '$4')} FROM (${READ}) AS t`;
const STANDING = `SELECT ${standingSql('$1', '$2', '$3')}`;

/**
 * Verify and usage reports on PostgreSQL. A verify reads the token by its key's digest and
 * decides; a charge is one UPDATE that takes the units only if the token, as it is at that
 * moment, still has them (so verifies through any number of instances never spend the same
 * units), and a hold is that UPDATE with the insert of its row in one statement; committed with
 * synchronous_commit on before the answer (PostgreSQL flushes its log once for commits that
 * arrive together). A report locks its token, releases its hold and claims its request_id in
 * one transaction. What can wait (last-used times of verifies that charge nothing, and the
 * usage figures) is written every ACCESS_FLUSH_MS, as sums each instance adds to, with the
 * sweep of holds an hour old.
 */
export function postgresGatewayCalls(
  query: Query,
  transaction: Transaction,
  catchUp: (now: number) => Promise<void>,
  clock: () => number,
): GatewayCalls & { close(): Promise<void> } {
  const judge = new VerifyJudge();
  const { meter, pending } = judge;
  const settle = postgresSettlement(transaction);

  const read = async (digest: Buffer, now: number, requestId: string | undefined) =>
    (requestId === undefined
      ? await query<Standing>(READ, [digest, now])
      : await query<Standing>(READ_FOR_HOLD, [digest, now, requestId, standingSince(now)])
    ).rows[0];

  /** The charge, with its hold when there is a request_id; undefined when it took nothing. */
  const charge = async (
    token: VerifiedToken,
    cost: number,
    now: number,
    request: TokenVerify,
    requestId: string | undefined,
    run: Query = query,
  ) =>
    (requestId === undefined
      ? await run<VerifiedToken>(CHARGE, [token.id, cost, now])
      : await run<VerifiedToken>(HOLD, [token.id, cost, now, requestId, request.model ?? ''])
    ).rows[0];

  /**
   * A verify of a token with a requests-per-minute limit: its window is shared by every instance,
   * so the token's row is locked while its window is read, counted and charged, and verifies of
   * it through any instance take their turns. Null when the token changed meanwhile (a reset fell
   * due, or the key no longer names it): it is judged again from the start.
   */
  const verifyLimited = (
    digest: Buffer,
    request: TokenVerify,
    terms: HoldTerms | undefined,
    requestId: string | undefined,
    now: number,
  ) =>
    transaction(async (client): Promise<HoldOutcome | null> => {
      const start = windowStart(now);
      const { rows } = await client.query<VerifiedToken>(
        `SELECT ${VERIFIED_COLUMNS} FROM tokens WHERE id = (${ID_BY_KEY}) FOR UPDATE`,
        [digest, now],
      );
      const token = rows[0];
      if (!token || isResetDue(token, now)) return null;
      // Read after the lock is held, in statements of their own: a statement sees what was
      // committed when it began, and the lock may have been waited for.
      const { rows: windows } = await client.query<{ count: number }>(
        'SELECT count FROM rate_windows WHERE token_id = $1 AND window_start = $2',
        [token.id, start],
      );
      const counted = windows[0]?.count ?? 0;
      const standing =
        requestId !== undefined &&
        (
          await client.query<{ standing: boolean }>(STANDING, [
            token.id,
            requestId,
            standingSince(now),
          ])
        ).rows[0]!.standing;
      const verdict = judge.verdict(token, request, counted, now, terms, standing);
      if ('refused' in verdict) return verdict.refused;
      const { rows: slots } = await client.query<{ count: number }>(TAKE_SLOT, [token.id, start]);
      const run: Query = (sql, values) => client.query(sql, values);
      const charged =
        verdict.cost > 0 ? await charge(token, verdict.cost, now, request, requestId, run) : token;
      return judge.pass(charged!, request, verdict, now, slots[0]!.count);
    });

  /** One pass of judging and charging; null when the token changed meanwhile. */
  const attempt = async (
    digest: Buffer,
    request: TokenVerify,
    terms: HoldTerms | undefined,
    now: number,
  ): Promise<HoldOutcome | null> => {
    const requestId = mayHold(request, terms) ? request.request_id : undefined;
    const token = await read(digest, now, requestId);
    if (!token) return judge.unknownKey(request, now);
    if (isResetDue(token, now)) {
      await catchUp(now);
      return null;
    }
    if (token.rpm_limit > 0 && !accessDenial(token, request, now, terms?.modelUnavailable)) {
      return verifyLimited(digest, request, terms, requestId, now);
    }
    const verdict = judge.verdict(token, request, 0, now, terms, token.standing);
    if ('refused' in verdict) return verdict.refused;
    if (verdict.cost === 0) return judge.pass(token, request, verdict, now);
    const charged = await charge(token, verdict.cost, now, request, requestId);
    return charged ? judge.pass(charged, request, verdict, now) : null;
  };

  /** Writes what is pending, and sweeps the holds an hour old when `sweep`. */
  const writeDeferred = async (sweep = true) => {
    const now = clock();
    const times = pending.take();
    const sums = meter.take();
    if (times.length > 0) {
      await query(
        `UPDATE tokens SET accessed_time = greatest(accessed_time, v.time)
          FROM unnest($1::bigint[], $2::bigint[]) AS v(id, time) WHERE tokens.id = v.id`,
        [times.map(([id]) => id), times.map(([, time]) => time)],
      );
    }
    const due = sweep && ((await query(HOLD_DUE, holdDueValues(now))).rowCount ?? 0) > 0;
    if (sums.length > 0 || due) {
      // The holds swept and their count are one transaction: each is counted once.
      await transaction(async (client) => {
        const unsettled = due ? await sweepHolds(client, now) : [];
        await addUsageSums(client, [...sums, ...unsettled]);
        await client.query('DELETE FROM usage_requests WHERE time <= $1', [
          now - REQUEST_ID_WINDOW_SECONDS,
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
    async verify(request, terms) {
      const digest = keyDigest(normalizeKey(request.key));
      const now = clock();
      // Another verify or an update may change the token between the read and the charge: the
      // charge then takes nothing, and the token is judged again as it is now. So is a hold that
      // lost the race for its request_id to another verify of it.
      for (;;) {
        try {
          const answer = await attempt(digest, request, terms, now);
          if (answer) return answer;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
    },
    async report(report) {
      const now = clock();
      await catchUp(now);
      const { outcome, unsettled } = await settle(report, now);
      if (unsettled) meter.add(outcome!.token_id, unsettled.time, unsettled.model, UNSETTLED, 0);
      else if (outcome && !outcome.duplicate) {
        // What the hold's verify counted and this add up to the request's cost.
        const { token_id: id, held } = outcome;
        meter.add(id, now, report.model ?? '', REPORTED, report.quota - held, tokensOf(report));
      }
      return outcome;
    },
    flushUsage: () => writeDeferred(),
    // What was gathered is written; the sweep is left to the instances that go on.
    async close() {
      clearInterval(timer);
      await writeDeferred(false);
    },
  };
}
