import type { OptionKey } from '../../src/contract/status';
import { ALERT_EXPIRING_DAYS } from './option-defaults';

/** The option saying how many days before its expiry a token is token.expiring. */
export const EXPIRING_DAYS_OPTION: OptionKey = 'AlertExpiringDays';

const DAY_SECONDS = 86_400;

/** How far the periodic look has gone (the one row of webhook_look); 0: not yet. */
export interface LookMarks {
  expiring_through: number;
  expired_through: number;
}

/** The expiries one look records events for, and the marks it leaves. */
export interface LookPlan {
  expired: { from: number; through: number };
  /** Null when the horizon is already covered. */
  expiring: { from: number; through: number } | null;
  marks: LookMarks;
}

/**
 * The look at `now`, `expiringDays` being the option's stored value if any. The first look
 * starts from now: expiries passed before it are not news. The marks never move back.
 */
export function lookPlan(look: LookMarks, now: number, expiringDays: string | undefined): LookPlan {
  const horizon = expiringHorizon(now, expiringDays);
  const from = Math.max(look.expiring_through, now);
  return {
    expired: { from: look.expired_through || now, through: now },
    expiring: horizon > from ? { from, through: horizon } : null,
    marks: {
      expired_through: Math.max(look.expired_through, now),
      expiring_through: Math.max(look.expiring_through, horizon),
    },
  };
}

/** The latest expiry that is token.expiring at `now`, the option being `expiringDays`. */
export function expiringHorizon(now: number, expiringDays: string | undefined): number {
  return now + Number(expiringDays ?? ALERT_EXPIRING_DAYS) * DAY_SECONDS;
}

/**
 * A lower AlertExpiringDays takes effect at once: the mark a create or an update is compared
 * with (a token expiring by it is token.expiring straight away) comes down to the new horizon.
 * Raised, the next look moves it on. Lowering it sends nothing twice: each token and expiry has
 * its event once.
 */
export const LOWER_EXPIRING_MARK = {
  sqlite: 'UPDATE webhook_look SET expiring_through = min(expiring_through, ?)',
  postgres: 'UPDATE webhook_look SET expiring_through = LEAST(expiring_through, $1)',
};
