import { isExhausted, isExpired } from '../../src/contract/token-status';
import type { RateLimitState, TokenVerify, VerifyCode } from '../../src/contract/verify';
import { AddressRanges, plain } from '../address-ranges';
import type { HoldOutcome } from './ports/gateway-calls';
import type { TokenFields } from './token-record';

/** What a verify reads of a token: both engines fetch these by the key's digest. */
export type VerifiedToken = Pick<
  TokenFields,
  | 'id'
  | 'name'
  | 'status'
  | 'remain_quota'
  | 'unlimited_quota'
  | 'expired_time'
  | 'models'
  | 'subnet'
  | 'next_reset_time'
  | 'rpm_limit'
>;

export const VERIFIED_COLUMNS =
  'id, name, status, remain_quota, unlimited_quota, expired_time, models, subnet, next_reset_time, rpm_limit';

/**
 * The first of the checks before the rate limit and the quota that the token fails (in the order
 * the contract lists the codes), or null when it passes them all. A model that does not exist
 * or is switched off (`modelUnavailable`) is one the key may not use.
 */
export function accessDenial(
  token: VerifiedToken,
  request: Pick<TokenVerify, 'model' | 'ip'>,
  now: number,
  modelUnavailable = false,
): VerifyCode | null {
  if (token.status === 2) return 'DISABLED';
  if (isExpired(token, now)) return 'EXPIRED';
  return listDenial(token, request, modelUnavailable);
}

/**
 * The access checks that read the token's allow-lists, models then subnet: they depend on
 * nothing else of it, so a judgement of them holds for as long as the lists are the same.
 */
export function listDenial(
  lists: Pick<VerifiedToken, 'models' | 'subnet'>,
  request: Pick<TokenVerify, 'model' | 'ip'>,
  modelUnavailable = false,
): 'MODEL_NOT_ALLOWED' | 'IP_NOT_ALLOWED' | null {
  if (modelUnavailable || (request.model !== undefined && !listed(lists.models, request.model))) {
    return 'MODEL_NOT_ALLOWED';
  }
  if (!fromSubnet(lists.subnet, request.ip)) return 'IP_NOT_ALLOWED';
  return null;
}

/** A limited token pays `cost` only from what it has, and with nothing left not even 0. */
export function quotaCovers(
  token: Pick<VerifiedToken, 'unlimited_quota' | 'remain_quota'>,
  cost: number,
): boolean {
  return token.unlimited_quota || (!isExhausted(token) && token.remain_quota >= cost);
}

/** Whether a token that passed the access checks has `counted` VALID verifies in its window, its limit. */
export function rateLimited(token: Pick<VerifiedToken, 'rpm_limit'>, counted: number): boolean {
  return token.rpm_limit > 0 && counted >= token.rpm_limit;
}

/** models is a comma-separated allow-list; "" allows every model. */
function listed(models: string, model: string): boolean {
  const allowed = models
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return allowed.length === 0 || allowed.includes(model.trim());
}

/**
 * subnet is a comma-separated list of addresses and CIDR ranges; "" allows every address. A
 * token with a subnet is refused when the caller's address is not given, and an entry that is not
 * an address or range allows nothing: a restriction that cannot be read is not lifted.
 */
function fromSubnet(subnet: string, ip: string | undefined): boolean {
  const entries = subnet
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return true;
  if (ip === undefined) return false;
  return entries.some((entry) => {
    const range = AddressRanges.parse([entry]);
    return typeof range !== 'string' && range.has(plain(ip));
  });
}

/**
 * The answer to a verify at `now`; without a token (no token has the key) its fields are null.
 * `held` is what it took, `maxOutputTokens` the plan's cap on the output.
 */
export function verifyAnswer(
  token: VerifiedToken | null,
  code: VerifyCode,
  now: number,
  rateLimit: RateLimitState | null = null,
  held = 0,
  maxOutputTokens: number | null = null,
): HoldOutcome {
  return {
    valid: token !== null && code === 'VALID',
    code,
    token_id: token?.id ?? null,
    name: token?.name ?? null,
    remain_quota: token?.remain_quota ?? null,
    unlimited_quota: token?.unlimited_quota ?? null,
    expired_time: token?.expired_time ?? null,
    rate_limit: token ? rateLimit : null,
    held,
    max_output_tokens: maxOutputTokens,
    now,
  };
}
