import { DEFAULT_QUOTA_PER_UNIT } from '../../src/contract/status';
import type { UsageSum } from '../store/usage-meter';
import { refusals, unknownKeys } from './demo-refusals';
import {
  ANY_MODELS,
  DAY,
  HOUR,
  addSum,
  allowedModels,
  hourOf,
  type DemoUsageToken,
} from './demo-usage-sums';
import { pickOf, seededRandom, wholeBetween } from './seeded-random';
import { tokensFor } from './token-counts';

/** About what a request costs on each model, in units: request counts follow spending. */
const UNITS_PER_REQUEST: Record<string, number> = {
  'gpt-4o-mini': 400,
  'gpt-4o': 2_500,
  'claude-3-5-sonnet': 3_000,
  'claude-3-5-haiku': 600,
  'o3-mini': 1_500,
  'text-embedding-3-small': 200,
  'text-embedding-3-large': 500,
};

/** The models a token's requests ask for: those it allows, or a few of its own choosing. */
export function modelsUsed(token: DemoUsageToken, random: () => number): string[] {
  const allowed = allowedModels(token);
  if (allowed.length > 0) return allowed;
  const start = wholeBetween(random, 0, ANY_MODELS.length - 1);
  const count = wholeBetween(random, 1, 3);
  return Array.from({ length: count }, (_, n) => ANY_MODELS[(start + n) % ANY_MODELS.length]!);
}

/** Mostly working hours, UTC. */
const hourOfDay = (random: () => number) =>
  random() < 0.8 ? wholeBetween(random, 7, 19) : wholeBetween(random, 0, 23);

/**
 * The hours a token was used in, oldest first, from its creation to its last use, which is the
 * last of them: busier tokens are used on more days and in more hours of each.
 */
function activeHours(token: DemoUsageToken, random: () => number): number[] {
  const first = hourOf(token.created_time);
  const last = hourOf(token.accessed_time);
  const days = Math.max(1, (last - first) / DAY);
  const dollarsADay = token.used_quota / DEFAULT_QUOTA_PER_UNIT / days;
  const chance = Math.min(0.95, Math.max(0.05, dollarsADay / 2));
  const hoursADay = 1 + Math.min(5, Math.floor(dollarsADay / 5));
  const hours = new Set([last]);
  for (let day = first - (first % DAY); day <= last; day += DAY) {
    if (random() >= chance) continue;
    for (let n = 0; n < hoursADay; n += 1) {
      const hour = day + hourOfDay(random) * HOUR;
      if (hour >= first && hour <= last) hours.add(hour);
    }
  }
  return [...hours].sort((a, b) => a - b);
}

/**
 * The used quota spread over the active hours, all of it, in verifies that passed, with the
 * tokens that cost as much on each model.
 */
function spending(
  token: DemoUsageToken,
  hours: readonly number[],
  models: readonly string[],
  random: () => number,
  sums: Map<string, UsageSum>,
): void {
  const weights = hours.map(() => 0.3 + random() * 1.4);
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) => Math.floor((token.used_quota * weight) / whole));
  // What rounding left over goes to the last use.
  shares[shares.length - 1]! += token.used_quota - shares.reduce((sum, share) => sum + share, 0);
  hours.forEach((hour, index) => {
    const share = shares[index]!;
    const split = models.length > 1 && random() < 0.3 ? Math.floor(share * random()) : 0;
    const parts: Array<[string, number]> = [[pickOf(random, models), share - split]];
    if (split > 0) parts.push([pickOf(random, models), split]);
    for (const [model, quota] of parts) {
      const perRequest = (UNITS_PER_REQUEST[model] ?? 1_000) * (0.7 + random() * 0.6);
      const count = Math.max(1, Math.round(quota / perRequest));
      const tokens = tokensFor(model, quota);
      addSum(sums, { token_id: token.id, hour, model, code: 'VALID', count, quota, ...tokens });
    }
  });
}

/**
 * Usage figures that agree with the demo tokens: each token's spending adds up to its used
 * quota, on the models it allows, between its creation and its last use (the last hour with
 * spending), never after it expired; refusals follow its rules (a subnet, a rate limit, an
 * allow-list), and a token that stopped (switched off, expired, out of quota) is refused for a
 * while after. Verifies of unknown keys are counted too, under token 0.
 */
export function demoUsage(tokens: readonly DemoUsageToken[], now: number): UsageSum[] {
  const sums = new Map<string, UsageSum>();
  for (const token of tokens) {
    const random = seededRandom(token.name);
    const models = modelsUsed(token, random);
    const hours = token.accessed_time > token.created_time ? activeHours(token, random) : [];
    if (hours.length > 0) spending(token, hours, models, random, sums);
    refusals(token, hours, models, now, random, sums);
  }
  unknownKeys(now, sums);
  return [...sums.values()];
}
