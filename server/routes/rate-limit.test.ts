import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Token } from '../../src/contract/token';
import { usageFiguresSchema } from '../../src/contract/usage';
import { verifyResultSchema, type VerifyResult } from '../../src/contract/verify';
import { startTestService, type TestService } from '../test-support';

/** 10 seconds into a minute. */
const START = 1_800_000_010;
const WINDOW_END = 1_800_000_060;
let clock = START;
let service: TestService;
beforeAll(() => {
  service = startTestService({ clock: () => clock });
});
afterAll(async () => {
  await service.close();
});
beforeEach(() => {
  clock = START;
});

async function verify(body: Record<string, unknown>): Promise<VerifyResult> {
  const response = await service.api('POST', '/api/token/verify', { json: body });
  expect(response.status, response.message).toBe(200);
  return verifyResultSchema.parse(response.data);
}

const read = async (id: number) => (await service.api('GET', `/api/token/${id}`)).data as Token;

describe('requests per minute', () => {
  it('let that many verifies pass each minute, then RATE_LIMITED charging nothing, until the next minute', async () => {
    const token = await service.createToken({
      name: 'Three a minute',
      remain_quota: 100,
      rpm_limit: 3,
    });
    expect(token.rpm_limit).toBe(3);
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(await verify({ key: token.key, cost: i === 1 ? 0 : 10 }));
    expect(answers.map((answer) => [answer.code, answer.rate_limit])).toEqual([
      ['VALID', { limit: 3, remaining: 2, reset_time: WINDOW_END }],
      ['VALID', { limit: 3, remaining: 1, reset_time: WINDOW_END }],
      ['VALID', { limit: 3, remaining: 0, reset_time: WINDOW_END }],
    ]);
    clock = WINDOW_END - 1;
    expect(await verify({ key: token.key, cost: 10 })).toMatchObject({
      valid: false,
      code: 'RATE_LIMITED',
      token_id: token.id,
      remain_quota: 80,
      rate_limit: { limit: 3, remaining: 0, reset_time: WINDOW_END },
    });
    expect(await read(token.id)).toMatchObject({ remain_quota: 80, used_quota: 20 });

    clock = WINDOW_END;
    expect(await verify({ key: token.key, cost: 10 })).toMatchObject({
      code: 'VALID',
      remain_quota: 70,
      rate_limit: { limit: 3, remaining: 2, reset_time: WINDOW_END + 60 },
    });
  });

  it('come after the access checks and before the quota; only VALID verifies count', async () => {
    const token = await service.createToken({
      name: 'One a minute',
      remain_quota: 0,
      rpm_limit: 1,
      models: 'gpt-4o',
    });
    // Denied before the limit is reached: no window in the answer, and nothing counted.
    expect(await verify({ key: token.key, model: 'o3' })).toMatchObject({
      code: 'MODEL_NOT_ALLOWED',
      rate_limit: null,
    });
    // Exhausted: the window is shown, still whole.
    expect(await verify({ key: token.key })).toMatchObject({
      code: 'EXHAUSTED',
      rate_limit: { limit: 1, remaining: 1, reset_time: WINDOW_END },
    });
    await service.api('PUT', '/api/token/', { json: { id: token.id, remain_quota: 5 } });
    expect((await verify({ key: token.key, cost: 5 })).code).toBe('VALID');
    await service.api('PUT', '/api/token/', { json: { id: token.id, remain_quota: 0 } });
    // Limited and exhausted at once: the limit is checked first.
    expect((await verify({ key: token.key })).code).toBe('RATE_LIMITED');
  });

  it('hold when many verifies arrive at once: exactly the limit pass', async () => {
    const token = await service.createToken({ name: 'Crowded', remain_quota: 1000, rpm_limit: 5 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => verify({ key: token.key, cost: 1 })),
    );
    expect(answers.filter((answer) => answer.code === 'VALID')).toHaveLength(5);
    expect(answers.filter((answer) => answer.code === 'RATE_LIMITED')).toHaveLength(35);
    const remaining = answers.filter((a) => a.valid).map((a) => a.rate_limit?.remaining);
    expect(remaining.sort()).toEqual([0, 1, 2, 3, 4]);
    expect((await read(token.id)).remain_quota).toBe(995);
  });

  it('can be changed or lifted by an update, and are counted in the usage figures by code', async () => {
    const token = await service.createToken({
      name: 'Lifted',
      unlimited_quota: true,
      rpm_limit: 1,
    });
    await verify({ key: token.key });
    expect((await verify({ key: token.key })).code).toBe('RATE_LIMITED');
    await service.api('PUT', '/api/token/', { json: { id: token.id, rpm_limit: 2 } });
    expect(await verify({ key: token.key })).toMatchObject({
      code: 'VALID',
      rate_limit: { limit: 2, remaining: 0 },
    });
    await service.api('PUT', '/api/token/', { json: { id: token.id, rpm_limit: 0 } });
    expect(await verify({ key: token.key })).toMatchObject({ code: 'VALID', rate_limit: null });

    const figures = usageFiguresSchema.parse(
      (
        await service.api(
          'GET',
          `/api/token/${token.id}/usage?from=${START - 3600}&to=${START + 60}`,
        )
      ).data,
    );
    expect(figures.totals).toMatchObject({
      requests: 3,
      denied: 1,
      denied_by_code: { RATE_LIMITED: 1 },
    });
  });
});
