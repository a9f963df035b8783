import { z } from 'zod';

/** How often a token's budget refills: its remain_quota is set to quota_reset_amount. */
export const QUOTA_RESET_PERIODS = ['none', 'daily', 'weekly', 'monthly'] as const;
export type QuotaResetPeriod = (typeof QUOTA_RESET_PERIODS)[number];

export const quotaResetPeriodSchema = z.enum(QUOTA_RESET_PERIODS, {
  error: `quota_reset_period must be one of ${QUOTA_RESET_PERIODS.join(', ')}`,
});

/** A token with no period has no next reset. */
export const NO_RESET = -1;

const DAY_SECONDS = 86_400;

/**
 * Unix seconds of the first reset after `now`, at 00:00 UTC: the next day; the next Monday; the
 * 1st of the next month. A reset applied late (nothing touched the token for weeks) schedules the
 * next one from the time it was applied, so missed periods reset once, not once each.
 */
export function nextResetTime(period: QuotaResetPeriod, now: number): number {
  const midnight = Math.floor(now / DAY_SECONDS) * DAY_SECONDS;
  switch (period) {
    case 'none':
      return NO_RESET;
    case 'daily':
      return midnight + DAY_SECONDS;
    case 'weekly': {
      // getUTCDay(): 0 is Sunday; days until the next Monday, 7 on a Monday itself.
      const weekday = new Date(midnight * 1000).getUTCDay();
      return midnight + ((8 - weekday) % 7 || 7) * DAY_SECONDS;
    }
    case 'monthly': {
      const date = new Date(now * 1000);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
    }
  }
}
