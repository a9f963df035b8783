import type { VerifyCode } from '../../src/contract/verify';

/** The code a usage report's figures are kept under, beside the verify codes. */
export const REPORTED = 'USAGE';
export type MeteredCode = VerifyCode | typeof REPORTED;

const HOUR = 3_600;

/** One row of usage_hours: what happened to a token in an hour, for a model and a code. */
export interface UsageSum {
  token_id: number;
  hour: number;
  model: string;
  code: MeteredCode;
  count: number;
  quota: number;
}

/**
 * Usage figures not yet written, summed per token, hour, model and code: verifies and reports
 * add here, and the sums of a second are written together (a row per sum, not per request).
 */
export class UsageMeter {
  private sums = new Map<string, UsageSum>();

  add(tokenId: number, time: number, model: string, code: MeteredCode, quota: number): void {
    const hour = Math.floor(time / HOUR) * HOUR;
    const key = `${tokenId}\u0000${hour}\u0000${code}\u0000${model}`;
    const sum = this.sums.get(key);
    if (sum) {
      sum.count += 1;
      sum.quota += quota;
    } else {
      this.sums.set(key, { token_id: tokenId, hour, model, code, count: 1, quota });
    }
  }

  /** Every pending sum, and none is pending afterwards. */
  take(): UsageSum[] {
    const taken = [...this.sums.values()];
    this.sums.clear();
    return taken;
  }
}
