import { NEVER, nextReset } from './rules';
import type { ModelToken } from './token-model';

/**
 * Refills every token whose reset is due at `now`, once however many periods passed, and counts
 * its next reset from now. The service may apply it later, on the next touch; no answer may tell
 * the difference. How many tokens were refilled.
 */
export function refillDue(tokens: Iterable<ModelToken>, now: number): number {
  let refilled = 0;
  for (const token of tokens) {
    if (token.next_reset_time !== NEVER && token.next_reset_time <= now) {
      token.remain_quota = token.quota_reset_amount;
      token.next_reset_time = nextReset(token.quota_reset_period, now);
      refilled += 1;
    }
  }
  return refilled;
}
