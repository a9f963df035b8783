import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLiteLlmEmulator, type LiteLlmEmulatorHandle } from './litellm';
import { request, runStandalone, type Answer, type CallOptions } from './testing';

const MASTER = 'sk-master-1234';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let emulator: LiteLlmEmulatorHandle;
let handles: LiteLlmEmulatorHandle[] = [];

async function start(options: { aliasesRoute?: boolean } = {}) {
  const handle = await startLiteLlmEmulator({ masterKey: MASTER, ...options });
  handles.push(handle);
  return handle;
}

const call = (
  method: string,
  path: string,
  options: CallOptions = {},
  target = emulator,
): Promise<Answer> =>
  request(target.url, method, path, { ...options, defaultAuth: `Bearer ${MASTER}` });

beforeEach(async () => {
  handles = [];
  emulator = await start();
});
afterEach(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
});

describe('LiteLLM emulator: telling it and its auth', () => {
  it('has no /api, is alive without a key, and names itself in its API description', async () => {
    expect(await call('GET', '/api/status', { auth: null })).toMatchObject({
      status: 404,
      json: { detail: 'Not Found' },
    });
    expect((await call('GET', '/health/liveliness', { auth: null })).json).toBe("I'm alive!");
    const described = await call('GET', '/openapi.json', { auth: null });
    expect(described.json).toMatchObject({ info: { title: 'LiteLLM API' } });
  });

  it('answers every failure of the key with 401 in OpenAI’s shape; x-litellm-api-key wins', async () => {
    const missing = await call('GET', '/key/list', { auth: null });
    expect(missing).toMatchObject({
      status: 401,
      json: {
        error: {
          message: 'Authentication Error, No api key passed in.',
          type: 'auth_error',
          param: 'None',
          code: '401',
        },
      },
    });
    const wrong = await call('GET', '/key/list', { auth: 'Bearer sk-wrong' });
    expect(wrong.status).toBe(401);
    expect((wrong.json.error as { message: string }).message).toContain(
      'Invalid proxy server token',
    );
    const [own] = emulator.seed([{ key_alias: 'bot' }]);
    const virtual = await call('GET', '/key/list', { auth: `Bearer ${own!.key}` });
    expect((virtual.json.error as { message: string }).message).toContain('Only proxy admin');
    const header = await call('GET', '/key/list', {
      auth: 'Bearer sk-wrong',
      headers: { 'x-litellm-api-key': MASTER },
    });
    expect(header.status).toBe(200);
  });
});

