import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerKind } from '../client';
import { createBackend } from '../create-backend';
import { isApiError } from '../errors';

/** Every call gets the same answer: the server's refusal under test. */
function answerEveryCall(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

const backendOf = (kind: ServerKind) =>
  createBackend({ baseUrl: 'http://server.test', adminKey: 'k', kind });
const input = {
  name: 'n',
  remain_quota: 0,
  expired_time: -1,
  unlimited_quota: false,
  models: '',
  subnet: '',
  quota_reset_period: 'none' as const,
  quota_reset_amount: 0,
  rpm_limit: 0,
};

async function refusal(write: Promise<unknown>) {
  const error = await write.then(
    () => null,
    (failure: unknown) => failure,
  );
  if (!isApiError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { field: error.field, serverMessage: error.serverMessage };
}

describe('a refused write names the field it is about', () => {
  it('from this service’s 400, whose problems start with their field', async () => {
    answerEveryCall(400, { success: false, message: 'remain_quota must be a whole number' });
    expect(await refusal(backendOf('tokendesk').create(input))).toEqual({
      field: 'remain_quota',
      serverMessage: 'remain_quota must be a whole number',
    });
  });

  it('from the gateways’ own Chinese refusals, kept as they were sent', async () => {
    answerEveryCall(200, { success: false, message: '参数错误：令牌名称过长' });
    expect(await refusal(backendOf('one-api').create(input))).toEqual({
      field: 'name',
      serverMessage: '参数错误：令牌名称过长',
    });
    answerEveryCall(200, { success: false, message: '额度值不能为负数' });
    expect((await refusal(backendOf('new-api').create(input))).field).toBe('remain_quota');
    answerEveryCall(200, {
      success: false,
      message: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    });
    expect((await refusal(backendOf('one-api').setStatus(3, 1))).field).toBe('expired_time');
  });

  it('from nothing else: other refusals and failures name no field', async () => {
    answerEveryCall(404, { success: false, message: 'name 7 was not found' });
    expect((await refusal(backendOf('tokendesk').setStatus(7, 2))).field).toBeNull();
    answerEveryCall(200, { success: false, message: '无权进行此操作，权限不足' });
    expect((await refusal(backendOf('one-api').create(input))).field).toBeNull();
    answerEveryCall(200, { success: false, message: 'name must be 1 to 50 characters' });
    expect((await refusal(backendOf('new-api').create(input))).field).toBeNull();
  });
});
