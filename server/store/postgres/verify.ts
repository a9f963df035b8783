import { normalizeKey } from '../../../src/contract/token';
import { REQUEST_ID_WINDOW_SECONDS } from '../../../src/contract/usage';
import type { TokenVerify } from '../../../src/contract/verify';
import { keyDigest } from '../key-seal';
import type { Query, Transaction } from './connection';
import { ACCESS_FLUSH_MS } from '../pending-access';
import { addUsageSums } from './usage';
import type { GatewayCalls, HoldOutcome, HoldTerms, PlannedCharge } from '../ports/gateway-calls';
import { REPORTED, UNSETTLED, tokensOf } from '../usage-meter';
import { isResetDue } from '../quota-resets';
import { windowStart } from '../rate-windows';
import { VerifyJudge, mayHold } from '../verify-judge';
import { listDenial, type VerifiedToken } from '../verify-rules';
import { HOLD_DUE, holdDueValues, sweepHolds } from './holds';
import { JudgedLists } from './judged-lists';
import { postgresSettlement } from './settle';

/** verify_key's row (verify-function.ts). */
type Judged = VerifiedToken & { counted: number; standing: boolean; held: number; passed: boolean };

const VERIFY = 'SELECT * FROM verify_key($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)';

/** What a verify asks verify_key to take from a limited key and from an unlimited one. */
interface Asked {
  limited: PlannedCharge;
  unlimited: PlannedCharge;
}

/** The charge of a verify before its token is seen: the plan's usual cases, or the cost asked. */
const firstAsked = (request: TokenVerify, terms: HoldTerms | undefined): Asked =>
  terms?.plan
    ? { limited: terms.plan.full, unlimited: terms.plan.unlimited }
    : {
        limited: { cost: request.cost, maxOutputTokens: null },
        unlimited: { cost: request.cost, maxOutputTokens: null },
      };

/**
 * Verify and usage reports on PostgreSQL. A verify is one call of verify_key (verify-function.ts),
 * which checks, counts the token's window, charges and holds in the statement's one transaction,
 * committed with synchronous_commit on before the answer (PostgreSQL flushes its log once for
 * commits that arrive together): one round trip. The models and subnet it is judged on are those
 * last seen for its key (judged-lists.ts); when they changed, when a plan must fit its cost to
 * what is left, or when another verify spent the units first, the token it answers is judged here
 * and, when it passes, asked again. A report locks its token, releases its hold and claims its
 * request_id in one transaction. What can wait (last-used times of verifies that charge
 * nothing, and the usage figures) is written every ACCESS_FLUSH_MS, as sums each instance adds
 * to, with the sweep of holds an hour old.
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
  const judgedLists = new JudgedLists();

  const verify = async (request: TokenVerify, terms?: HoldTerms): Promise<HoldOutcome> => {
    const digest = keyDigest(normalizeKey(request.key));
    const now = clock();
    const requestId = mayHold(request, terms) ? request.request_id : null;
    let lists = judgedLists.get(digest);
    let asked = firstAsked(request, terms);
    for (;;) {
      const { rows } = await query<Judged>(VERIFY, [
        digest,
        now,
        windowStart(now),
        lists.models,
        lists.subnet,
        listDenial(lists, request, terms?.modelUnavailable) === null,
        asked.limited.cost,
        asked.unlimited.cost,
        requestId,
        now - REQUEST_ID_WINDOW_SECONDS,
        request.model ?? '',
      ]);
      const token = rows[0];
      if (!token) return judge.unknownKey(request, now);
      if (token.models !== lists.models || token.subnet !== lists.subnet) {
        lists = judgedLists.keep(digest, token);
      }
      if (token.passed) {
        const { maxOutputTokens } = token.unlimited_quota ? asked.unlimited : asked.limited;
        const taken = {
          cost: token.held,
          maxOutputTokens: token.standing ? null : maxOutputTokens,
        };
        return judge.pass(token, request, taken, now, token.counted);
      }
      if (isResetDue(token, now)) {
        await catchUp(now);
        continue;
      }
      const verdict = judge.verdict(token, request, token.counted, now, terms, token.standing);
      if ('refused' in verdict) return verdict.refused;
      // A pass that writes nothing needs no second call.
      if (verdict.cost === 0 && token.rpm_limit === 0) {
        return judge.pass(token, request, verdict, now);
      }
      asked = { limited: verdict, unlimited: verdict };
    }
  };

  /** Writes what is pending, and sweeps the holds an hour old when `sweep`. */
  const writePending = async (sweep: boolean) => {
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
  /**
   * Writes in turn: a flush begun while the timer's write is under way resolves after it, so what
   * was gathered before the flush is in the database when it resolves.
   */
  let lastWrite: Promise<void> = Promise.resolve();
  const writeDeferred = (sweep = true) => {
    lastWrite = lastWrite.catch(() => {}).then(() => writePending(sweep));
    return lastWrite;
  };
  const timer = setInterval(() => {
    writeDeferred().catch((error: unknown) =>
      console.error('writing usage figures failed:', error),
    );
  }, ACCESS_FLUSH_MS);
  timer.unref();

  return {
    verify,
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
