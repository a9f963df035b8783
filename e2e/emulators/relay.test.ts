import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmulatorHandle, StoredToken } from './gateway/types';
import { startNewApiEmulator } from './new-api';
import { startOneApiEmulator } from './one-api';
import { request, type CallOptions } from './testing';

const ACCESS = 'relay-access-token';

const gateways = [
  {
    label: 'one-api',
    start: () => startOneApiEmulator({ accessToken: ACCESS }),
    errorType: 'one_api_error',
    limitedTo: (models: string): Partial<StoredToken> => ({ models }),
    notAllowed: '该令牌无权使用模型：gpt-4o',
  },
  {
    label: 'new-api',
    start: () => startNewApiEmulator({ accessToken: ACCESS, userId: 1 }),
    errorType: 'new_api_error',
    limitedTo: (models: string): Partial<StoredToken> => ({
      model_limits_enabled: true,
      model_limits: models,
    }),
    notAllowed: '该令牌无权访问模型 gpt-4o',
  },
];

const ask = (content: string, extra: object = {}) => ({
  model: 'gpt-4o',
  messages: [{ role: 'user', content }],
  ...extra,
});

for (const gateway of gateways) {
  describe(`${gateway.label} emulator: the OpenAI relay`, () => {
    let emulator: EmulatorHandle;
    beforeAll(async () => {
      emulator = await gateway.start();
    });
    afterAll(() => emulator.close());
    beforeEach(() => emulator.reset());

    const call = (key: string, method: string, path: string, options: CallOptions = {}) =>
      request(emulator.url, method, path, { ...options, defaultAuth: `Bearer sk-${key}` });
    const stored = (id: number) => emulator.tokens().find((token) => token.id === id)!;

    it('lists the models a token may use', async () => {
      const [any, limited] = emulator.seed([
        { name: 'any', remain_quota: 1_000 },
        { name: 'limited', remain_quota: 1_000, ...gateway.limitedTo('gpt-4o-mini') },
      ]);
      const all = await call(any!.key, 'GET', '/v1/models');
      expect(all.status).toBe(200);
      expect((all.json.data as { id: string }[]).map((model) => model.id)).toEqual([
        'gpt-4o-mini',
        'gpt-4o',
      ]);
      const few = await call(limited!.key, 'GET', '/v1/models');
      expect((few.json.data as { id: string }[]).map((model) => model.id)).toEqual(['gpt-4o-mini']);
    });

    it('streams an echo word by word with usage, and charges the token before the end', async () => {
      const [token] = emulator.seed([{ name: 'bot', remain_quota: 10_000 }]);
      const answer = await call(token!.key, 'POST', '/v1/chat/completions', {
        body: ask('hello there', { stream: true, stream_options: { include_usage: true } }),
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/event-stream');
      const events = answer.text
        .split('\n\n')
        .filter(Boolean)
        .map((event) => event.replace(/^data: /, ''));
      expect(events.at(-1)).toBe('[DONE]');
      const chunks = events.slice(0, -1).map((data) => JSON.parse(data));
      const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
      expect(text).toBe('Echo: hello there');
      // 3 + (4 + 2 words) prompt tokens, 3 words out at 4 times the price, at gpt-4o's 1.25.
      expect(chunks.at(-1).usage).toEqual({
        prompt_tokens: 9,
        completion_tokens: 3,
        total_tokens: 12,
      });
      const quota = Math.ceil((9 + 3 * 4) * 1.25);
      expect(stored(token!.id)).toMatchObject({
        remain_quota: 10_000 - quota,
        used_quota: quota,
      });
    });

    it('refuses as the gateway does: unknown, disabled, used up, too little, model not allowed', async () => {
      const [off, empty, tiny, limited] = emulator.seed([
        { name: 'off', remain_quota: 10_000, status: 2 },
        { name: 'empty', remain_quota: 0 },
        { name: 'tiny', remain_quota: 5 },
        { name: 'limited', remain_quota: 10_000, ...gateway.limitedTo('gpt-4o-mini') },
      ]);
      const refusal = async (key: string, status: number) => {
        const answer = await call(key, 'POST', '/v1/chat/completions', { body: ask('hi') });
        expect(answer.status).toBe(status);
        const error = (answer.json as { error: { message: string; type: string } }).error;
        expect(error.type).toBe(gateway.errorType);
        return error.message;
      };
      expect(await refusal('x'.repeat(48), 401)).toMatch(/^无效的令牌/);
      expect(await refusal(off!.key, 401)).toMatch(/^该令牌状态不可用/);
      expect(await refusal(empty!.key, 401)).toMatch(/^该令牌额度已用尽/);
      expect(await refusal(tiny!.key, 403)).toMatch(/^令牌额度不足/);
      expect(await refusal(limited!.key, 403)).toContain(gateway.notAllowed);
      for (const token of [off, empty, tiny, limited]) {
        expect(stored(token!.id).used_quota).toBe(0);
      }
    });
  });
}
