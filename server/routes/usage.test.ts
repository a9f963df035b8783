import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  usageFiguresSchema,
  usageReportResultSchema,
  type UsageFigures,
} from '../../src/contract/usage';
import { snapshotStore, startTestService, type TestService } from '../test-support';

const HOUR = 3_600;
const DAY = 86_400;
/** A whole UTC day's start. */
const DAY_START = 1_799_971_200;
let clock = DAY_START + 10 * HOUR;
let service: TestService;
beforeAll(() => {
  service = startTestService({ clock: () => clock });
});
afterAll(async () => {
  await service.close();
});

async function report(body: Record<string, unknown>) {
  const response = await service.api('POST', '/api/token/usage', { json: body });
  expect(response.status, response.message).toBe(200);
  return usageReportResultSchema.parse(response.data);
}

async function figures(path: string): Promise<UsageFigures> {
  const response = await service.api('GET', path);
  expect(response.status, response.message).toBe(200);
  return usageFiguresSchema.parse(response.data);
}

const verify = (body: Record<string, unknown>) =>
  service.api('POST', '/api/token/verify', { json: body });

describe('usage reports', () => {
  it('settle what a request cost, by key or by id, the units left stopping at 0', async () => {
    const token = await service.createToken({ name: 'Settled', remain_quota: 100 });
    expect(await report({ key: `sk-${token.key}`, quota: 60 })).toEqual({
      token_id: token.id,
      charged: 60,
      held: 0,
      remain_quota: 40,
      used_quota: 60,
      duplicate: false,
    });
    expect(await report({ token_id: token.id, quota: 70 })).toMatchObject({
      charged: 70,
      remain_quota: 0,
      used_quota: 130,
    });
    // Disabled afterwards, a request let through before still settles.
    await service.api('PUT', '/api/token/?status_only=true', { json: { id: token.id, status: 2 } });
    expect(await report({ token_id: token.id, quota: 5 })).toMatchObject({ used_quota: 135 });
    const open = await service.createToken({
      name: 'Open',
      remain_quota: 7,
      unlimited_quota: true,
    });
    expect(await report({ token_id: open.id, quota: 9 })).toMatchObject({
      remain_quota: 7,
      used_quota: 9,
    });
  });

  it('count a request_id once per token within 24 hours', async () => {
    const token = await service.createToken({ name: 'Retried', remain_quota: 1_000 });
    const other = await service.createToken({ name: 'Other', remain_quota: 1_000 });
    const first = await report({ token_id: token.id, quota: 100, request_id: 'req-1' });
    expect(first).toMatchObject({ charged: 100, duplicate: false, remain_quota: 900 });
    const again = await Promise.all(
      Array.from({ length: 10 }, () => report({ key: token.key, quota: 100, request_id: 'req-1' })),
    );
    for (const answer of again) {
      expect(answer).toEqual({
        token_id: token.id,
        charged: 0,
        held: 0,
        remain_quota: 900,
        used_quota: 100,
        duplicate: true,
      });
    }
    // Another token's request with the same id is another request.
    expect(await report({ token_id: other.id, quota: 1, request_id: 'req-1' })).toMatchObject({
      duplicate: false,
    });
    clock += DAY - 1;
    expect((await report({ token_id: token.id, quota: 100, request_id: 'req-1' })).duplicate).toBe(
      true,
    );
    clock += 1;
    expect(await report({ token_id: token.id, quota: 100, request_id: 'req-1' })).toMatchObject({
      duplicate: false,
      used_quota: 200,
    });
    clock = DAY_START + 10 * HOUR;
  });

  it('settle the hold a verify of the same request_id made: the cost charged, the rest given back', async () => {
    const token = await service.createToken({ name: 'Held', remain_quota: 1_000 });
    const held = await verify({ key: token.key, cost: 300, request_id: 'chat-1' });
    expect(held.data).toMatchObject({ code: 'VALID', remain_quota: 700 });
    // The same request verified again takes nothing more.
    expect((await verify({ key: token.key, cost: 300, request_id: 'chat-1' })).data).toMatchObject({
      code: 'VALID',
      remain_quota: 700,
    });
    expect(
      await report({ key: token.key, quota: 120, request_id: 'chat-1', prompt_tokens: 40 }),
    ).toEqual({
      token_id: token.id,
      charged: 120,
      held: 300,
      remain_quota: 880,
      used_quota: 120,
      duplicate: false,
    });
    expect(await report({ key: token.key, quota: 120, request_id: 'chat-1' })).toMatchObject({
      duplicate: true,
      used_quota: 120,
    });
  });

  it('answer 404 for an unknown key or id, and 400 for bad input, charging nothing', async () => {
    const token = await service.createToken({ name: 'Untouched', remain_quota: 50 });
    const before = await snapshotStore(service.store);
    const missing = await service.api('POST', '/api/token/usage', {
      json: { key: 'sk-unknown', quota: 1 },
    });
    expect([missing.status, missing.message]).toEqual([404, 'no token has this key']);
    const noId = await service.api('POST', '/api/token/usage', {
      json: { token_id: 999_999, quota: 1 },
    });
    expect([noId.status, noId.message]).toEqual([404, 'no token has id 999999']);
    const refusals: Array<[unknown, string]> = [
      [{ quota: 1 }, 'give exactly one of key and token_id'],
      [{ key: token.key, token_id: token.id, quota: 1 }, 'give exactly one of key and token_id'],
      [{ token_id: token.id }, 'quota must be a whole number'],
      [{ token_id: token.id, quota: -1 }, 'quota must be between 0 and'],
      [{ token_id: token.id, quota: 2.5 }, 'quota must be a whole number'],
      [
        { token_id: token.id, quota: 1, request_id: 'r'.repeat(129) },
        'request_id must be 1 to 128',
      ],
      [{ token_id: token.id, quota: 1, request_id: '' }, 'request_id must be 1 to 128'],
      [{ token_id: token.id, quota: 1, model: 'm'.repeat(101) }, 'model must be at most 100'],
      [{ token_id: 0, quota: 1 }, 'id must be a positive integer'],
    ];
    for (const [body, message] of refusals) {
      const response = await service.api('POST', '/api/token/usage', { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.message).toContain(message);
    }
    expect(await snapshotStore(service.store)).toEqual(before);
  });
});

describe('usage figures', () => {
  it("of a token: every bucket of the range, by model, and the totals with each denial's code", async () => {
    const token = await service.createToken({
      name: 'Metered',
      remain_quota: 10_000,
      models: 'a,b',
    });
    clock = DAY_START + 2 * HOUR + 5;
    await verify({ key: token.key, model: 'a', cost: 100 });
    await verify({ key: token.key, model: 'a', cost: 50 });
    await verify({ key: token.key, model: 'c', cost: 10 });
    clock = DAY_START + 4 * HOUR + 59 * 60;
    await verify({ key: token.key, model: 'b', cost: 300 });
    await verify({ key: token.key, cost: 0 });
    await report({
      token_id: token.id,
      quota: 25,
      model: 'b',
      prompt_tokens: 120,
      completion_tokens: 30,
    });
    clock = DAY_START + 10 * HOUR;

    const hourly = await figures(
      `/api/token/${token.id}/usage?from=${DAY_START + HOUR + 1800}&to=${DAY_START + 6 * HOUR}`,
    );
    expect(hourly).toMatchObject({ token_id: token.id, bucket: 'hour', from: DAY_START + HOUR });
    expect(hourly.series.map((point) => point.time)).toEqual(
      [1, 2, 3, 4, 5].map((h) => DAY_START + h * HOUR),
    );
    expect(hourly.series.map(({ requests, quota, denied }) => [requests, quota, denied])).toEqual([
      [0, 0, 0],
      [2, 150, 1],
      [0, 0, 0],
      [2, 325, 0],
      [0, 0, 0],
    ]);
    expect(hourly.series[3]).toMatchObject({ prompt_tokens: 120, completion_tokens: 30 });
    const noTokens = { prompt_tokens: 0, completion_tokens: 0 };
    expect(hourly.by_model).toEqual([
      { model: 'b', requests: 1, quota: 325, prompt_tokens: 120, completion_tokens: 30 },
      { model: 'a', requests: 2, quota: 150, ...noTokens },
      { model: '', requests: 1, quota: 0, ...noTokens },
    ]);
    expect(hourly.totals).toEqual({
      requests: 4,
      quota: 475,
      denied: 1,
      denied_by_code: { MODEL_NOT_ALLOWED: 1 },
      prompt_tokens: 120,
      completion_tokens: 30,
      unsettled: 0,
    });
    expect(hourly.top_tokens).toBeUndefined();

    const daily = await figures(`/api/token/${token.id}/usage?bucket=day`);
    expect(daily.bucket).toBe('day');
    expect(daily.series).toHaveLength(8);
    expect(daily.series.at(-1)).toEqual({
      time: DAY_START,
      requests: 4,
      quota: 475,
      denied: 1,
      prompt_tokens: 120,
      completion_tokens: 30,
    });
    expect(daily.to).toBe(clock);
  });

  it('of all tokens: unknown keys as NOT_FOUND, and the tokens that spent most', async () => {
    const before = await figures(`/api/usage?from=${DAY_START}&to=${DAY_START + DAY}`);
    const big = await service.createToken({ name: 'Big spender', remain_quota: 1_000_000 });
    const small = await service.createToken({ name: 'Small spender', remain_quota: 1_000_000 });
    await verify({ key: big.key, cost: 90_000 });
    await verify({ key: small.key, cost: 1 });
    await verify({ key: 'sk-nobody' });
    await verify({ key: 'sk-nobody-either' });
    const after = await figures(`/api/usage?from=${DAY_START}&to=${DAY_START + DAY}`);
    expect(after.token_id).toBeUndefined();
    expect(after.bucket).toBe('hour');
    expect(after.series).toHaveLength(24);
    expect(after.totals.requests - before.totals.requests).toBe(2);
    expect(after.totals.quota - before.totals.quota).toBe(90_001);
    expect(
      (after.totals.denied_by_code.NOT_FOUND ?? 0) - (before.totals.denied_by_code.NOT_FOUND ?? 0),
    ).toBe(2);
    expect(after.top_tokens?.[0]).toEqual({
      token_id: big.id,
      name: 'Big spender',
      requests: 1,
      quota: 90_000,
    });
    expect(after.top_tokens?.length).toBeLessThanOrEqual(10);
    const quotas = after.top_tokens!.map((top) => top.quota);
    expect(quotas).toEqual([...quotas].sort((a, b) => b - a));
  });

  it('refuse a range of more than 1,000 buckets or one that ends before it starts, and an unknown token', async () => {
    const wide = await service.api('GET', `/api/usage?from=0&to=${DAY_START}&bucket=hour`);
    expect(wide.status).toBe(400);
    expect(wide.message).toContain('at most 1000');
    expect(wide.message).toContain('or ask for bucket=day');
    // Days already: only a narrower range helps.
    const wideDays = await service.api('GET', `/api/usage?from=0&to=${DAY_START}&bucket=day`);
    expect(wideDays.status).toBe(400);
    expect(wideDays.message).toMatch(/day buckets; at most 1000: narrow from and to$/);
    const backwards = await service.api('GET', `/api/usage?from=${DAY_START}&to=${DAY_START}`);
    expect([backwards.status, backwards.message]).toEqual([400, 'from must be before to']);
    const bad = await service.api('GET', '/api/usage?bucket=week');
    expect([bad.status, bad.message]).toEqual([400, 'bucket must be hour or day']);
    const unknown = await service.api('GET', '/api/token/999999/usage');
    expect([unknown.status, unknown.message]).toEqual([404, 'no token has id 999999']);
    const noKey = await service.api('GET', '/api/usage', { auth: false });
    expect(noKey.status).toBe(401);
  });
});
