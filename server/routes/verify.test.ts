import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyResultSchema, type VerifyResult } from '../../src/contract/verify';
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