describe('LiteLLM emulator: keys', () => {
  it('generates a key shown whole once, kept as its hash, money in USD', async () => {
    const answer = await call('POST', '/key/generate', {
      body: { key_alias: 'bot', max_budget: 5, duration: '30d', models: ['gpt-4o'], unknown: 1 },
    });
    expect(answer.status).toBe(200);
    const key = answer.json.key as string;
    expect(key).toMatch(/^sk-[\w-]{22}$/);
    expect(answer.json).toMatchObject({ token: sha256(key), key_name: `sk-...${key.slice(-4)}` });
    const [row] = emulator.keys();
    expect(row).toMatchObject({ key_alias: 'bot', max_budget: 5, spend: 0, models: ['gpt-4o'] });
    expect(JSON.stringify(row)).not.toContain(key);
    const days = (Date.parse(row!.expires!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  it('refuses a taken alias and a negative budget with LiteLLM’s words, a Python dict too', async () => {
    emulator.seed([{ key_alias: 'bot' }]);
    const taken = await call('POST', '/key/generate', { body: { key_alias: 'bot' } });
    expect(taken.json.error).toMatchObject({
      message:
        "Key with alias 'bot' already exists. Unique key aliases across all keys are required.",
      param: 'key_alias',
      code: '400',
    });
    const negative = await call('POST', '/key/generate', { body: { max_budget: -1 } });
    expect(negative.status).toBe(400);
    expect((negative.json.error as { message: string }).message).toBe(
      "{'error': 'max_budget cannot be negative. Received: -1.0'}",
    );
  });

  it('answers a body that does not validate with FastAPI’s 422, field by field', async () => {
    const answer = await call('POST', '/key/generate', {
      body: { max_budget: 'lots', rpm_limit: 1.5, models: 'gpt-4o' },
    });
    expect(answer.status).toBe(422);
    expect(
      (answer.json.detail as Array<{ loc: string[]; msg: string }>).map((p) => [p.loc, p.msg]),
    ).toEqual([
      [['body', 'models'], 'Input should be a valid list'],
      [
        ['body', 'max_budget'],
        'Input should be a valid number, unable to parse string as a number',
      ],
      [
        ['body', 'rpm_limit'],
        'Input should be a valid integer, got a number with a fractional part',
      ],
    ]);
    const paging = await call('GET', '/key/list?size=500');
    expect(paging.status).toBe(422);
  });

  it('writes on update exactly what it is sent, nulls too, but not a refill period of null', async () => {
    const [seeded] = emulator.seed([
      {
        key_alias: 'bot',
        max_budget: 10,
        rpm_limit: 60,
        budget_duration: '1d',
        metadata: { a: 1 },
      },
    ]);
    const answer = await call('POST', '/key/update', {
      body: { key: seeded!.token, rpm_limit: null, max_budget: null, budget_duration: null },
    });
    expect(answer.status).toBe(200);
    const [row] = emulator.keys();
    expect(row).toMatchObject({
      key_alias: 'bot',
      max_budget: null,
      rpm_limit: null,
      budget_duration: '1d',
      metadata: { a: 1 },
    });
    await call('POST', '/key/update', { body: { key: seeded!.key, duration: null, models: [] } });
    expect(emulator.keys()[0]).toMatchObject({ expires: null, models: [] });
    const missing = await call('POST', '/key/update', { body: { key: 'f'.repeat(64) } });
    expect(missing.status).toBe(404);
  });

  it('lists newest first, pages with a total, sorts where asked, filters by alias and hash', async () => {
    const rows = emulator.seed(
      Array.from({ length: 12 }, (_, i) => ({ key_alias: `key ${i + 1}`, spend: i % 3 })),
    );
    const first = await call('GET', '/key/list?page=1&size=5&return_full_object=true');
    expect(first.json).toMatchObject({ total_count: 12, current_page: 1, total_pages: 3 });
    const names = (answer: Answer) =>
      (answer.json.keys as Array<{ key_alias: string }>).map((row) => row.key_alias);
    expect(names(first)).toEqual(['key 12', 'key 11', 'key 10', 'key 9', 'key 8']);
    const plain = await call('GET', '/key/list?page=3&size=5');
    expect(plain.json.keys).toEqual([rows[1]!.token, rows[0]!.token]);
    const bySpend = await call(
      'GET',
      '/key/list?size=3&sort_by=spend&sort_order=asc&return_full_object=true',
    );
    expect(names(bySpend).length).toBe(3);
    const filtered = await call(
      'GET',
      `/key/list?key_alias=key%203&return_full_object=true&key_hash=${rows[2]!.token}`,
    );
    expect(names(filtered)).toEqual(['key 3']);
    const wrongSort = await call('GET', '/key/list?sort_by=name');
    expect(wrongSort.status).toBe(400);
  });

  it('searches aliases by any part in any case, or has no such route in older releases', async () => {
    emulator.seed([{ key_alias: 'Prod Bot' }, { key_alias: 'bot two' }, { key_alias: null }]);
    const found = await call('GET', '/key/aliases?search=BOT');
    expect(found.json).toMatchObject({ aliases: ['Prod Bot', 'bot two'], total_count: 2 });
    const older = await start({ aliasesRoute: false });
    expect((await call('GET', '/key/aliases?search=x', {}, older)).status).toBe(404);
  });

  it('blocks, unblocks and deletes by hash; a missing key is 404; regenerating is Enterprise', async () => {
    const [one, two] = emulator.seed([{ key_alias: 'one' }, { key_alias: 'two' }]);
    const blocked = await call('POST', '/key/block', { body: { key: one!.token } });
    expect(blocked.json).toMatchObject({ token: one!.token, blocked: true });
    await call('POST', '/key/unblock', { body: { key: one!.key } });
    expect(emulator.keys()[0]!.blocked).toBe(false);
    const deleted = await call('POST', '/key/delete', { body: { keys: [one!.token, two!.token] } });
    expect(deleted.json).toEqual({ deleted_keys: [one!.token, two!.token] });
    const again = await call('POST', '/key/delete', { body: { keys: [one!.token] } });
    expect(again.status).toBe(404);
    expect((again.json.error as { message: string }).message).toBe("{'error': 'No keys found'}");
    const regenerate = await call('POST', `/key/${two!.token}/regenerate`, { body: {} });
    expect(regenerate.status).toBe(500);
    expect((regenerate.json.error as { message: string }).message).toContain('Enterprise');
  });
});

describe('LiteLLM emulator: spend', () => {
  it('sums requests by day, model and key, and lists them one by one', async () => {
    const [bot] = emulator.seed([{ key_alias: 'bot' }]);
    const from = Date.UTC(2026, 2, 1, 10) / 1000;
    emulator.addSpend({ apiKey: bot!.token, count: 4, from, to: from + 86_400, spend: 0.5 });
    const daily = await call(
      'GET',
      '/user/daily/activity?start_date=2026-03-01&end_date=2026-03-02',
    );
    const results = daily.json.results as Array<{ date: string; metrics: { spend: number } }>;
    expect(results.map((day) => [day.date, day.metrics.spend])).toEqual([
      ['2026-03-02', 0.5],
      ['2026-03-01', 1.5],
    ]);
    expect(daily.json.metadata).toMatchObject({ total_api_requests: 4, has_more: false });
    const logs = await call(
      'GET',
      `/spend/logs?start_date=2026-03-01&end_date=2026-03-02&summarize=false&api_key=${bot!.token}`,
    );
    // From the start date's midnight to the end date's: the three of March 1st.
    expect((logs.json as unknown as unknown[]).length).toBe(3);
  });
});

describe('LiteLLM emulator: on its own', () => {
  it('runs from the command line with demo keys', async () => {
    const script = fileURLToPath(new URL('./litellm.ts', import.meta.url));
    const { line, stop } = await runStandalone(script, ['--master-key', MASTER, '--seed', '3']);
    try {
      const url = /listening on (\S+)/.exec(line)?.[1];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await request(url!, 'GET', '/key/list', { defaultAuth: `Bearer ${MASTER}` });
      expect(answer.json.total_count).toBe(3);
    } finally {
      stop();
    }
  });
});
