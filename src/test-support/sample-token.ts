import { NEVER, TokenStatus, type Token } from '../contract/token';

/** A stored token as a list answer carries it (masked key), with what a test cares about on top. */
export function sampleToken(fields: Partial<Token> & Pick<Token, 'id' | 'name'>): Token {
  return {
    key: 'abcd**********wxyz',
    status: TokenStatus.enabled,
    remain_quota: 0,
    used_quota: 0,
    unlimited_quota: false,
    expired_time: NEVER,
    created_time: 1,
    accessed_time: 1,
    models: '',
    subnet: '',
    quota_reset_period: 'none',
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
    previous_key_valid_until: null,
    ...fields,
  };
}
