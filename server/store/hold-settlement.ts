/**
 * Holds, and their settlement, as both engines keep them.
 *
 * A verify with a request_id and a cost holds that cost: its row in usage_holds is written in the
 * step that charges the key, so no crash can keep one without the other. On SQLite that step is
 * synchronous, inside the group commit's transaction (sqlite/holds.ts, sqlite/verify.ts); on
 * PostgreSQL it is the one call of verify_key, which writes the row and then takes the units with
 * an UPDATE that requires them still there, dropping the row again when they are not
 * (postgres/verify-function.ts). A plan (the gateway's) decides the cost inside that step from the
 * key as it is then: its full hold when the key has that much, else fitted to what is left; on
 * PostgreSQL the fitted cost is worked out from the row the call answers, and asked for again.
 *
 * The report that settles a hold locks its token, deletes the hold, claims its request_id and
 * applies the difference (settledFigures below) in one transaction (each engine's settle.ts).
 * Holds older than HOLD_WINDOW_SECONDS are swept by the write every engine makes each second,
 * through an index on their time and at most HOLD_SWEEP_BATCH a pass: each is counted once as
 * UNSETTLED in the usage figures and its request_id is closed, so a late report changes nothing.
 * On PostgreSQL the sweep takes its rows FOR UPDATE SKIP LOCKED, so several instances sweep
 * without counting a hold twice or meeting the report that settles it.
 */
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
