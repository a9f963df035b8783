/**
 * Usage figures of the past for `npm run seed -- --usage-days N`, shaped like a busy gateway's:
 * most keys idle, a few thousand regulars, up to a thousand of them busy in any hour, a few far
 * busier than the rest. Each regular is used only as its rules allow: between its creation and
 * its last use (which is its last hour of requests), never after it expired, only on the models
 * it allows, for no more than it has used, with the tokens that cost as much on each model; it
 * is refused only for rules it has.
 */
import { NEVER, type Token } from '../src/contract/token';
import type { UsageSum } from '../server/store/usage-meter';
import { tokensFor } from '../server/demo/token-counts';
import { between, pick } from './seed-random';

const HOUR = 3_600;
const DAY = 86_400;
/** The tokens that are ever used; the rest of a large database stays idle. */
export const REGULARS = 10_000;
/** Picks of a regular in any one hour; those its rules rule out that hour are not used. */
const ACTIVE_PER_HOUR = 1_000;
const MODELS = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet', 'claude-3-5-haiku', 'o3-mini'];

/** What of a token decides where its usage may be. */
export type SeedRules = Pick<
  Token,
  | 'id'
  | 'created_time'
  | 'accessed_time'
  | 'expired_time'
  | 'used_quota'
  | 'models'
  | 'subnet'
  | 'rpm_limit'
>;

/** The ids of the regulars among tokens 1 to `lastId`, spread evenly over them. */
export function regularIds(lastId: number): number[] {
  const count = Math.min(lastId, REGULARS);
  const step = lastId / count;
  return Array.from({ length: count }, (_, index) => 1 + Math.floor(index * step));
}

const hourOf = (time: number) => Math.floor(time / HOUR) * HOUR;
const allowedOf = (token: SeedRules) => token.models.split(',').filter(Boolean);

/** Whether the token could let a request through in the hour starting at `hour`. */
const usable = (token: SeedRules, hour: number) =>
  token.accessed_time > token.created_time &&
  hour + HOUR > token.created_time &&
  hour <= hourOf(token.accessed_time) &&
  (token.expired_time === NEVER || hour < token.expired_time);

/** The refusals a token's own rules can give: a rate limit, a subnet, a list of models. */
function refusal(
  token: SeedRules,
  allowed: readonly string[],
): Omit<UsageSum, 'token_id' | 'hour'> | null {
  const codes = [
    ...(token.rpm_limit > 0 ? (['RATE_LIMITED'] as const) : []),
    ...(token.subnet ? (['IP_NOT_ALLOWED'] as const) : []),
    ...(allowed.length > 0 ? (['MODEL_NOT_ALLOWED'] as const) : []),
  ];
  if (codes.length === 0) return null;
  const code = pick(codes);
  const others = MODELS.filter((model) => !allowed.includes(model));
  const model = code === 'MODEL_NOT_ALLOWED' ? pick(others) : '';
  return { model, code, count: between(1, 5), quota: 0, prompt_tokens: 0, completion_tokens: 0 };
}

/**
 * A day of sums at a time, oldest first, for the `days` before `now`, spread over the regulars
 * (most often the first of them). Verifies of unknown keys are counted too, under token 0.
 */
export function* usageSums(
  regulars: readonly SeedRules[],
  days: number,
  now: number,
): Generator<UsageSum[]> {
  // What each may still spend: the figures add up to no more than it has used.
  const left = new Map(regulars.map((token) => [token.id, token.used_quota]));
  // The last day ends with the hour now is in, where a token last used minutes ago has its use.
  const first = hourOf(now) + HOUR - days * DAY;
  for (let day = 0; day < days; day += 1) {
    const sums: UsageSum[] = [];
    const start = first + day * DAY;
    const spend = (token: SeedRules, hour: number, model: string, count: number) => {
      const quota = Math.min(left.get(token.id) ?? 0, count * between(200, 20_000));
      left.set(token.id, (left.get(token.id) ?? 0) - quota);
      sums.push({
        token_id: token.id,
        hour,
        model,
        code: 'VALID',
        count,
        quota,
        ...tokensFor(model, quota),
      });
    };
    for (let hour = start; hour < start + DAY; hour += HOUR) {
      sums.push({
        token_id: 0,
        hour,
        model: '',
        code: 'NOT_FOUND',
        count: between(0, 20),
        quota: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
      });
      const seen = new Set<number>();
      for (let n = 0; n < Math.min(regulars.length, ACTIVE_PER_HOUR); n += 1) {
        // Squared, so that low indexes come up far more often: a few keys carry most traffic.
        const token = regulars[Math.floor(regulars.length * Math.random() ** 2)]!;
        // Its last hour is written below, once; a token is one sum per model an hour.
        if (seen.has(token.id) || !usable(token, hour) || hour === hourOf(token.accessed_time)) {
          continue;
        }
        seen.add(token.id);
        const allowed = allowedOf(token);
        const choices = allowed.length > 0 ? allowed : MODELS;
        const models = new Set(
          Math.random() < 0.3 ? [pick(choices), pick(choices)] : [pick(choices)],
        );
        for (const model of models) spend(token, hour, model, between(1, 60));
        const refused = Math.random() < 0.1 ? refusal(token, allowed) : null;
        if (refused) sums.push({ token_id: token.id, hour, ...refused });
      }
    }
    // Each token's last use is the last hour it has requests in.
    for (const token of regulars) {
      const last = hourOf(token.accessed_time);
      if (last < start || last >= start + DAY || last > now || !usable(token, last)) continue;
      const allowed = allowedOf(token);
      spend(token, last, pick(allowed.length > 0 ? allowed : MODELS), between(1, 20));
    }
    yield sums;
  }
}
