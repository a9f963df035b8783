import { describe, expect, it } from 'vitest';
import { NEVER } from '../src/contract/token';
import type { UsageSum } from '../server/store/usage-meter';
import { unitsPerToken } from '../server/demo/token-counts';
import { regularIds, usageSums, type SeedRules } from './seed-usage';

const HOUR = 3_600;
const DAY = 86_400;
const NOW = 1_795_000_000;
const hourOf = (time: number) => Math.floor(time / HOUR) * HOUR;

/** Regulars of every kind, each many times over so that each is picked in most hours. */
const kinds: Array<Omit<SeedRules, 'id'>> = [
  // In use, any model.
  {
    created_time: NOW - 90 * DAY,
    accessed_time: NOW - 600,
    expired_time: NEVER,
    used_quota: 9e9,
    models: '',
    subnet: '',
    rpm_limit: 0,
  },
  // Restricted to one model, behind a subnet and a rate limit.
  {
    created_time: NOW - 90 * DAY,
    accessed_time: NOW - 2 * HOUR,
    expired_time: NEVER,
    used_quota: 9e9,
    models: 'gpt-4o-mini',
    subnet: '10.0.0.0/8',
    rpm_limit: 60,
  },
  // Last used eight months ago.
  {
    created_time: NOW - 400 * DAY,
    accessed_time: NOW - 240 * DAY,
    expired_time: NEVER,
    used_quota: 9e9,
    models: '',
    subnet: '',
    rpm_limit: 0,
  },
  // Expired a day and a half ago, last used just before.
  {
    created_time: NOW - 90 * DAY,
    accessed_time: NOW - 36 * HOUR - 60,
    expired_time: NOW - 36 * HOUR,
    used_quota: 9e9,
    models: '',
    subnet: '',
    rpm_limit: 0,
  },
  // Made yesterday, never used.
  {
    created_time: NOW - DAY,
    accessed_time: NOW - DAY,
    expired_time: NEVER,
    used_quota: 0,
    models: '',
    subnet: '',
    rpm_limit: 0,
  },
  // Has used little: the figures stop at it.
  {
    created_time: NOW - 90 * DAY,
    accessed_time: NOW - 600,
    expired_time: NEVER,
    used_quota: 50_000,
    models: '',
    subnet: '',
    rpm_limit: 0,
  },
];
const regulars: SeedRules[] = Array.from({ length: 600 }, (_, index) => ({
  ...kinds[index % kinds.length]!,
  id: index + 1,
}));
const days = [...usageSums(regulars, 3, NOW)];
const sums = days.flat();
const passed = (sum: UsageSum) => sum.code === 'VALID';

describe('the seed’s usage figures keep to each token’s rules', () => {
  it('spreads the regulars over all the tokens', () => {
    expect(regularIds(5)).toEqual([1, 2, 3, 4, 5]);
    expect(regularIds(1_000_000)).toHaveLength(10_000);
    expect(regularIds(1_000_000).at(-1)).toBe(999_901);
  });

  it('end each token’s requests at its last use, and start none before it was made', () => {
    for (const token of regulars) {
      const hours = sums
        .filter((sum) => sum.token_id === token.id && passed(sum))
        .map((sum) => sum.hour);
      const last = hourOf(token.accessed_time);
      if (token.accessed_time <= token.created_time || last < hourOf(NOW) - 3 * DAY) {
        expect(hours).toEqual([]);
      } else {
        expect(Math.max(...hours)).toBe(last);
      }
      for (const hour of hours) {
        expect(hour + HOUR).toBeGreaterThan(token.created_time);
        if (token.expired_time !== NEVER) expect(hour).toBeLessThan(token.expired_time);
      }
    }
  });

  it('spend only on allowed models, and no more than the token has used', () => {
    for (const token of regulars) {
      const own = sums.filter((sum) => sum.token_id === token.id);
      const allowed = token.models.split(',').filter(Boolean);
      if (allowed.length > 0) {
        for (const sum of own.filter(passed)) expect(allowed).toContain(sum.model);
        for (const sum of own.filter((sum) => sum.code === 'MODEL_NOT_ALLOWED')) {
          expect(allowed).not.toContain(sum.model);
        }
      }
      expect(own.reduce((total, sum) => total + sum.quota, 0)).toBeLessThanOrEqual(
        token.used_quota,
      );
    }
  });

  it('refuse a token only for rules it has', () => {
    const restricted = new Set(
      regulars.filter((token) => token.models !== '').map((token) => token.id),
    );
    for (const sum of sums.filter((sum) => sum.token_id > 0 && !passed(sum))) {
      expect(restricted.has(sum.token_id), sum.code).toBe(true);
    }
    expect(new Set(sums.filter((sum) => !passed(sum)).map((sum) => sum.code))).toEqual(
      new Set(['NOT_FOUND', 'RATE_LIMITED', 'IP_NOT_ALLOWED', 'MODEL_NOT_ALLOWED']),
    );
  });

  it('count the tokens that cost what was spent, at each model’s prices, and none for a refusal', () => {
    for (const sum of sums) {
      const units = unitsPerToken(sum.model);
      const priced = sum.prompt_tokens * units.input + sum.completion_tokens * units.output;
      expect(Math.abs(priced - sum.quota)).toBeLessThanOrEqual(
        (units.input + units.output) / 2 + 1e-9,
      );
      if (!passed(sum)) expect([sum.prompt_tokens, sum.completion_tokens]).toEqual([0, 0]);
    }
  });

  it('write each token, hour, model and code once a day', () => {
    for (const day of days) {
      const keys = day.map((sum) => `${sum.token_id}|${sum.hour}|${sum.model}|${sum.code}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
