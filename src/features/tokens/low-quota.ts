import { TokenStatus, type Token } from '../../contract/token';

/** Below this share of its whole quota a limited token is marked as running low. */
export const LOW_QUOTA_SHARE = 0.1;

/**
 * Whether a limited token has less than a tenth left: of what each refill gives it when it
 * refills, else of what it was given (left plus used). Only for an enabled one: any other says
 * what is wrong by its status.
 */
export function isLowQuota(token: Token): boolean {
  if (token.unlimited_quota || token.status !== TokenStatus.enabled) return false;
  const whole =
    token.quota_reset_period === 'none'
      ? token.remain_quota + token.used_quota
      : token.quota_reset_amount;
  return token.remain_quota < whole * LOW_QUOTA_SHARE;
}
