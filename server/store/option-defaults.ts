import { DEFAULT_QUOTA_PER_UNIT } from '../../src/contract/status';
import type { OptionKey } from '../../src/contract/status';

/**
 * What an option is until an administrator stores one. Values are strings, as options travel;
 * booleans are "true" or "false".
 */
export const OPTION_DEFAULTS: Record<OptionKey, string> = {
  QuotaPerUnit: String(DEFAULT_QUOTA_PER_UNIT),
  DisplayInCurrencyEnabled: 'true',
};
