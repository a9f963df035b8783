import { NEVER, TokenStatus, type Token, type TokenStatusCode } from './token';

type StatusFields = Pick<Token, 'status' | 'expired_time' | 'unlimited_quota' | 'remain_quota'>;

/** Expiry is reached at its second: a token is expired once `expired_time <= now`. */
export function isExpired(token: Pick<Token, 'expired_time'>, nowSeconds: number): boolean {
  return token.expired_time !== NEVER && token.expired_time <= nowSeconds;
}

export function isExhausted(token: Pick<Token, 'unlimited_quota' | 'remain_quota'>): boolean {
  return !token.unlimited_quota && token.remain_quota <= 0;
}

/**
 * The status people see, from the administrator's switch (1 or 2) and the token's state.
 * Expired wins over exhausted: renewing quota does not help a token whose date has passed, so
 * the expiry is the first thing to fix.
 */
export function returnedStatus(token: StatusFields, nowSeconds: number): TokenStatusCode {
  if (token.status === TokenStatus.disabled) return TokenStatus.disabled;
  if (isExpired(token, nowSeconds)) return TokenStatus.expired;
  if (isExhausted(token)) return TokenStatus.exhausted;
  return TokenStatus.enabled;
}
