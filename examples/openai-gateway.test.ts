import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenSchema, type Token } from '../src/contract/token';
import { usageFiguresSchema } from '../src/contract/usage';
import { killLaunched, launchService, type RunningService } from '../server/test-process';
import { makeTempDir } from '../server/test-support';

/**
 * The example gateway with its echo model, in front of the real service, as
 * docs/verify-and-charge.md runs it.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_KEY = 'example-gateway-admin-key';
const auth = { Authorization: `Bearer ${ADMIN_KEY}` };

let root: string;
let service: RunningService;
let gateway: ChildProcessWithoutNullStreams;
let gatewayUrl: string;

beforeAll(async () => {
  root = makeTempDir('tokendesk-gateway-');
  service = await launchService({ DATA_DIR: join(root, 'data'), ADMIN_KEY }).listening;
  gateway = spawn(
    process.execPath,
    ['--import', 'tsx', 'examples/openai-gateway.ts', '--fake', '--port', '0'],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', TOKENDESK_URL: service.url, TOKENDESK_KEY: ADMIN_KEY },
    },
  );
  gatewayUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    gateway.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    gateway.on('exit', (code) => reject(new Error(`the gateway exited with ${code}: ${out}`)));
  });
}, 30_000);

afterAll(() => {
  gateway?.kill('SIGTERM');
  killLaunched();
  rmSync(root, { recursive: true, force: true });
});

async function createToken(body: Record<string, unknown>): Promise<Token> {
  const response = await fetch(`${service.url}/api/token/`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return tokenSchema.parse(((await response.json()) as { data: unknown }).data);
}

async function tokenOf(id: number): Promise<Token> {
  const response = await fetch(`${service.url}/api/token/${id}`, { headers: auth });
  return tokenSchema.parse(((await response.json()) as { data: unknown }).data);
}

const chat = (key: string, model = 'gpt-4o-mini') =>
  fetch(`${gatewayUrl}/chat/completions`, {
    method: 'POST',
    headers: { Authorization: `Bearer sk-${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello, gateway' }] }),
  });

describe('the example gateway', () => {
  it('answers a chat completion for a token, and its cost shows in the token and its usage', async () => {
    const token = await createToken({ name: 'Tried with curl', remain_quota: 1_000_000 });
    const response = await chat(token.key);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      choices: Array<{ message: { content: string } }>;
      usage: { total_tokens: number };
    };
    expect(answer.choices[0]!.message.content).toBe('You said: Hello, gateway');
    const cost = answer.usage.total_tokens;
    expect(cost).toBeGreaterThan(0);
    // The report is sent after the answer: wait for it.
    let stored = await tokenOf(token.id);
    for (let i = 0; stored.used_quota === 0 && i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      stored = await tokenOf(token.id);
    }
    expect([stored.used_quota, stored.remain_quota]).toEqual([cost, 1_000_000 - cost]);
    const usage = await fetch(`${service.url}/api/token/${token.id}/usage`, { headers: auth });
    const figures = usageFiguresSchema.parse(((await usage.json()) as { data: unknown }).data);
    expect(figures.totals).toMatchObject({ requests: 1, quota: cost, denied: 0 });
    expect(figures.by_model).toEqual([{ model: 'gpt-4o-mini', requests: 1, quota: cost }]);
  });

  it('refuses as OpenAI does: 429 with no quota left, 401 for a disabled or unknown key, 403 for a model not allowed', async () => {
    const empty = await createToken({ name: 'Empty', remain_quota: 0 });
    const exhausted = await chat(empty.key);
    expect(exhausted.status).toBe(429);
    expect(await exhausted.json()).toMatchObject({ error: { code: 'insufficient_quota' } });

    const off = await createToken({ name: 'Off', remain_quota: 100 });
    await fetch(`${service.url}/api/token/?status_only=true`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: off.id, status: 2 }),
    });
    const disabled = await chat(off.key);
    expect(disabled.status).toBe(401);
    expect(await disabled.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect((await chat('not-a-key')).status).toBe(401);

    const narrow = await createToken({ name: 'Narrow', remain_quota: 100, models: 'gpt-4o' });
    const refused = await chat(narrow.key, 'gpt-4o-mini');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'model_not_allowed' } });
    expect((await tokenOf(narrow.id)).used_quota).toBe(0);
  });

  it("answers 429 with Retry-After beyond a key's requests per minute", async () => {
    const token = await createToken({ name: 'One a minute', unlimited_quota: true, rpm_limit: 1 });
    expect((await chat(token.key)).status).toBe(200);
    let limited = await chat(token.key);
    // The service keeps real time here: a minute may have begun between the two.
    if (limited.status === 200) limited = await chat(token.key);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    const wait = Number(limited.headers.get('Retry-After'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });
});
