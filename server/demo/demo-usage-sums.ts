/**
 * What the demo's usage figures are made of: its tokens as stored, and sums merged as the store
 * keeps them.
 */
import type { TokenRecordInput } from '../store/ports/token-loading';
import type { TokenCounts, UsageSum } from '../store/usage-meter';

export const HOUR = 3_600;
export const DAY = 86_400;

/** A demo token as stored, with the id the store gave it. */
export type DemoUsageToken = Pick<
  TokenRecordInput,
  | 'name'
  | 'status'
  | 'created_time'
  | 'accessed_time'
  | 'expired_time'
  | 'remain_quota'
  | 'used_quota'
  | 'unlimited_quota'
  | 'models'
  | 'subnet'
  | 'rpm_limit'
> & { id: number };

/** What a token spends on when it may use every model. */
export const ANY_MODELS = [
  'gpt-4o-mini',
  'gpt-4o',
  'claude-3-5-sonnet',
  'claude-3-5-haiku',
  'o3-mini',
] as const;

export const hourOf = (time: number) => Math.floor(time / HOUR) * HOUR;

/** The models a token allows; none for any. */
export const allowedModels = (token: Pick<DemoUsageToken, 'models'>) =>
  token.models
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);

/** Sums with the same token, hour, model and code are one row; without tokens, none. */
export function addSum(
  sums: Map<string, UsageSum>,
  sum: Omit<UsageSum, keyof TokenCounts> & Partial<TokenCounts>,
): void {
  const key = `${sum.token_id}|${sum.hour}|${sum.model}|${sum.code}`;
  const prompt = sum.prompt_tokens ?? 0;
  const completion = sum.completion_tokens ?? 0;
  const existing = sums.get(key);
  if (existing) {
    existing.count += sum.count;
    existing.quota += sum.quota;
    existing.prompt_tokens += prompt;
    existing.completion_tokens += completion;
  } else {
    sums.set(key, { ...sum, prompt_tokens: prompt, completion_tokens: completion });
  }
}
