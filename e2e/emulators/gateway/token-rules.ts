/** Messages and rules both gateways share, word for word. */
import { TOKEN_STATUS, type BaseToken } from './types';

export const MSG = {
  notLoggedIn: '无权进行此操作，未登录且未提供 access token',
  accessTokenInvalid: '无权进行此操作，access token 无效',
  insufficientPrivilege: '无权进行此操作，权限不足',
  idEmpty: 'id 或 userId 为空！',
  notFound: 'record not found',
  expiredCannotEnable: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
  exhaustedCannotEnable: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
} as const;

/**
 * Why a request asking for status 1 (enabled) is refused, or null. See
 * CommonEmulatorOptions.realEnableRule for the two rules.
 */
export function enableRefusal(
  stored: BaseToken,
  requestedStatus: number,
  nowSeconds: number,
  realRule: boolean,
): string | null {
  if (requestedStatus !== TOKEN_STATUS.enabled) return null;
  const expired = stored.expired_time !== -1 && stored.expired_time <= nowSeconds;
  const exhausted = stored.remain_quota <= 0 && !stored.unlimited_quota;
  if (realRule) {
    if (stored.status === TOKEN_STATUS.expired && expired) return MSG.expiredCannotEnable;
    if (stored.status === TOKEN_STATUS.exhausted && exhausted) return MSG.exhaustedCannotEnable;
    return null;
  }
  if (stored.status === TOKEN_STATUS.enabled) return null;
  if (expired) return MSG.expiredCannotEnable;
  if (exhausted) return MSG.exhaustedCannotEnable;
  return null;
}
