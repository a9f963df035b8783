import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway';

const hi = [{ role: 'user' as const, content: 'Hi' }];

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
  await gateway.model('small', 'ok');
  await gateway.model('retired', 'ok', { enabled: false });
});
afterAll(async () => {
  await gateway.close();
});

async function refusal(key: string, body: Record<string, unknown>, retries = 0) {
  try {
    await gateway
      .client(key, { maxRetries: retries })
      .chat.completions.create({ model: 'small', messages: hi, ...body } as never);
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('the request was not refused');
}

/** A raw request, to see statuses and headers as they are sent. */
async function raw(path: string, init: RequestInit & { key?: string } = {}) {
  const response = await fetch(`${gateway.url}${path}`, {
    method: 'POST',
    ...init,
    headers: {
      ...(init.key ? { Authorization: `Bearer ${init.key}` } : {}),
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('refusals, in OpenAI’s shapes and statuses', () => {
  it('refuses a missing, unknown, disabled or expired key with 401 invalid_api_key', async () => {
    const missing = await raw('/v1/chat/completions', { body: '{}' });
    expect([missing.status, missing.body.error.code]).toEqual([401, 'invalid_api_key']);
    const unknown = await refusal('sk-not-a-key-of-this-gateway', {});
    expect([unknown.status, unknown.code]).toEqual([401, 'invalid_api_key']);
    const disabled = await gateway.token();
    await gateway.admin('PUT', '/api/token/?status_only=true', { id: disabled.id, status: 2 });
    expect((await refusal(disabled.key, {})).message).toMatch(/disabled/);
    const expired = await gateway.token({ expired_time: 1_000_000 });
    expect((await refusal(expired.key, {})).message).toMatch(/expired/);
  });

  it('answers a model that does not exist, is off, or is not the key’s alike: 404 model_not_found', async () => {
    const token = await gateway.token({ models: 'small' });
    const open = await gateway.token();
    const answers = [
      await refusal(open.key, { model: 'no-such-model' }),
      await refusal(open.key, { model: 'retired' }),
      await refusal(token.key, { model: 'other' }),
    ];
    for (const answer of answers) {
      expect([answer.status, answer.code, answer.param]).toEqual([404, 'model_not_found', 'model']);
    }
    expect(answers[0]!.message.replace('no-such-model', 'X')).toBe(
      answers[2]!.message.replace('other', 'X'),
    );
  });

  it('refuses an address the key may not be used from with 403', async () => {
    const token = await gateway.token({ subnet: '10.0.0.0/8' });
    const answer = await refusal(token.key, {});
    expect([answer.status, answer.code]).toEqual([403, 'ip_not_allowed']);
  });

  it('says when to come back once the key’s requests per minute are spent', async () => {
    const token = await gateway.token({ rpm_limit: 1 });
    await gateway.client(token.key).chat.completions.create({ model: 'small', messages: hi });
    const limited = await raw('/v1/chat/completions', {
      key: token.key,
      body: JSON.stringify({ model: 'small', messages: hi }),
    });
    expect([limited.status, limited.body.error.code]).toEqual([429, 'rate_limit_exceeded']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-limit-requests')).toBe('1');
    expect(limited.headers.get('x-ratelimit-remaining-requests')).toBe('0');
  });

  it('refuses a budget that cannot pay with insufficient_quota, which the SDK does not retry', async () => {
    const token = await gateway.token({ remain_quota: 5 });
    const before = gateway.upstream.seen.length;
    let calls = 0;
    const client = new OpenAI({
      apiKey: token.key,
      baseURL: `${gateway.url}/v1`,
      maxRetries: 3,
      fetch: (input, init) => {
        calls += 1;
        return fetch(input, init);
      },
    });
    const answer = await client.chat.completions.create({ model: 'small', messages: hi }).then(
      () => {
        throw new Error('the request was not refused');
      },
      (error: unknown) => error as InstanceType<typeof OpenAI.APIError>,
    );
    expect([answer.status, answer.code]).toEqual([429, 'insufficient_quota']);
    expect(answer.headers?.get('x-should-retry')).toBe('false');
    expect(calls).toBe(1);
    expect(gateway.upstream.seen.length).toBe(before);
    expect((await gateway.get(token.id)).remain_quota).toBe(5);
  });

  it('refuses a body that is not JSON, or too large, with OpenAI’s invalid_request_error', async () => {
    const token = await gateway.token();
    const broken = await raw('/v1/chat/completions', { key: token.key, body: '{"model":' });
    expect([broken.status, broken.body.error.type]).toEqual([400, 'invalid_request_error']);
    const noModel = await raw('/v1/chat/completions', { key: token.key, body: '{}' });
    expect([noModel.status, noModel.body.error.param]).toEqual([400, 'model']);
    const huge = await raw('/v1/chat/completions', {
      key: token.key,
      body: JSON.stringify({
        model: 'small',
        messages: [{ role: 'user', content: 'x'.repeat(21 * 1024 * 1024) }],
      }),
    });
    expect(huge.status).toBe(413);
    expect((await gateway.get(token.id)).used_quota).toBe(0);
  });

  it('answers an unknown /v1 path with 404 in OpenAI’s shape', async () => {
    const answer = await raw('/v1/images/generations', { body: '{}' });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('unknown_url');
  });
});
