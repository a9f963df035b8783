import { describe, expect, it } from 'vitest';
import { relayStream, type RelayedStream } from './stream-relay';

const encoder = new TextEncoder();
const chunk = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const text = (content: string) =>
  chunk({ choices: [{ index: 0, delta: { content } }], usage: null });
const usage = { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 };

async function* upstream(parts: string[], failAfter = Infinity) {
  for (const [index, part] of parts.entries()) {
    if (index >= failAfter) throw new Error('upstream gone');
    yield encoder.encode(part);
  }
}

async function relay(parts: string[], removeUsage: boolean, failAfter?: number) {
  let ended: RelayedStream | undefined;
  let aborted = false;
  const stream = relayStream(upstream(parts, failAfter), {
    removeUsage,
    keepAliveMs: 60_000,
    onEnd: async (relayed) => {
      ended = relayed;
    },
    abortUpstream: () => (aborted = true),
    failureEvent: () => chunk({ error: { message: 'upstream failed' } }),
    scrub: (message) => message.replaceAll('sk-upstream-secret', '[redacted]'),
  });
  const out = await new Response(stream).text();
  return { out, ended: ended!, aborted };
}

describe('relayStream', () => {
  it('passes events as they came and notes the usage of a finished stream', async () => {
    const parts = [text('Hel'), text('lo'), chunk({ choices: [], usage }), 'data: [DONE]\n\n'];
    const { out, ended } = await relay(parts, false);
    expect(out).toBe(parts.join(''));
    expect(ended.end).toBe('done');
    expect(ended.usage).toEqual({ prompt_tokens: 7, completion_tokens: 2, cached_tokens: 0 });
    expect(await ended.delivered.tokens()).toBe(1);
  });

  it('removes the usage chunk the client did not ask for, and usage on other chunks', async () => {
    const withUsage = chunk({ choices: [{ index: 0, delta: { content: 'Hi' } }], usage });
    const { out, ended } = await relay(
      [withUsage, chunk({ choices: [], usage }), 'data: [DONE]\n\n'],
      true,
    );
    expect(out).toBe(
      `${chunk({ choices: [{ index: 0, delta: { content: 'Hi' } }] })}data: [DONE]\n\n`,
    );
    expect(ended.usage?.prompt_tokens).toBe(7);
  });

  it('keeps the last usage of an upstream that repeats it on every chunk', async () => {
    const parts = [1, 2, 3].map((n) =>
      chunk({ choices: [{ delta: { content: 'x' } }], usage: { ...usage, completion_tokens: n } }),
    );
    const { ended } = await relay(parts, false);
    expect(ended.end).toBe('ended');
    expect(ended.usage?.completion_tokens).toBe(3);
  });

  it('ends a stream whose upstream fails with an error event', async () => {
    const { out, ended } = await relay([text('a'), text('b'), text('c')], false, 2);
    expect(out).toBe(`${text('a')}${text('b')}${chunk({ error: { message: 'upstream failed' } })}`);
    expect(ended.end).toBe('upstream_failed');
    expect(ended.usage).toBeNull();
  });

  it("passes an upstream's own error event on without its key", async () => {
    const said = {
      error: { message: 'key sk-upstream-secret refused', code: 'bad_key sk-upstream-secret' },
    };
    const { out, ended } = await relay([text('a'), chunk(said), text('b')], false);
    expect(out).toBe(
      `${text('a')}${chunk({
        error: { message: 'key [redacted] refused', code: 'bad_key [redacted]' },
      })}${text('b')}`,
    );
    expect(out).not.toContain('secret');
    expect(ended.end).toBe('ended');
  });

  it('counts a chunk whose error is null as any other', async () => {
    const withNull = chunk({ choices: [{ index: 0, delta: { content: 'Hi' } }], error: null });
    const { out, ended } = await relay([withNull, 'data: [DONE]\n\n'], false);
    expect(out).toBe(`${withNull}data: [DONE]\n\n`);
    expect(await ended.delivered.tokens()).toBe(1);
  });

  it('aborts the upstream when the client goes away', async () => {
    let ended: RelayedStream | undefined;
    let aborted = false;
    const stream = relayStream(upstream([text('a'), text('b')]), {
      removeUsage: false,
      keepAliveMs: 60_000,
      onEnd: async (relayed) => {
        ended = relayed;
      },
      abortUpstream: () => (aborted = true),
      failureEvent: () => '',
      scrub: (message) => message,
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(aborted).toBe(true);
    expect(ended?.end).toBe('client_gone');
  });

  it('ends the stream only once its charge is settled', async () => {
    let settled = false;
    const stream = relayStream(upstream([text('a'), 'data: [DONE]\n\n']), {
      removeUsage: false,
      keepAliveMs: 60_000,
      onEnd: () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            settled = true;
            resolve();
          }, 50),
        ),
      abortUpstream: () => {},
      failureEvent: () => '',
      scrub: (message) => message,
    });
    await new Response(stream).text();
    expect(settled).toBe(true);
  });

  it('sends a comment while the upstream is silent', async () => {
    async function* slow() {
      yield encoder.encode(text('a'));
      await new Promise((resolve) => setTimeout(resolve, 80));
      yield encoder.encode('data: [DONE]\n\n');
    }
    const stream = relayStream(slow(), {
      removeUsage: false,
      keepAliveMs: 30,
      onEnd: async () => {},
      abortUpstream: () => {},
      failureEvent: () => '',
      scrub: (message) => message,
    });
    expect(await new Response(stream).text()).toContain(': keep-alive\n\n');
  });
});
