import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Model, ModelTest } from '../../src/contract/model';
import type { UsageFigures } from '../../src/contract/usage';
import { ECHO_BASE_URL } from '../gateway/echo-upstream';
import { modelTester, TEST_MAX_TOKENS, TEST_PROMPT } from '../gateway/model-test';
import { PROMPT_TOKENS, startTestUpstream, type TestUpstream } from '../gateway/test-upstream';
import { UpstreamPool } from '../gateway/upstream';
import type { GatewayModel } from '../store/ports/models';
import { snapshotStore, startTestService, type TestService } from '../test-support';

const UPSTREAM_KEY = 'sk-upstream-test-0123456789-SECRET-abcdef';

let service: TestService;
let upstream: TestUpstream;

beforeAll(async () => {
  service = startTestService();
  upstream = await startTestUpstream();
});
afterAll(async () => {
  await upstream.close();
  await service.close();
});

/** A model whose upstream is the test upstream, behaving as `behaviour` says. */
async function model(name: string, behaviour: string, fields: Record<string, unknown> = {}) {
  const created = await service.api('POST', '/api/model/', {
    json: {
      name,
      upstream_url: upstream.url,
      upstream_model: behaviour,
      upstream_key: UPSTREAM_KEY,
      input_price: 2,
      output_price: 8,
      ...fields,
    },
  });
  expect(created.status, created.message).toBe(200);
  return created.data as Model;
}

async function test(id: number): Promise<ModelTest> {
  const answer = await service.api('POST', `/api/model/${id}/test`);
  expect(answer.status, answer.message).toBe(200);
  return answer.data as ModelTest;
}

describe('testing a model', () => {
  it('sends one tiny chat completion upstream with its key, and says what came back', async () => {
    const made = await model('Tested', 'ok');
    const token = await service.createToken({ name: 'Bystander', remain_quota: 1_000 });
    const before = await snapshotStore(service.store);
    const result = await test(made.id);
    expect(result).toEqual({
      ok: true,
      status: 200,
      ms: expect.any(Number),
      prompt_tokens: PROMPT_TOKENS,
      completion_tokens: TEST_MAX_TOKENS,
      message: 'one two three four five',
    });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    const sent = upstream.seen.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    expect(sent.body).toEqual({
      model: 'ok',
      messages: [{ role: 'user', content: TEST_PROMPT }],
      max_tokens: TEST_MAX_TOKENS,
    });
    // Nothing charged, counted or recorded: the token and the figures are as they were.
    expect(await snapshotStore(service.store)).toEqual(before);
    await service.store.flushUsage();
    const usage = await service.api('GET', '/api/usage');
    expect((usage.data as UsageFigures).totals).toMatchObject({ requests: 0, quota: 0 });
    const after = await service.api('GET', `/api/token/${token.id}`);
    expect(after.data).toMatchObject({ used_quota: 0, remain_quota: 1_000 });
  });

  it('tests a model switched off too, and one whose upstream gives no usage', async () => {
    const quiet = await model('Quiet', 'no-usage', { enabled: false });
    expect(await test(quiet.id)).toMatchObject({
      ok: true,
      status: 200,
      prompt_tokens: null,
      completion_tokens: null,
      message: 'one two three four five',
    });
  });

  it('answers the built-in echo model without any network', async () => {
    const echo = await model('demo-echo-test', '', { upstream_url: ECHO_BASE_URL });
    expect(await test(echo.id)).toMatchObject({
      ok: true,
      status: 200,
      // The echo counts a message's words and four for its frame, and three for the request.
      prompt_tokens: 3 + 4 + 2,
      completion_tokens: 3,
      message: `Echo: ${TEST_PROMPT}`,
    });
  });

  it('says in words why an upstream refused, its key and address cut out', async () => {
    const refusals: Array<[string, number, RegExp]> = [
      ['status-401', 401, /refused the gateway's credentials.*check the model's upstream key/],
      ['status-400', 400, /^The upstream refused the request: Upstream says 400 to the key/],
      ['status-429', 429, /^The upstream is busy \(429\)/],
      ['status-500', 500, /^The upstream failed \(500\)/],
    ];
    for (const [behaviour, status, words] of refusals) {
      const made = await model(`Refusing ${behaviour}`, behaviour);
      const result = await test(made.id);
      expect(result, behaviour).toMatchObject({
        ok: false,
        status,
        prompt_tokens: null,
        completion_tokens: null,
      });
      expect(result.message, behaviour).toMatch(words);
      expect(result.message).not.toContain(UPSTREAM_KEY.slice(-4));
      expect(result.message).not.toContain(new URL(upstream.url).host);
    }
  });

  it('says an upstream that cuts the connection could not be reached, with no status', async () => {
    const made = await model('Cut', 'reset');
    expect(await test(made.id)).toMatchObject({
      ok: false,
      status: null,
      message: 'The upstream could not be reached.',
    });
  });

  it('says an answer that is not a chat completion is not one', async () => {
    // A web page where the API was meant: the address of a site rather than of its API.
    const site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Welcome</body></html>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = site.address() as AddressInfo;
      const made = await model('Web page', 'ok', { upstream_url: `http://127.0.0.1:${port}` });
      const result = await test(made.id);
      expect(result).toMatchObject({ ok: false, status: 200 });
      expect(result.message).toMatch(/^The upstream answered 200, but not with a chat completion/);
    } finally {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('is 404 for an unknown model, 400 for a bad id, and only for owners', async () => {
    const unknown = await service.api('POST', '/api/model/99999/test');
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('no model has id 99999');
    expect((await service.api('POST', '/api/model/x/test')).status).toBe(400);
    const operator = await service.api('POST', '/api/admin-key/', {
      json: { name: 'Operator', role: 'operator' },
    });
    const made = await model('Owners only', 'ok');
    const seen = upstream.seen.length;
    const refused = await service.api('POST', `/api/model/${made.id}/test`, {
      auth: `Bearer ${(operator.data as { key: string }).key}`,
    });
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/^an operator key may not manage models;/);
    expect(upstream.seen.length).toBe(seen);
  });
});

describe('a test’s wait', () => {
  it('ends when the upstream does not answer in time', async () => {
    const pool = new UpstreamPool(200);
    const silent: GatewayModel = {
      ...(await model('Silent', 'hang')),
      upstream_key: UPSTREAM_KEY,
    };
    const tester = modelTester(
      {
        models: async () => [silent],
        gatewayModel: async () => ({ model: silent, quotaPerUnit: 500_000 }),
      },
      pool,
      { firstByteMs: 200, idleMs: 200, totalMs: 400 },
    );
    try {
      const result = await tester(silent.id, new AbortController().signal);
      expect(result).toMatchObject({
        ok: false,
        status: null,
        message: 'The upstream did not answer in time.',
      });
      expect(result!.ms).toBeGreaterThanOrEqual(150);
      expect(result!.ms).toBeLessThan(5_000);
      expect(await tester(silent.id + 1, new AbortController().signal)).toBeNull();
    } finally {
      await pool.close();
    }
  });
});
