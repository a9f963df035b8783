/**
 * Usage figures of the past for `npm run seed -- --usage-days N`, shaped like a busy gateway's:
 * most keys idle, a few thousand regulars, a thousand of them busy in any hour, a few far busier
 * than the rest.
 */
import type { UsageSum } from '../server/store/usage-meter';
import { between, pick } from './seed-random';

const HOUR = 3_600;
const DAY = 86_400;
/** The tokens that are ever used; the rest of a large database stays idle. */
const REGULARS = 10_000;
/** Regulars with requests in any one hour. */
const ACTIVE_PER_HOUR = 1_000;
const MODELS = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet', 'claude-3-5-haiku', 'o3-mini'];
const DENIALS = ['EXHAUSTED', 'RATE_LIMITED', 'MODEL_NOT_ALLOWED', 'IP_NOT_ALLOWED'] as const;

/**
 * A day of sums at a time, oldest first, for the `days` before `now`, spread over the tokens with
 * ids 1 to `lastId`. Verifies of unknown keys are counted too, under token 0.
 */
export function* usageSums(lastId: number, days: number, now: number): Generator<UsageSum[]> {
  const regulars = Math.min(lastId, REGULARS);
  const step = lastId / regulars;
  const regular = (index: number) => 1 + Math.floor(index * step);
  const first = Math.floor(now / HOUR) * HOUR - days * DAY;
  for (let day = 0; day < days; day += 1) {
    const sums: UsageSum[] = [];
    for (let hour = first + day * DAY; hour < first + (day + 1) * DAY; hour += HOUR) {
      sums.push({
        token_id: 0,
        hour,
        model: '',
        code: 'NOT_FOUND',
        count: between(0, 20),
        quota: 0,
      });
      for (let n = 0; n < Math.min(regulars, ACTIVE_PER_HOUR); n += 1) {
        // Squared, so that low indexes come up far more often: a few keys carry most traffic.
        const token_id = regular(Math.floor(regulars * Math.random() ** 2));
        const models = Math.random() < 0.3 ? [pick(MODELS), pick(MODELS)] : [pick(MODELS)];
        for (const model of models) {
          const count = between(1, 60);
          const quota = count * between(200, 20_000);
          sums.push({ token_id, hour, model, code: 'VALID', count, quota });
          if (Math.random() < 0.2) {
            sums.push({ token_id, hour, model, code: 'USAGE', count: 1, quota: between(0, quota) });
          }
        }
        if (Math.random() < 0.1) {
          sums.push({
            token_id,
            hour,
            model: '',
            code: pick(DENIALS),
            count: between(1, 5),
            quota: 0,
          });
        }
      }
    }
    yield sums;
  }
}
