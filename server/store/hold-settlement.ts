import { HOLD_WINDOW_SECONDS } from '../../src/contract/verify';

/** Holds counted as unsettled in one pass of the periodic write, oldest first. */
export const HOLD_SWEEP_BATCH = 1_000;

/** A hold made at `time` stands as charged from this long on, and no report settles it. */
export const holdExpired = (time: number, now: number) => time <= now - HOLD_WINDOW_SECONDS;

/** The newest time a hold can have been made at and be due for the sweep at `now`. */
export const sweptBefore = (now: number) => now - HOLD_WINDOW_SECONDS;

/**
 * A token's figures once a request that cost `quota` is settled, `held` of it taken before by a
 * hold: used_quota grows by the difference, and a limited token gets back what the hold took
 * beyond the cost. The units left stop at 0: the request was let through, and its cost is owed
 * all the same.
 */
export function settledFigures(
  token: { remain_quota: number; used_quota: number; unlimited_quota: boolean },
  quota: number,
  held: number,
): { remain_quota: number; used_quota: number } {
  return {
    remain_quota: token.unlimited_quota
      ? token.remain_quota
      : Math.max(0, token.remain_quota + held - quota),
    used_quota: Math.max(0, token.used_quota + quota - held),
  };
}
