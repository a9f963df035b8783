import { NEVER } from '../../src/contract/token';
import type { VerifyCode } from '../../src/contract/verify';
import type { UsageSum } from '../store/usage-meter';
import {
  ANY_MODELS,
  DAY,
  HOUR,
  addSum,
  allowedModels,
  type DemoUsageToken,
} from './demo-usage-sums';
import { pickOf, seededRandom, wholeBetween } from './seeded-random';

/** How long after a token stopped its callers keep trying it. */
const TRIED_AFTER_STOP = 5 * DAY;
/** How far back verifies of unknown keys are counted: the longest range the dashboard shows. */
const UNKNOWN_KEYS_SPAN = 90 * DAY;

/**
 * Why a token that was working until its last use is refused at `time` after it: switched off
 * (taken to be right after its last use), expired, or out of quota; null while it still works.
 */
function stoppedCode(token: DemoUsageToken, time: number): VerifyCode | null {
  if (token.status === 2) return 'DISABLED';
  if (token.expired_time !== NEVER && time >= token.expired_time) return 'EXPIRED';
  if (!token.unlimited_quota && token.remain_quota === 0) return 'EXHAUSTED';
  return null;
}

/**
 * Verifies a token's own rules refused while it was used (a model it does not allow, an address
 * outside its subnet, more than its rate limit), and those refused after it stopped.
 */
export function refusals(
  token: DemoUsageToken,
  hours: readonly number[],
  models: readonly string[],
  now: number,
  random: () => number,
  sums: Map<string, UsageSum>,
): void {
  const refuse = (hour: number, model: string, code: VerifyCode, most: number) =>
    addSum(sums, {
      token_id: token.id,
      hour,
      model,
      code,
      count: wholeBetween(random, 1, most),
      quota: 0,
    });
  const allowed = allowedModels(token);
  const others = ANY_MODELS.filter((model) => !allowed.includes(model));
  for (const hour of hours) {
    if (allowed.length > 0 && random() < 0.05) {
      refuse(hour, pickOf(random, others), 'MODEL_NOT_ALLOWED', 3);
    }
    if (token.subnet && random() < 0.04) refuse(hour, pickOf(random, models), 'IP_NOT_ALLOWED', 2);
    if (token.rpm_limit > 0 && random() < 0.15) {
      refuse(hour, pickOf(random, models), 'RATE_LIMITED', 12);
    }
  }
  const last = hours.at(-1);
  if (last === undefined) return;
  const tries = wholeBetween(random, 1, 4);
  for (let n = 0; n < tries; n += 1) {
    const hour = last + HOUR * wholeBetween(random, 1, TRIED_AFTER_STOP / HOUR);
    const code = hour <= now ? stoppedCode(token, hour) : null;
    if (code) refuse(hour, pickOf(random, models), code, 12);
  }
}

/** A few verifies of keys no token has, most days, counted under token 0. */
export function unknownKeys(now: number, sums: Map<string, UsageSum>): void {
  const random = seededRandom('unknown keys');
  const today = now - (now % DAY);
  for (let day = today - UNKNOWN_KEYS_SPAN; day <= today; day += DAY) {
    if (random() < 0.3) continue;
    const hour = day + wholeBetween(random, 0, 23) * HOUR;
    if (hour > now) continue;
    addSum(sums, {
      token_id: 0,
      hour,
      model: '',
      code: 'NOT_FOUND',
      count: wholeBetween(random, 1, 6),
      quota: 0,
    });
  }
}
