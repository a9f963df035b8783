import { inspect } from 'node:util';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestGateway, UPSTREAM_KEY, type TestGateway } from './test-gateway';

const hi = [{ role: 'user' as const, content: 'Hi' }];
const INPUT = 3 + 4 + countTokens('user\nHi');

let gateway: TestGateway;
afterEach(async () => {
  await gateway.close();
});

async function until(check: () => Promise<boolean> | boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function failureOf(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

/** What a streamed chat showed before it ended in an error, and the error the SDK raised. */
async function streamUntilFailure(key: string, model: string) {
  const stream = await gateway.client(key).chat.completions.create({
    model,
    messages: hi,
    stream: true,
  });
  let text = '';
  const error = await failureOf(
    (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })(),
  );
  return { text, error };
}

describe('streams cut short and upstreams that fail', () => {
  it('aborts the upstream when the client goes away, and charges what was delivered', async () => {
    gateway = await startTestGateway();
    await gateway.model('talker', 'slow');
    const token = await gateway.token();
    const stream = await gateway.client(token.key).chat.completions.create({
      model: 'talker',
      messages: hi,
      stream: true,
    });
    // Leaving the loop is how the SDK's caller stops a stream: it aborts the request.
    let words = 0;
    for await (const _chunk of stream) if (++words === 3) break;
    await until(() => gateway.upstream.aborted() === 1);
    // The upstream was stopped early: far fewer than its 100 words were charged.
    await until(async () => (await gateway.get(token.id)).used_quota > 0);
    const used = (await gateway.get(token.id)).used_quota;
    expect(used).toBeGreaterThanOrEqual(INPUT + 4 * countTokens('w0 w1 w2'));
    expect(used).toBeLessThan(INPUT + 4 * 40);
  });

  it('charges nothing when the upstream fails before its first byte', async () => {
    gateway = await startTestGateway();
    await gateway.model('broken', 'reset');
    await gateway.model('failing', 'status-500');
    const token = await gateway.token();
    const client = gateway.client(token.key);
    const reset = await failureOf(
      client.chat.completions.create({ model: 'broken', messages: hi }),
    );
    expect(reset.status).toBe(502);
    expect(reset.code).toBe('upstream_error');
    const failing = await failureOf(
      client.chat.completions.create({ model: 'failing', messages: hi, stream: true }),
    );
    expect(failing.status).toBe(502);
    const after = await gateway.get(token.id);
    expect(after.used_quota).toBe(0);
    expect(after.remain_quota).toBe(1_000_000);
  });

  it('ends a stream whose upstream fails midway with an error, and charges what came', async () => {
    gateway = await startTestGateway();
    await gateway.model('flaky', 'fail-after');
    const token = await gateway.token();
    const { text, error } = await streamUntilFailure(token.key, 'flaky');
    expect(text).toBe('one two');
    expect(error.message).toMatch(/upstream/i);
    await until(async () => (await gateway.get(token.id)).used_quota > 0);
    expect((await gateway.get(token.id)).used_quota).toBe(INPUT + 4 * countTokens('one two'));
  });

  it("passes an upstream's error event on without its key or address, and charges what came", async () => {
    gateway = await startTestGateway();
    await gateway.model('limited', 'error-after');
    const token = await gateway.token();
    const { text, error } = await streamUntilFailure(token.key, 'limited');
    expect(text).toBe('one two');
    expect(error.message).toBe('The key [redacted] is over its limit at http://the upstream');
    const upstreamHost = new URL(gateway.upstream.url).host;
    for (const trace of [UPSTREAM_KEY, UPSTREAM_KEY.slice(0, 8), upstreamHost]) {
      expect(error.message).not.toContain(trace);
    }
    await until(async () => (await gateway.get(token.id)).used_quota > 0);
    expect((await gateway.get(token.id)).used_quota).toBe(INPUT + 4 * countTokens('one two'));
  });

  it('names an unreachable upstream 502 and one that does not answer in time 504, charging nothing', async () => {
    gateway = await startTestGateway({
      timeouts: { firstByteMs: 300, idleMs: 300, totalMs: 5_000 },
    });
    await gateway.model('gone', 'ok', { upstream_url: 'http://127.0.0.1:9/v1' });
    await gateway.model('silent', 'hang');
    await gateway.model('stalled', 'stall');
    const token = await gateway.token();
    const client = gateway.client(token.key);
    const gone = await failureOf(client.chat.completions.create({ model: 'gone', messages: hi }));
    expect([gone.status, gone.code]).toEqual([502, 'upstream_error']);
    expect(gone.message).not.toContain('127.0.0.1');
    const silent = await failureOf(
      client.chat.completions.create({ model: 'silent', messages: hi }),
    );
    expect([silent.status, silent.code]).toEqual([504, 'upstream_error']);
    expect((await gateway.get(token.id)).used_quota).toBe(0);

    // Silence after the first piece ends the stream with an error; what came is charged.
    const stream = await client.chat.completions.create({
      model: 'stalled',
      messages: hi,
      stream: true,
    });
    await expect(async () => {
      for await (const _chunk of stream);
    }).rejects.toThrow();
    await until(async () => (await gateway.get(token.id)).used_quota > 0);
    expect((await gateway.get(token.id)).used_quota).toBe(INPUT + 4 * countTokens('one'));
  });

  it('passes an upstream’s refusal of the request on, and never its key or address', async () => {
    gateway = await startTestGateway();
    await gateway.model('picky', 'status-400');
    await gateway.model('misconfigured', 'status-401');
    const token = await gateway.token();
    const client = gateway.client(token.key);
    const picky = await failureOf(client.chat.completions.create({ model: 'picky', messages: hi }));
    expect(picky.status).toBe(400);
    expect(picky.message).toContain('Upstream says 400');
    const wrongKey = await failureOf(
      client.chat.completions.create({ model: 'misconfigured', messages: hi }),
    );
    expect(wrongKey.status).toBe(502);
    expect(wrongKey.message).toMatch(/upstream key/);
    for (const error of [picky, wrongKey]) {
      const said = JSON.stringify(error.error) + error.message;
      expect(said).not.toContain(UPSTREAM_KEY);
      expect(said).not.toContain(UPSTREAM_KEY.slice(-4));
      expect(said).not.toContain('127.0.0.1');
    }
    expect((await gateway.get(token.id)).used_quota).toBe(0);
    await until(() => gateway.answers.length > 0);
    expect(gateway.answers.join('\n')).not.toContain(UPSTREAM_KEY);
  });

  it('writes the upstream key in no log line, whatever fails', async () => {
    const logged: unknown[] = [];
    for (const method of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => logged.push(args));
    }
    try {
      gateway = await startTestGateway({
        timeouts: { firstByteMs: 300, idleMs: 300, totalMs: 5_000 },
      });
      await gateway.model('misconfigured', 'status-401');
      await gateway.model('failing', 'status-500');
      await gateway.model('flaky', 'fail-after');
      await gateway.model('gone', 'ok', { upstream_url: 'http://127.0.0.1:9/v1' });
      const token = await gateway.token();
      const client = gateway.client(token.key);
      for (const model of ['misconfigured', 'failing', 'flaky', 'gone']) {
        const stream = client.chat.completions.create({ model, messages: hi, stream: true });
        await (async () => {
          for await (const _chunk of await stream);
        })().catch(() => {});
      }
      const text = logged.map((args) => inspect(args, { depth: 6 })).join('\n');
      expect(text).not.toContain(UPSTREAM_KEY);
      expect(text).not.toContain(UPSTREAM_KEY.slice(-8));
    } finally {
      vi.restoreAllMocks();
    }
  });
});
