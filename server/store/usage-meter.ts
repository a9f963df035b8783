import type { VerifyCode } from '../../src/contract/verify';

/** The code a usage report's figures are kept under, beside the verify codes. */
export const REPORTED = 'USAGE';
/**
 * The code of a hold never settled within HOLD_WINDOW_SECONDS: counted once, with no quota (the
 * verify that made it counted what it took, which stands).
 */
export const UNSETTLED = 'UNSETTLED';
export type MeteredCode = VerifyCode | typeof REPORTED | typeof UNSETTLED;

const HOUR = 3_600;

/** The tokens a settled request reports, for the figures. */
export interface TokenCounts {
  prompt_tokens: number;
  completion_tokens: number;
}

/** One row of usage_hours: what happened to a token in an hour, for a model and a code. */
export interface UsageSum extends TokenCounts {
  token_id: number;
  hour: number;
  model: string;
  code: MeteredCode;
  count: number;
  quota: number;
}

const NO_TOKENS: TokenCounts = { prompt_tokens: 0, completion_tokens: 0 };

/** The tokens a usage report gives, none where it gives none. */
export const tokensOf = (report: Partial<TokenCounts>): TokenCounts => ({
  prompt_tokens: report.prompt_tokens ?? 0,
  completion_tokens: report.completion_tokens ?? 0,
});

/**
 * Usage figures not yet written, summed per token, hour, model and code: verifies and reports
 * add here, and the sums of a second are written together (a row per sum, not per request).
 */
export class UsageMeter {
  private sums = new Map<string, UsageSum>();

  add(
    tokenId: number,
    time: number,
    model: string,
    code: MeteredCode,
    quota: number,
    tokens: TokenCounts = NO_TOKENS,
  ): void {
    const hour = Math.floor(time / HOUR) * HOUR;
    const key = `${tokenId}\u0000${hour}\u0000${code}\u0000${model}`;
    const sum = this.sums.get(key);
    if (sum) {
      sum.count += 1;
      sum.quota += quota;
      sum.prompt_tokens += tokens.prompt_tokens;
      sum.completion_tokens += tokens.completion_tokens;
    } else {
      this.sums.set(key, {
        token_id: tokenId,
        hour,
        model,
        code,
        count: 1,
        quota,
        prompt_tokens: tokens.prompt_tokens,
        completion_tokens: tokens.completion_tokens,
      });
    }
  }

  /** Every pending sum, and none is pending afterwards. */
  take(): UsageSum[] {
    const taken = [...this.sums.values()];
    this.sums.clear();
    return taken;
  }
}
