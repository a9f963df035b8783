import { DEFAULT_QUOTA_PER_UNIT, OPTION_KEYS } from '../../src/contract/status';
import type { Option, OptionKey } from '../../src/contract/status';

/** token.quota_low: remaining below this percent of the refill amount, or of the quota last set. */
export const ALERT_LOW_QUOTA_PERCENT = 10;
/** token.expiring: this many days before the expiry. */
export const ALERT_EXPIRING_DAYS = 7;

/**
 * What an option is until an administrator stores one. Values are strings, as options travel;
 * booleans are "true" or "false".
 */
export const OPTION_DEFAULTS: Record<OptionKey, string> = {
  QuotaPerUnit: String(DEFAULT_QUOTA_PER_UNIT),
  DisplayInCurrencyEnabled: 'true',
  AlertLowQuotaPercent: String(ALERT_LOW_QUOTA_PERCENT),
  AlertExpiringDays: String(ALERT_EXPIRING_DAYS),
};

/** Every known option, in the contract's order: its stored value, else its default. */
export function withDefaults(stored: readonly Option[]): Option[] {
  const values = new Map(stored.map((option) => [option.key, option.value]));
  return OPTION_KEYS.map((key) => ({ key, value: values.get(key) ?? OPTION_DEFAULTS[key] }));
}
