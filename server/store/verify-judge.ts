import type { TokenVerify, VerifyCode, VerifyResult } from '../../src/contract/verify';
import { PendingAccess } from './pending-access';
import { rateLimitState } from './rate-windows';
import { UsageMeter } from './usage-meter';
import { accessDenial, limitDenial, verifyAnswer, type VerifiedToken } from './verify-rules';

/**
 * A verify's answers as both engines give them, and what each one records: every answer counts
 * in the usage figures (a refusal with no quota), and a free check that passes notes the token's
 * last use. Both wait in memory until the engine writes them with the rest (flushUsage).
 */
export class VerifyJudge {
  /** The usage figures not yet written; usage reports add theirs here too. */
  readonly meter = new UsageMeter();
  /** The last-used times of free checks, not yet written. */
  readonly pending = new PendingAccess();

  /** No token has the key. */
  unknownKey(request: TokenVerify, now: number): VerifyResult {
    this.meter.add(0, now, request.model ?? '', 'NOT_FOUND', 0);
    return verifyAnswer(null, 'NOT_FOUND');
  }

  /**
   * The refusal of the token the key names, with `counted` verifies in its requests-per-minute
   * window so far; null when it may pass.
   */
  refusal(
    token: VerifiedToken,
    request: TokenVerify,
    counted: number,
    now: number,
  ): VerifyResult | null {
    const access = accessDenial(token, request, now);
    if (access) return this.refused(token, request, now, access);
    const limit = limitDenial(token, counted, request.cost);
    if (limit) return this.refused(token, request, now, limit, counted);
    return null;
  }

  /**
   * A verify that passes: `token` as its charge left it, `counted` verifies in its window with
   * this one.
   */
  pass(token: VerifiedToken, request: TokenVerify, now: number, counted = 0): VerifyResult {
    this.meter.add(token.id, now, request.model ?? '', 'VALID', request.cost);
    if (request.cost === 0) this.pending.note(token.id, now);
    return verifyAnswer(token, 'VALID', rateWindow(token, counted, now));
  }

  /** Only a refusal of its limits shows the token's window: the access checks come first. */
  private refused(
    token: VerifiedToken,
    request: TokenVerify,
    now: number,
    code: VerifyCode,
    counted?: number,
  ): VerifyResult {
    this.meter.add(token.id, now, request.model ?? '', code, 0);
    return verifyAnswer(
      token,
      code,
      counted === undefined ? null : rateWindow(token, counted, now),
    );
  }
}

/** A limited token's window as an answer shows it, `counted` verifies in it; null without a limit. */
function rateWindow(token: VerifiedToken, counted: number, now: number) {
  return token.rpm_limit > 0 ? rateLimitState(token.rpm_limit, counted, now) : null;
}
