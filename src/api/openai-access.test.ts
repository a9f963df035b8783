import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityLog } from './activity';
import { ChatRefusal } from './chat-refusal';
import type { CallRecord } from './client';
import { createOpenAiAccess, type ChatEvent } from './openai-access';

const KEY = 'AbCd0123456789012345678901234567890123456789WxYz';
const BASE = 'http://gw.test';
const encoder = new TextEncoder();
const chunk = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const piece = (content: string) => chunk({ choices: [{ index: 0, delta: { content } }] });
const USAGE = { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 };
const ANSWER = `${piece('Echo:')}${piece(' 你好')}: keep-alive\n\n${piece(' 👋')}${chunk({ choices: [], usage: USAGE })}data: [DONE]\n\n`;

/**
 * A streamed answer whose bytes arrive in pieces cut at `size` bytes, odd places included. With
 * `signal`, the server goes quiet after the first event, and the body fails as fetch's does once
 * the signal aborts.
 */
function streamed(text: string, size: number, signal?: AbortSignal): Response {
  const bytes = encoder.encode(text);
  const quietFrom = signal
    ? encoder.encode(text.slice(0, text.indexOf('\n\n') + 2)).length
    : Infinity;
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= bytes.length) return controller.close();
      if (at >= quietFrom) {
        await new Promise((resolve) => signal!.addEventListener('abort', resolve, { once: true }));
        return controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      }
      controller.enqueue(bytes.slice(at, Math.min(at + size, quietFrom)));
      at = Math.min(at + size, quietFrom);
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

function serve(answer: (url: string, init: RequestInit) => Response) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    init.signal?.throwIfAborted();
    return answer(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function access() {
  const calls: CallRecord[] = [];
  return {
    calls,
    openAi: createOpenAiAccess(
      { baseUrl: BASE },
      {
        onCall: (call) => {
          calls.push(call);
          activityLog.add(call);
        },
      },
    ),
  };
}

async function collect(events: AsyncIterable<ChatEvent>) {
  const seen: ChatEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

const hi = { model: 'demo-echo', messages: [{ role: 'user' as const, content: 'hi' }] };

afterEach(() => {
  vi.unstubAllGlobals();
  activityLog.clear();
});

describe('a streamed chat', () => {
  it('gives each piece as it comes and the usage, however the bytes are cut', async () => {
    for (const size of [1, 2, 3, 7, 64]) {
      serve(() => streamed(ANSWER, size));
      const events = await collect(
        access().openAi.streamChat(KEY, hi, new AbortController().signal),
      );
      expect(events).toEqual([
        { text: 'Echo:' },
        { text: ' 你好' },
        { text: ' 👋' },
        { usage: { prompt_tokens: 9, completion_tokens: 3 } },
      ]);
    }
  });

  it('sends the key as a bearer, the conversation, and asks for the usage', async () => {
    const fetch = serve(() => streamed(ANSWER, 64));
    await collect(access().openAi.streamChat(`sk-${KEY}`, hi, new AbortController().signal));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${BASE}/v1/chat/completions`);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(new Headers(init.headers).get('authorization')).toBe(`Bearer sk-${KEY}`);
    expect(JSON.parse(init.body as string)).toEqual({
      ...hi,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('keeps the key out of the activity log, which marks the call as made with a token’s key', async () => {
    serve(() => streamed(ANSWER, 5));
    const { calls, openAi } = access();
    await collect(openAi.streamChat(KEY, hi, new AbortController().signal));
    expect(calls).toMatchObject([{ method: 'POST', status: 200, ok: true, tokenKey: true }]);
    const kept = JSON.stringify(activityLog.get());
    expect(kept).not.toContain(KEY.slice(4, -4));
    expect(kept).toContain('demo-echo');
  });

  it('turns a refusal into what the client would be told, Retry-After included', async () => {
    serve(
      () =>
        new Response(
          JSON.stringify({
            error: {
              message: 'Rate limit reached.',
              type: 'requests',
              code: 'rate_limit_exceeded',
            },
          }),
          { status: 429, headers: { 'Retry-After': '12' } },
        ),
    );
    const { calls, openAi } = access();
    const refused = await collect(openAi.streamChat(KEY, hi, new AbortController().signal)).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ChatRefusal);
    expect(refused).toMatchObject({ kind: 'rate-limited', retryAfter: 12, status: 429 });
    expect(calls).toMatchObject([{ status: 429, ok: false, outcome: 'Rate limit reached.' }]);
  });

  it('ends with the error event an upstream failing midway sends, after what came', async () => {
    const failing = `${piece('Half')}${chunk({ error: { message: 'upstream gone', type: 'upstream_error', code: 'upstream_error' } })}`;
    serve(() => streamed(failing, 4));
    const seen: ChatEvent[] = [];
    const ended = await (async () => {
      for await (const event of access().openAi.streamChat(KEY, hi, new AbortController().signal)) {
        seen.push(event);
      }
    })().catch((error: unknown) => error);
    expect(seen).toEqual([{ text: 'Half' }]);
    expect(ended).toMatchObject({ kind: 'upstream', message: 'upstream gone' });
  });

  it('stops when aborted, keeping what came, and logs the call as stopped', async () => {
    serve((_url, init) => streamed(ANSWER, 16, init.signal!));
    const stop = new AbortController();
    const { calls, openAi } = access();
    const seen: ChatEvent[] = [];
    const ended = await (async () => {
      for await (const event of openAi.streamChat(KEY, hi, stop.signal)) {
        seen.push(event);
        stop.abort();
      }
    })().catch((error: unknown) => error);
    expect(seen).toEqual([{ text: 'Echo:' }]);
    expect(ended).toMatchObject({ name: 'AbortError' });
    expect(calls).toMatchObject([{ ok: false, outcome: 'Stopped' }]);
  });
});

describe('the models of a key', () => {
  it('lists them from /v1/models, and says so when the server cannot be reached', async () => {
    serve(() => Response.json({ object: 'list', data: [{ id: 'demo-echo' }, { id: 'gpt-4o' }] }));
    const { openAi, calls } = access();
    expect(await openAi.listModels(KEY, new AbortController().signal)).toEqual([
      'demo-echo',
      'gpt-4o',
    ]);
    expect(calls).toMatchObject([{ method: 'GET', url: `${BASE}/v1/models`, tokenKey: true }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(openAi.listModels(KEY, new AbortController().signal)).rejects.toMatchObject({
      kind: 'network',
      message: expect.stringContaining('Cannot reach the server at gw.test'),
    });
  });
});
