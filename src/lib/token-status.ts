import { NEVER, TokenStatus, type Token, type TokenStatusCode } from '../contract/token';

/** The status a reader sees, derived the way the service derives it (token-api.md). */
export function effectiveStatus(
  token: Pick<Token, 'status' | 'expired_time' | 'unlimited_quota' | 'remain_quota'>,
  nowSeconds: number,
): TokenStatusCode {
  if (token.status === TokenStatus.disabled) return TokenStatus.disabled;
  if (token.expired_time !== NEVER && token.expired_time <= nowSeconds) return TokenStatus.expired;
  if (!token.unlimited_quota && token.remain_quota <= 0) return TokenStatus.exhausted;
  return TokenStatus.enabled;
}
