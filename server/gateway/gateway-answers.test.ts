import { request } from 'node:http';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, UPSTREAM_KEY, type TestGateway } from './test-gateway';
import { PROMPT_TOKENS, WORDS } from './test-upstream';

// At 2 and 8 USD per 1M tokens and 500,000 units per USD, an input token is 1 unit and an
// output token 4: the test upstream's 11 prompt tokens and 5 words cost 11 + 20 = 31 units.
const OK_COST = PROMPT_TOKENS + 4 * WORDS.length;
const hi = [{ role: 'user' as const, content: 'Hi' }];

let gateway: TestGateway;
beforeEach(async () => {
  gateway = await startTestGateway();
});
afterEach(async () => {
  await gateway.close();
});

describe('answers through the gateway, as the openai SDK sees them', () => {
  it('answers a chat and charges the usage exactly, with the upstream’s own name and key', async () => {
    await gateway.model('small', 'ok');
    const token = await gateway.token();
    const answer = await gateway.client(token.key).chat.completions.create({
      model: 'small',
      messages: hi,
    });
    expect(answer.choices[0]?.message.content).toBe(WORDS.join(' '));
    expect(answer.usage?.total_tokens).toBe(PROMPT_TOKENS + WORDS.length);
    const after = await gateway.get(token.id);
    expect(after.used_quota).toBe(OK_COST);
    expect(after.remain_quota).toBe(1_000_000 - OK_COST);
    const [seen] = gateway.upstream.seen;
    expect(seen?.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    expect(seen?.body).toMatchObject({ model: 'ok', messages: hi });
  });

  it('answers with its request id and the headers every answer of the service carries', async () => {
    await gateway.model('small', 'ok');
    const token = await gateway.token();
    const { response } = await gateway
      .client(token.key)
      .chat.completions.create({ model: 'small', messages: hi })
      .withResponse();
    expect(response.headers.get('x-request-id')).toMatch(/^gw-[0-9a-f-]{36}$/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('reads a body sent in pieces without a declared length', async () => {
    await gateway.model('small', 'ok');
    const token = await gateway.token();
    const body = JSON.stringify({ model: 'small', messages: hi });
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const sent = request(
        `${gateway.url}/v1/chat/completions`,
        { method: 'POST', headers: { authorization: `Bearer sk-${token.key}` } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode, text }));
        },
      );
      sent.on('error', reject);
      sent.write(body.slice(0, 10));
      setTimeout(() => sent.end(body.slice(10)), 20);
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).choices[0].message.content).toBe(WORDS.join(' '));
    expect((await gateway.get(token.id)).used_quota).toBe(OK_COST);
  });

  it('sends nothing upstream and charges nothing for a client gone before its body ended', async () => {
    await gateway.model('small', 'ok');
    const token = await gateway.token();
    const sent = request(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}` },
    });
    sent.on('error', () => {});
    sent.write('{"model":"small","messages":');
    await new Promise((resolve) => setTimeout(resolve, 50));
    sent.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gateway.upstream.seen).toEqual([]);
    expect((await gateway.get(token.id)).used_quota).toBe(0);
  });

  it('streams a chat, asks the upstream for usage, and removes it for a client that did not ask', async () => {
    await gateway.model('small', 'ok');
    const token = await gateway.token();
    const stream = await gateway.client(token.key).chat.completions.create({
      model: 'small',
      messages: hi,
      stream: true,
    });
    let text = '';
    const usages: unknown[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usages.push(chunk.usage);
      expect(chunk.choices.length).toBeGreaterThan(0);
    }
    expect(text).toBe(WORDS.join(' '));
    expect(usages).toEqual([]);
    expect(gateway.upstream.seen[0]?.body.stream_options).toEqual({ include_usage: true });
    expect((await gateway.get(token.id)).used_quota).toBe(OK_COST);
  });

  it('passes the usage chunk on to a client that asked for it', async () => {
    await gateway.model('small', 'ok');
    const token = await gateway.token();
    const stream = await gateway.client(token.key).chat.completions.create({
      model: 'small',
      messages: hi,
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage;
    for await (const chunk of stream) usage = chunk.usage ?? usage;
    expect(usage).toMatchObject({ prompt_tokens: PROMPT_TOKENS, completion_tokens: 5 });
    expect((await gateway.get(token.id)).used_quota).toBe(OK_COST);
  });

  it('counts the prompt and the answer itself when the upstream sends no usage', async () => {
    await gateway.model('small', 'no-usage');
    const token = await gateway.token();
    const client = gateway.client(token.key);
    await client.chat.completions.create({ model: 'small', messages: hi });
    // The chat format's 3 tokens per answer and 4 per message, then the message's words.
    const input = 3 + 4 + countTokens('user\nHi');
    const output = countTokens(WORDS.join(' '));
    expect((await gateway.get(token.id)).used_quota).toBe(input + 4 * output);

    const stream = await client.chat.completions.create({
      model: 'small',
      messages: hi,
      stream: true,
    });
    for await (const _chunk of stream);
    expect((await gateway.get(token.id)).used_quota).toBe(2 * (input + 4 * output));
  });

  it('charges the last usage of an upstream that repeats it on every chunk, once', async () => {
    await gateway.model('small', 'repeat-usage');
    const token = await gateway.token();
    const stream = await gateway.client(token.key).chat.completions.create({
      model: 'small',
      messages: hi,
      stream: true,
    });
    for await (const _chunk of stream);
    expect((await gateway.get(token.id)).used_quota).toBe(OK_COST);
  });

  it('charges cached input at the cached price', async () => {
    await gateway.model('small', 'cached', { cached_input_price: 1 });
    const token = await gateway.token();
    await gateway.client(token.key).chat.completions.create({ model: 'small', messages: hi });
    // 7 fresh input tokens at 1 unit, 4 cached at 0.5, 5 output at 4: 29 units.
    expect((await gateway.get(token.id)).used_quota).toBe(7 + 2 + 20);
  });

  it('answers completions and embeddings, embeddings at the input price only', async () => {
    await gateway.model('small', 'ok');
    const token = await gateway.token();
    const client = gateway.client(token.key);
    const completion = await client.completions.create({ model: 'small', prompt: 'Say' });
    expect(completion.choices[0]?.text).toBe(WORDS.join(' '));
    const embedding = await client.embeddings.create({ model: 'small', input: 'text' });
    expect(embedding.data[0]?.embedding.map((value) => value.toFixed(3))).toEqual([
      '0.100',
      '0.200',
    ]);
    expect((await gateway.get(token.id)).used_quota).toBe(OK_COST + PROMPT_TOKENS);
    expect(gateway.upstream.seen.map((seen) => seen.path)).toEqual([
      '/v1/completions',
      '/v1/embeddings',
    ]);
  });

  it('lists only the enabled models the key may use', async () => {
    await gateway.model('small', 'ok');
    await gateway.model('large', 'ok');
    await gateway.model('retired', 'ok', { enabled: false });
    const everything = await gateway.token();
    const onlySmall = await gateway.token({ models: 'small,retired' });
    const names = async (key: string) =>
      (await gateway.client(key).models.list()).data.map((model) => model.id);
    expect(await names(everything.key)).toEqual(['large', 'small']);
    expect(await names(onlySmall.key)).toEqual(['small']);
    // Out of quota, a key still sees what it may use; switched off, it sees nothing.
    const spent = await gateway.token({ remain_quota: 0 });
    expect(await names(spent.key)).toEqual(['large', 'small']);
    const off = await gateway.token({ remain_quota: 10 });
    await gateway.admin('PUT', '/api/token/?status_only=true', { id: off.id, status: 2 });
    await expect(names(off.key)).rejects.toMatchObject({ status: 401 });
  });

  it("sends a limited key's request as it came when its quota pays for the whole answer", async () => {
    await gateway.model('small', 'fill');
    const token = await gateway.token();
    const client = gateway.client(token.key);
    const free = await client.chat.completions.create({ model: 'small', messages: hi });
    await client.chat.completions.create({
      model: 'small',
      messages: hi,
      max_completion_tokens: 50,
    });
    const [unbounded, bounded] = gateway.upstream.seen.map((seen) => seen.body);
    expect(unbounded).not.toHaveProperty('max_tokens');
    expect(unbounded).not.toHaveProperty('max_completion_tokens');
    // Nothing cut the answer short: all of the upstream's 200 words came.
    expect(free.usage?.completion_tokens).toBe(200);
    expect(bounded).toMatchObject({ max_completion_tokens: 50 });
    expect(bounded).not.toHaveProperty('max_tokens');
  });

  it('caps a request that asked for no limit at what a small budget pays for', async () => {
    await gateway.model('small', 'fill');
    // At 4 units an output token, 111 units pay for fewer than 28 beside the input's bound.
    const token = await gateway.token({ remain_quota: 111 });
    const answer = await gateway.client(token.key).chat.completions.create({
      model: 'small',
      messages: hi,
    });
    const cap = gateway.upstream.seen[0]?.body.max_tokens;
    expect(cap).toBeGreaterThan(0);
    expect(cap).toBeLessThan(28);
    expect(answer.usage?.completion_tokens).toBe(cap);
    expect((await gateway.get(token.id)).remain_quota).toBeGreaterThanOrEqual(0);
  });

  it('lowers each cap a client sent that asks for more than a small budget pays for', async () => {
    await gateway.model('small', 'fill');
    const token = await gateway.token({ remain_quota: 111 });
    await gateway.client(token.key).chat.completions.create({
      model: 'small',
      messages: hi,
      max_completion_tokens: 1_000,
      max_tokens: 10,
    });
    const sent = gateway.upstream.seen[0]?.body;
    expect(sent?.max_tokens).toBe(10);
    expect(sent?.max_completion_tokens).toBeGreaterThan(10);
    expect(sent?.max_completion_tokens).toBeLessThan(28);
  });

  it('lowers max_tokens to what a small budget pays for, and never spends more than it had', async () => {
    await gateway.model('small', 'fill');
    // 11 input units leave 100 units: 25 output tokens at 4 units each.
    const token = await gateway.token({ remain_quota: 111 });
    const answer = await gateway.client(token.key).chat.completions.create({
      model: 'small',
      messages: hi,
      max_tokens: 1_000,
    });
    expect(gateway.upstream.seen[0]?.body.max_tokens).toBeLessThanOrEqual(25);
    expect(answer.usage?.completion_tokens).toBeLessThanOrEqual(25);
    const after = await gateway.get(token.id);
    expect(after.remain_quota).toBeGreaterThanOrEqual(0);
    expect(after.used_quota).toBe(PROMPT_TOKENS + 4 * (answer.usage?.completion_tokens ?? 0));
  });
});
