import { describe, expect, it } from 'vitest';
import { chatRefusalOf, retryAfterSeconds } from './chat-refusal';

const error = (message: string, code: string | null = null, type = 'invalid_request_error') =>
  JSON.stringify({ error: { message, type, param: null, code } });
const none = new Headers();

describe('chatRefusalOf', () => {
  it('classes this service’s refusals by their codes', () => {
    const cases: Array<[number, string, Headers, string]> = [
      [401, error('This API key has been disabled.', 'invalid_api_key'), none, 'key-disabled'],
      [401, error('This API key has expired.', 'invalid_api_key'), none, 'key-expired'],
      [401, error('Incorrect API key provided.', 'invalid_api_key'), none, 'key-unknown'],
      [404, error('The model "x" does not exist.', 'model_not_found'), none, 'model'],
      [403, error('Not from this address.', 'ip_not_allowed'), none, 'address'],
      [429, error('Too little quota.', 'insufficient_quota', 'insufficient_quota'), none, 'quota'],
      [502, error('The upstream failed.', 'upstream_error', 'upstream_error'), none, 'upstream'],
      [400, error('Bad max_tokens.', 'upstream_refused'), none, 'upstream'],
      [400, error('model is required.', 'invalid_request_error'), none, 'request'],
    ];
    for (const [status, body, headers, kind] of cases) {
      expect(chatRefusalOf(status, headers, body).kind, body).toBe(kind);
    }
  });

  it('reads how long to wait from Retry-After, and keeps the server’s words and code', () => {
    const refusal = chatRefusalOf(
      429,
      new Headers({ 'Retry-After': '12' }),
      error('Rate limit reached: 3 requests per minute.', 'rate_limit_exceeded', 'requests'),
    );
    expect(refusal).toMatchObject({
      kind: 'rate-limited',
      retryAfter: 12,
      status: 429,
      code: 'rate_limit_exceeded',
      message: 'Rate limit reached: 3 requests per minute.',
    });
  });

  it('classes one-api’s and new-api’s refusals by their words', () => {
    const gateway = (message: string, code = '') =>
      JSON.stringify({ error: { message, type: 'new_api_error', code } });
    expect(chatRefusalOf(401, none, gateway('该令牌额度已用尽 (request id: 1)')).kind).toBe(
      'quota',
    );
    expect(
      chatRefusalOf(403, none, gateway('令牌额度不足', 'pre_consume_token_quota_failed')).kind,
    ).toBe('quota');
    expect(chatRefusalOf(401, none, gateway('该令牌状态不可用')).kind).toBe('key-disabled');
    expect(chatRefusalOf(401, none, gateway('该令牌已过期')).kind).toBe('key-expired');
    expect(chatRefusalOf(401, none, gateway('无效的令牌')).kind).toBe('key-unknown');
    expect(chatRefusalOf(403, none, gateway('该令牌无权使用模型：gpt-4o')).kind).toBe('model');
    expect(chatRefusalOf(503, none, gateway('当前分组 default 下对于模型 x 无可用渠道')).kind).toBe(
      'model',
    );
    expect(chatRefusalOf(403, none, gateway('您的 IP 不在令牌允许访问的列表中')).kind).toBe(
      'address',
    );
  });

  it('says the status when the body says nothing, and classes a bare 429 as a rate limit', () => {
    const refusal = chatRefusalOf(429, new Headers({ 'Retry-After': '30' }), '');
    expect(refusal).toMatchObject({ kind: 'rate-limited', message: 'HTTP 429', retryAfter: 30 });
    expect(chatRefusalOf(500, none, '<html>oops</html>')).toMatchObject({
      kind: 'upstream',
      message: '<html>oops</html>',
    });
  });

  it('classes an error event sent midway as the upstream’s failure unless its code says more', () => {
    expect(chatRefusalOf(null, none, error('upstream gone', 'upstream_error')).kind).toBe(
      'upstream',
    );
    expect(chatRefusalOf(null, none, '{"error":{}}').message).toBe(
      'The answer ended with an error.',
    );
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds or a date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Wed, 01 Jan 2025 00:00:20 GMT', now)).toBe(20);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
