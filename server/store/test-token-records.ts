import { generateTokenKey } from './token-record';
import type { TokenRecordInput } from './ports/token-loading';

/** For tests: an active token of one unit that never expires, named `name`. */
export function tokenRecord(
  name: string,
  overrides: Partial<TokenRecordInput> = {},
): TokenRecordInput {
  return {
    name,
    key: generateTokenKey(),
    status: 1,
    remain_quota: 1,
    used_quota: 0,
    unlimited_quota: false,
    expired_time: -1,
    created_time: 1,
    accessed_time: 1,
    models: '',
    subnet: '',
    quota_reset_period: 'none',
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
    ...overrides,
  };
}
