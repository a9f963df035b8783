import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rotateResultSchema,
  verifyResultSchema,
  type VerifyResult,
} from '../../src/contract/verify';
import { snapshotStore, startTestService, type TestService } from '../test-support';

const NOW = 1_800_000_000;
let clock = NOW;
let service: TestService;
beforeAll(() => {
  service = startTestService({ clock: () => clock });
});
afterAll(async () => {
  await service.close();
});

async function verify(body: Record<string, unknown>): Promise<VerifyResult> {
  const response = await service.api('POST', '/api/token/verify', { json: body });
  expect(response.status, response.message).toBe(200);
  return verifyResultSchema.parse(response.data);
}

const tokenOf = async (id: number) =>
  (await service.api('GET', `/api/token/${id}`)).data as Record<string, number>;

describe('verify', () => {
  it('lets a key pass and charges it, with or without sk-, answering what is left', async () => {
    const token = await service.createToken({ name: 'Gateway key', remain_quota: 1000 });
    expect(await verify({ key: `sk-${token.key}`, cost: 300 })).toEqual({
      valid: true,
      code: 'VALID',
      token_id: token.id,
      name: 'Gateway key',
      remain_quota: 700,
      unlimited_quota: false,
      expired_time: -1,
      rate_limit: null,
    });
    expect((await verify({ key: ` ${token.key} `, cost: 700 })).remain_quota).toBe(0);
    const stored = await tokenOf(token.id);
    expect([stored.remain_quota, stored.used_quota, stored.status]).toEqual([0, 1000, 4]);
  });

  it('tells nothing of an unknown key', async () => {
    expect(await verify({ key: 'sk-no-such-key', cost: 5 })).toEqual({
      valid: false,
      code: 'NOT_FOUND',
      token_id: null,
      name: null,
      remain_quota: null,
      unlimited_quota: null,
      expired_time: null,
      rate_limit: null,
    });
  });

  it('checks in the contract order, and a refused verify charges nothing', async () => {
    const token = await service.createToken({
      name: 'Restricted',
      remain_quota: 100,
      models: 'gpt-4o, gpt-4o-mini',
      subnet: '10.0.0.0/8, 2001:db8::/32',
    });
    const ok = { key: token.key, model: 'gpt-4o-mini', ip: '10.1.2.3', cost: 1 };
    const code = async (body: Record<string, unknown>) => (await verify(body)).code;
    expect(await code({ ...ok, model: 'claude-3-5-sonnet' })).toBe('MODEL_NOT_ALLOWED');
    expect(await code({ ...ok, ip: '192.0.2.1' })).toBe('IP_NOT_ALLOWED');
    expect(await code({ ...ok, ip: undefined })).toBe('IP_NOT_ALLOWED');
    expect(await code({ ...ok, ip: '::ffff:10.9.9.9' })).toBe('VALID');
    expect(await code({ ...ok, ip: '2001:db8::1', model: undefined })).toBe('VALID');
    // The model is checked before the address.
    expect(await code({ ...ok, model: 'x', ip: '192.0.2.1' })).toBe('MODEL_NOT_ALLOWED');
    expect(await code({ ...ok, cost: 99 })).toBe('EXHAUSTED');
    expect((await tokenOf(token.id)).remain_quota).toBe(98);

    await service.api('PUT', '/api/token/', { json: { id: token.id, expired_time: NOW } });
    expect(await code({ ...ok, model: 'x' })).toBe('EXPIRED');
    await service.api('PUT', '/api/token/?status_only=true', { json: { id: token.id, status: 2 } });
    expect(await code({ ...ok, model: 'x' })).toBe('DISABLED');
    const after = await tokenOf(token.id);
    expect([after.remain_quota, after.used_quota]).toEqual([98, 2]);
  });

  it('refuses a limited token with nothing left even a free check, and never an unlimited one', async () => {
    const empty = await service.createToken({ name: 'Empty', remain_quota: 0 });
    expect((await verify({ key: empty.key })).code).toBe('EXHAUSTED');
    const open = await service.createToken({
      name: 'Open',
      remain_quota: 0,
      unlimited_quota: true,
    });
    const answer = await verify({ key: open.key, cost: 5_000 });
    expect([answer.code, answer.remain_quota, answer.unlimited_quota]).toEqual(['VALID', 0, true]);
    expect((await tokenOf(open.id)).used_quota).toBe(5_000);
  });

  it('never spends the same units twice: 100 verifies of 30 at once on 1,000 units', async () => {
    const token = await service.createToken({ name: 'Contended', remain_quota: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => verify({ key: token.key, cost: 30 })),
    );
    expect(answers.filter((answer) => answer.code === 'VALID')).toHaveLength(33);
    expect(answers.filter((answer) => answer.code === 'EXHAUSTED')).toHaveLength(67);
    const left = answers.filter((a) => a.valid).map((a) => a.remain_quota);
    expect(new Set(left).size).toBe(33);
    expect(Math.min(...(left as number[]))).toBe(10);
    const stored = await tokenOf(token.id);
    expect([stored.remain_quota, stored.used_quota]).toEqual([10, 990]);
  });

  it('refuses bad input with the field and the bound, storing and charging nothing', async () => {
    const token = await service.createToken({ name: 'Untouched', remain_quota: 50 });
    const before = await snapshotStore(service.store);
    const refusals: Array<[unknown, string]> = [
      [{}, 'key is required'],
      [{ key: '' }, 'key is required'],
      [{ key: 42 }, 'key must be a string'],
      [{ key: 'k'.repeat(201) }, 'key must be at most 200 characters'],
      [{ key: token.key, cost: -1 }, 'cost must be between 0 and'],
      [{ key: token.key, cost: 1.5 }, 'cost must be a whole number'],
      [{ key: token.key, cost: '5' }, 'cost must be a whole number'],
      [{ key: token.key, cost: 1e16 }, 'cost must be between 0 and'],
      [{ key: token.key, ip: 'localhost' }, 'ip must be an IPv4 or IPv6 address'],
      [{ key: token.key, model: 'm'.repeat(101) }, 'model must be at most 100 characters'],
      [[token.key], 'body must be a JSON object'],
    ];
    for (const [body, message] of refusals) {
      const response = await service.api('POST', '/api/token/verify', { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.message).toContain(message);
    }
    expect(await snapshotStore(service.store)).toEqual(before);
  });

  it('marks the token used: with a charge at once, without one within a second', async () => {
    const token = await service.createToken({ name: 'Used', remain_quota: 10 });
    clock = NOW + 100;
    await verify({ key: token.key, cost: 1 });
    expect((await tokenOf(token.id)).accessed_time).toBe(NOW + 100);
    clock = NOW + 200;
    await verify({ key: token.key });
    const started = Date.now();
    while ((await tokenOf(token.id)).accessed_time !== NOW + 200) {
      expect(Date.now() - started, 'written within the second').toBeLessThan(2_500);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    clock = NOW;
  });

  it('needs the admin key', async () => {
    const response = await service.api('POST', '/api/token/verify', {
      json: { key: 'x' },
      auth: false,
    });
    expect(response.status).toBe(401);
  });
});

describe('rotate', () => {
  const rotate = (id: number, body: unknown) =>
    service.api('POST', `/api/token/${id}/rotate`, { json: body });

  it('gives a new key; the old one verifies as the same token until its grace ends', async () => {
    clock = NOW;
    const token = await service.createToken({ name: 'Rotated', remain_quota: 100 });
    const answer = await rotate(token.id, { grace_seconds: 3600 });
    expect(answer.status).toBe(200);
    const { key, token: shown, previous_key_valid_until } = rotateResultSchema.parse(answer.data);
    expect(key).toMatch(/^[0-9A-Za-z]{48}$/);
    expect(key).not.toBe(token.key);
    expect(previous_key_valid_until).toBe(NOW + 3600);
    expect(shown).toMatchObject({
      id: token.id,
      key: `${key.slice(0, 4)}**********${key.slice(-4)}`,
    });
    expect((await service.api('POST', `/api/token/${token.id}/key`)).data).toEqual({ key });

    const both = [await verify({ key: token.key, cost: 1 }), await verify({ key, cost: 1 })];
    expect(both.map((a) => [a.code, a.token_id])).toEqual([
      ['VALID', token.id],
      ['VALID', token.id],
    ]);
    // A report with the old key settles on the same token during the grace period.
    const settled = await service.api('POST', '/api/token/usage', {
      json: { key: token.key, quota: 3 },
    });
    expect(settled.data).toMatchObject({ token_id: token.id, used_quota: 5 });
    // Search by key finds the current key only.
    expect((await service.list(`token=${token.key}`)).total).toBe(0);
    expect((await service.list(`token=${key}`)).total).toBe(1);

    clock = NOW + 3600;
    expect((await verify({ key: token.key })).code).toBe('NOT_FOUND');
    expect((await verify({ key })).code).toBe('VALID');
    clock = NOW;
  });

  it('ends the older key at once when rotated again, and the old key at once without grace', async () => {
    const token = await service.createToken({ name: 'Twice', remain_quota: 100 });
    const first = rotateResultSchema.parse((await rotate(token.id, { grace_seconds: 600 })).data);
    const second = rotateResultSchema.parse((await rotate(token.id, {})).data);
    expect(second.previous_key_valid_until).toBe(NOW);
    expect((await verify({ key: token.key })).code).toBe('NOT_FOUND');
    expect((await verify({ key: first.key })).code).toBe('NOT_FOUND');
    expect((await verify({ key: second.key })).code).toBe('VALID');
  });

  it('refuses a grace beyond 7 days or not a whole number, and an unknown token, changing nothing', async () => {
    const token = await service.createToken({ name: 'Kept', remain_quota: 1 });
    // The last-used times of the verifies before are written first: no change of this test's.
    await service.store.flushUsage();
    const before = await snapshotStore(service.store);
    for (const grace of [-1, 604_801, 1.5, '60', null]) {
      const answer = await rotate(token.id, { grace_seconds: grace });
      expect(answer.status, String(grace)).toBe(400);
      expect(answer.message).toContain('grace_seconds must be a whole number from 0 to 604800');
    }
    const missing = await rotate(999_999, {});
    expect([missing.status, missing.message]).toEqual([404, 'no token has id 999999']);
    expect(await snapshotStore(service.store)).toEqual(before);
  });
});
