import { nextResetTime } from '../../src/contract/quota-reset';

/** The tokens whose reset is due: the partial index tokens_by_next_reset holds only those with a period. */
export const resetDue = (now: string) => `next_reset_time >= 0 AND next_reset_time <= ${now}`;

/** SQL parameters by name, as each engine writes them. */
type ResetParams = { now: string; daily: string; weekly: string; monthly: string };

/**
 * Refills every token whose reset is due and schedules its next one from now: a token nothing
 * touched for several periods is refilled once, not once a period. Its quota alerts (webhooks)
 * may be sent again.
 */
export const applyResetsSql = (params: ResetParams) => `UPDATE tokens SET
  remain_quota = quota_reset_amount, quota_alerts = 0,
  next_reset_time = CASE quota_reset_period
    WHEN 'daily' THEN ${params.daily} WHEN 'weekly' THEN ${params.weekly} ELSE ${params.monthly} END
  WHERE ${resetDue(params.now)}`;

/** The next reset of each period, for resets applied at `now`. */
export function resetTimes(now: number): {
  now: number;
  daily: number;
  weekly: number;
  monthly: number;
} {
  return {
    now,
    daily: nextResetTime('daily', now),
    weekly: nextResetTime('weekly', now),
    monthly: nextResetTime('monthly', now),
  };
}

export const isResetDue = (token: { next_reset_time: number }, now: number): boolean =>
  token.next_reset_time >= 0 && token.next_reset_time <= now;
