import type { LiteLlmKey } from '../../../contract/litellm';
import { NO_RESET, type QuotaResetPeriod } from '../../../contract/quota-reset';
import { NEVER, TokenStatus, type Token } from '../../../contract/token';
import type { TpmLimited } from '../../backend';

/** A LiteLLM key as the dashboard shows it, with its tokens-per-minute limit. */
export type LiteLlmToken = Token & Required<TpmLimited>;

/** How LiteLLM writes each refill's `budget_duration`: it resets at 00:00 UTC, Mondays, the 1st. */
export const BUDGET_DURATIONS: Record<Exclude<QuotaResetPeriod, 'none'>, string> = {
  daily: '1d',
  weekly: '7d',
  monthly: '30d',
};
const PERIODS: Record<string, QuotaResetPeriod> = {
  '1d': 'daily',
  '24h': 'daily',
  '7d': 'weekly',
  '1w': 'weekly',
  '30d': 'monthly',
  '1mo': 'monthly',
};

/**
 * A refill's period from LiteLLM's `budget_duration`. Other durations ("12h", "14d") have no
 * period of the dashboard's: they show as none, and stay as they are unless the refill is edited.
 */
export const periodOf = (duration: string | null): QuotaResetPeriod =>
  (duration && PERIODS[duration.trim()]) || 'none';

/** Unix seconds of LiteLLM's ISO date and time; one without a zone is UTC, as LiteLLM keeps it. */
export function isoSeconds(text: string | null): number | null {
  if (!text) return null;
  const zoned = /(z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`;
  const milliseconds = Date.parse(zoned);
  return Number.isNaN(milliseconds) ? null : Math.floor(milliseconds / 1000);
}

/**
 * The dashboard's number for a key, from its hash: the first 48 bits, so the same key has the
 * same id on every page, in every tab and in the address (which takes up to 15 digits). A
 * `token` that is not a hash still gets a stable one.
 */
export function idOfHash(hash: string): number {
  if (/^[0-9a-f]{12}/i.test(hash)) return Number.parseInt(hash.slice(0, 12), 16) + 1;
  let id = 0;
  for (const char of hash) id = (id * 31 + (char.codePointAt(0) ?? 0)) % 2 ** 48;
  return id + 1;
}

/** The key as LiteLLM shows it (`sk-...abcd`), without the `sk-` the table writes before it. */
const shownKey = (keyName: string | null) =>
  keyName?.startsWith('sk-') ? keyName.slice(3) : (keyName ?? '****');

/** USD in quota units, whole as the dashboard keeps them. */
export const usdToUnits = (usd: number, ratio: number) => Math.round(usd * ratio);

/**
 * A key in the dashboard's model, its money in units (USD × ratio): the quota left is what the
 * budget leaves of the spend; a refill gives back the whole budget. Blocked is disabled; past its
 * expiry it is expired; with its budget spent, exhausted. A key without an alias is named as
 * LiteLLM shows it.
 */
export function toToken(key: LiteLlmKey, ratio: number, now: number): LiteLlmToken {
  const expires = isoSeconds(key.expires);
  const created = isoSeconds(key.created_at) ?? 0;
  const limited = key.max_budget !== null;
  const status = key.blocked
    ? TokenStatus.disabled
    : expires !== null && expires <= now
      ? TokenStatus.expired
      : limited && key.spend >= (key.max_budget ?? 0)
        ? TokenStatus.exhausted
        : TokenStatus.enabled;
  const period = periodOf(key.budget_duration);
  const nextReset = period === 'none' ? null : isoSeconds(key.budget_reset_at);
  return {
    id: idOfHash(key.token),
    name: key.key_alias || key.key_name || `…${key.token.slice(-6)}`,
    key: shownKey(key.key_name),
    status,
    remain_quota: limited ? Math.max(0, usdToUnits((key.max_budget ?? 0) - key.spend, ratio)) : 0,
    used_quota: usdToUnits(key.spend, ratio),
    unlimited_quota: !limited,
    expired_time: expires ?? NEVER,
    created_time: created,
    accessed_time: isoSeconds(key.last_active) ?? created,
    models: key.models.join(','),
    subnet: '',
    quota_reset_period: period,
    quota_reset_amount: limited ? usdToUnits(key.max_budget ?? 0, ratio) : 0,
    next_reset_time: nextReset ?? NO_RESET,
    rpm_limit: key.rpm_limit ?? 0,
    tpm_limit: key.tpm_limit ?? 0,
    previous_key_valid_until: null,
  };
}
