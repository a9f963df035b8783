import type { TokenVerify, VerifyCode } from '../../src/contract/verify';
import { PendingAccess } from './pending-access';
import type { HoldOutcome, HoldPlan, HoldTerms, PlannedCharge } from './ports/gateway-calls';
import { rateLimitState } from './rate-windows';
import { UsageMeter } from './usage-meter';
import {
  accessDenial,
  quotaCovers,
  rateLimited,
  verifyAnswer,
  type VerifiedToken,
} from './verify-rules';

/** A verify's verdict: its refusal, or what it charges. */
export type Verdict = { refused: HoldOutcome } | PlannedCharge;

/**
 * A verify's answers as both engines give them, and what each one records: every answer counts
 * in the usage figures (a refusal with no quota), and a check that charges nothing and passes
 * notes the token's last use. Both wait in memory until the engine writes them with the rest
 * (flushUsage).
 */
export class VerifyJudge {
  /** The usage figures not yet written; usage reports add theirs here too. */
  readonly meter = new UsageMeter();
  /** The last-used times of checks that charged nothing, not yet written. */
  readonly pending = new PendingAccess();

  /** No token has the key. */
  unknownKey(request: TokenVerify, now: number): HoldOutcome {
    this.meter.add(0, now, request.model ?? '', 'NOT_FOUND', 0);
    return verifyAnswer(null, 'NOT_FOUND', now);
  }

  /**
   * The verdict on the token the key names, with `counted` verifies in its requests-per-minute
   * window so far: the access checks, the window, then the quota for the cost, which the plan
   * (when there is one) decides from the token as it is now. `standing`: the request_id's hold
   * stands already (or was settled), so this verify takes nothing more.
   */
  verdict(
    token: VerifiedToken,
    request: TokenVerify,
    counted: number,
    now: number,
    terms?: HoldTerms,
    standing = false,
  ): Verdict {
    const access = accessDenial(token, request, now, terms?.modelUnavailable);
    if (access) return { refused: this.refused(token, request, now, access) };
    if (rateLimited(token, counted)) {
      return { refused: this.refused(token, request, now, 'RATE_LIMITED', counted) };
    }
    if (standing) return { cost: 0, maxOutputTokens: null };
    const charge = terms?.plan
      ? planned(terms.plan, token)
      : { cost: request.cost, maxOutputTokens: null };
    if (charge && quotaCovers(token, charge.cost)) return charge;
    return { refused: this.refused(token, request, now, 'EXHAUSTED', counted) };
  }

  /**
   * A verify that passes: `token` as its charge left it, `counted` verifies in its window with
   * this one.
   */
  pass(
    token: VerifiedToken,
    request: TokenVerify,
    charge: PlannedCharge,
    now: number,
    counted = 0,
  ): HoldOutcome {
    this.meter.add(token.id, now, request.model ?? '', 'VALID', charge.cost);
    if (charge.cost === 0) this.pending.note(token.id, now);
    return verifyAnswer(
      token,
      'VALID',
      now,
      rateWindow(token, counted, now),
      charge.cost,
      charge.maxOutputTokens,
    );
  }

  /** Only a refusal of its limits shows the token's window: the access checks come first. */
  private refused(
    token: VerifiedToken,
    request: TokenVerify,
    now: number,
    code: VerifyCode,
    counted?: number,
  ): HoldOutcome {
    this.meter.add(token.id, now, request.model ?? '', code, 0);
    return verifyAnswer(
      token,
      code,
      now,
      counted === undefined ? null : rateWindow(token, counted, now),
    );
  }
}

/** A limited token's window as an answer shows it, `counted` verifies in it; null without a limit. */
function rateWindow(token: VerifiedToken, counted: number, now: number) {
  return token.rpm_limit > 0 ? rateLimitState(token.rpm_limit, counted, now) : null;
}

/** What a plan takes from the token as it is now. */
function planned(plan: HoldPlan, token: VerifiedToken): PlannedCharge | null {
  if (token.unlimited_quota) return plan.unlimited;
  return token.remain_quota >= plan.full.cost ? plan.full : plan.fit(token.remain_quota);
}

/** Whether a verify is a hold: a request_id, and a cost or a plan to work one out. */
export function mayHold(request: TokenVerify, terms?: HoldTerms): boolean {
  return request.request_id !== undefined && (request.cost > 0 || terms?.plan !== undefined);
}
