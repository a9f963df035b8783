import { afterEach, describe, expect, it } from 'vitest';
import { NEVER, tokenListQuerySchema } from '../src/contract/token';
import { addDemoDataIfEmpty, demoTokens } from './demo-tokens';
import { demoUsage } from './demo/demo-usage';
import { unitsPerToken } from './demo/token-counts';
import { openTestStore, type TestStore } from './test-support';
import type { UsageSum } from './store/usage-meter';

const HOUR = 3_600;
const DAY = 86_400;
const NOW = 1_795_000_000;

const tokens = demoTokens(NOW).map((token, index) => ({ ...token, id: index + 1 }));
const sums = demoUsage(tokens, NOW);
const passed = (sum: UsageSum) => sum.code === 'VALID' || sum.code === 'USAGE';
const sumsOf = (id: number) => sums.filter((sum) => sum.token_id === id);
const allowed = (models: string) => models.split(',').filter(Boolean);
const stopped = (token: (typeof tokens)[number]) =>
  token.status === 2 ||
  (token.expired_time !== NEVER && token.expired_time <= NOW) ||
  (!token.unlimited_quota && token.remain_quota === 0);

describe('the demo’s usage figures agree with its tokens', () => {
  it('names every token once, so that figures find their token', () => {
    expect(new Set(tokens.map((token) => token.name)).size).toBe(tokens.length);
  });

  it('spend exactly what each token has used, in whole hours of the past', () => {
    for (const token of tokens) {
      const spent = sumsOf(token.id).reduce((total, sum) => total + sum.quota, 0);
      expect(spent, token.name).toBe(token.used_quota);
    }
    for (const sum of sums) {
      expect(sum.hour % HOUR).toBe(0);
      expect(sum.hour).toBeLessThanOrEqual(NOW);
      expect(sum.count).toBeGreaterThan(0);
    }
  });

  it('last use is the last hour with a request let through; never used, none at all', () => {
    for (const token of tokens) {
      const hours = sumsOf(token.id)
        .filter(passed)
        .map((sum) => sum.hour);
      if (token.accessed_time <= token.created_time) {
        expect(hours, token.name).toEqual([]);
        continue;
      }
      expect(Math.max(...hours), token.name).toBe(Math.floor(token.accessed_time / HOUR) * HOUR);
      // Nothing before the hour it was made in.
      expect(Math.min(...sumsOf(token.id).map((sum) => sum.hour)), token.name).toBeGreaterThan(
        token.created_time - HOUR,
      );
    }
  });

  it('spend only on the models a token allows', () => {
    for (const token of tokens.filter((token) => token.models !== '')) {
      const models = new Set(
        sumsOf(token.id)
          .filter(passed)
          .map((sum) => sum.model),
      );
      expect(
        [...models].every((model) => allowed(token.models).includes(model)),
        token.name,
      ).toBe(true);
      for (const sum of sumsOf(token.id).filter((sum) => sum.code === 'MODEL_NOT_ALLOWED')) {
        expect(allowed(token.models)).not.toContain(sum.model);
      }
    }
  });

  it('let nothing through after a token expired, and refuse it for the reason it stopped', () => {
    for (const token of tokens) {
      const last = Math.floor(token.accessed_time / HOUR) * HOUR;
      if (token.expired_time !== NEVER) {
        expect(token.accessed_time, token.name).toBeLessThanOrEqual(token.expired_time);
        for (const sum of sumsOf(token.id).filter(passed)) {
          expect(sum.hour, token.name).toBeLessThan(token.expired_time);
        }
      }
      const after = sumsOf(token.id).filter((sum) => sum.hour > last);
      if (!stopped(token)) expect(after, token.name).toEqual([]);
      for (const sum of after) {
        expect(sum.quota).toBe(0);
        if (token.status === 2) expect(sum.code, token.name).toBe('DISABLED');
        else expect(['EXPIRED', 'EXHAUSTED'], token.name).toContain(sum.code);
      }
    }
  });

  it('refuse a rate, an address or a quota only where the token has that rule', () => {
    for (const token of tokens) {
      const codes = new Set(sumsOf(token.id).map((sum) => sum.code));
      if (codes.has('RATE_LIMITED')) expect(token.rpm_limit, token.name).toBeGreaterThan(0);
      if (codes.has('IP_NOT_ALLOWED')) expect(token.subnet, token.name).not.toBe('');
      if (codes.has('MODEL_NOT_ALLOWED')) expect(token.models, token.name).not.toBe('');
      if (codes.has('EXHAUSTED')) {
        expect(token.unlimited_quota || token.remain_quota > 0, token.name).toBe(false);
      }
    }
    // The demo shows every reason somewhere, and unknown keys under token 0.
    const codes = new Set(sums.map((sum) => sum.code));
    for (const code of ['RATE_LIMITED', 'IP_NOT_ALLOWED', 'MODEL_NOT_ALLOWED', 'EXHAUSTED']) {
      expect(codes).toContain(code);
    }
    expect(sums.some((sum) => sum.token_id === 0 && sum.code === 'NOT_FOUND')).toBe(true);
  });

  it('count the tokens that cost what was spent, at each model’s prices, and none for a refusal', () => {
    for (const sum of sums) {
      if (!passed(sum) || sum.quota === 0) {
        expect([sum.prompt_tokens, sum.completion_tokens], sum.code).toEqual([0, 0]);
        continue;
      }
      const units = unitsPerToken(sum.model);
      const priced = sum.prompt_tokens * units.input + sum.completion_tokens * units.output;
      // Each of the (at most two) requests of a sum rounds its tokens to whole ones.
      expect(Math.abs(priced - sum.quota), sum.model).toBeLessThanOrEqual(
        units.input + units.output,
      );
      expect(sum.prompt_tokens).toBeGreaterThan(sum.completion_tokens);
    }
  });

  it('come out the same at every start', () => {
    expect(demoUsage(tokens, NOW)).toEqual(sums);
  });
});

describe('the demo in a database', () => {
  let handle: TestStore | undefined;
  afterEach(async () => {
    await handle?.dispose();
    handle = undefined;
  });

  it('reads back each token’s spending, to the day of its last use', async () => {
    handle = openTestStore();
    const { store } = handle;
    const now = store.now();
    const added = await addDemoDataIfEmpty(store, now);
    expect(added).toBe(demoTokens(now).length);
    expect(await addDemoDataIfEmpty(store, now)).toBe(0);
    const page = await store.list(tokenListQuerySchema.parse({ order: 'id', size: '100' }));
    for (const token of page.items) {
      const from = Math.floor(token.created_time / DAY) * DAY;
      const figures = await store.usage({ from, to: now + 1, bucket: 'day' }, token.id);
      expect(figures?.totals.quota, token.name).toBe(token.used_quota);
      if (token.used_quota > 0) expect(figures!.totals.prompt_tokens).toBeGreaterThan(0);
      const days = figures!.series.filter((point) => point.requests > 0).map((point) => point.time);
      if (token.accessed_time > token.created_time) {
        expect(Math.max(...days), token.name).toBe(Math.floor(token.accessed_time / DAY) * DAY);
      } else {
        expect(days, token.name).toEqual([]);
      }
    }
  });
});
