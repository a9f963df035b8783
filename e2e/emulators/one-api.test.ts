import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ONE_API_PAGE_SIZE, startOneApiEmulator, type OneApiEmulatorOptions } from './one-api';
import type { EmulatorHandle, OneApiToken } from './gateway/types';
import { request, runStandalone, type Answer, type CallOptions } from './testing';

const ACCESS = 'one-api-access-token';
const KEY_PATTERN = /^[0-9A-Za-z]{48}$/;
const nowSeconds = () => Math.floor(Date.now() / 1000);

let emulator: EmulatorHandle<OneApiToken>;
let handles: EmulatorHandle<OneApiToken>[] = [];

async function start(options: Partial<OneApiEmulatorOptions> = {}) {
  const handle = await startOneApiEmulator({ accessToken: ACCESS, ...options });
  handles.push(handle);
  return handle;
}

function call(
  method: string,
  path: string,
  options: CallOptions = {},
  target: EmulatorHandle<OneApiToken> = emulator,
): Promise<Answer> {
  return request(target.url, method, path, { ...options, defaultAuth: `Bearer ${ACCESS}` });
}

beforeEach(async () => {
  handles = [];
  emulator = await start();
});

afterEach(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
});

describe('one-api emulator: status and auth', () => {
  it('answers /api/status without auth, with the quota unit and no CORS headers', async () => {
    const answer = await call('GET', '/api/status', { auth: null });
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(true);
    expect(answer.json.data).toMatchObject({
      quota_per_unit: 500000,
      display_in_currency: true,
      system_name: 'One API',
    });
    expect((answer.json.data as { version: string }).version).toMatch(/^v0\.6\./);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await call('OPTIONS', '/api/token/', { auth: null });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a missing Authorization header with HTTP 401 and the envelope', async () => {
    const answer = await call('GET', '/api/token/', { auth: null });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({
      success: false,
      message: '无权进行此操作，未登录且未提供 access token',
    });
  });

  it('answers a wrong token with HTTP 200 and success:false', async () => {
    for (const auth of ['Bearer nope', 'nope', `bearer ${ACCESS}`]) {
      const answer = await call('GET', '/api/token/', { auth });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ success: false, message: '无权进行此操作，access token 无效' });
    }
  });

  it('accepts the token with Bearer and bare', async () => {
    expect((await call('GET', '/api/token/', { auth: `Bearer ${ACCESS}` })).json.success).toBe(
      true,
    );
    expect((await call('GET', '/api/token/', { auth: ACCESS })).json.success).toBe(true);
  });

  it('refuses the options route to the (non-root) user with HTTP 200', async () => {
    const answer = await call('PUT', '/api/option/', { body: { key: 'QuotaPerUnit', value: '1' } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: false, message: '无权进行此操作，权限不足' });
  });

  it('redirects a path without its trailing slash, as Gin does', async () => {
    const answer = await call('GET', '/api/token?p=1');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/api/token/?p=1');
  });
});

describe('one-api emulator: list and search', () => {
  it('pages the list 10 at a time from p=0, id descending, as a plain array without total', async () => {
    emulator.seed(Array.from({ length: 25 }, (_, i) => ({ name: `t${i + 1}` })));
    const first = await call('GET', '/api/token/?p=0&order=');
    expect(Array.isArray(first.json.data)).toBe(true);
    const items = first.json.data as OneApiToken[];
    expect(items.map((token) => token.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(Object.keys(first.json).sort()).toEqual(['data', 'message', 'success']);
    expect((await call('GET', '/api/token/?p=2')).json.data).toHaveLength(5);
    expect((await call('GET', '/api/token/?p=3')).json.data).toEqual([]);
    expect((await call('GET', '/api/token/?p=-4')).json.data).toEqual(items);
    expect((await call('GET', '/api/token/?p=x')).json.data).toEqual(items);
  });

  it('ignores a size parameter: the page size is fixed', async () => {
    emulator.seed(Array.from({ length: 15 }, () => ({})));
    const answer = await call('GET', '/api/token/?p=0&size=50&page_size=50');
    expect(answer.json.data).toHaveLength(ONE_API_PAGE_SIZE);
  });

  it('orders by remain_quota (unlimited first) or used_quota, descending', async () => {
    emulator.seed([
      { name: 'a', remain_quota: 10, used_quota: 300 },
      { name: 'b', remain_quota: 30, used_quota: 100 },
      { name: 'c', remain_quota: 0, unlimited_quota: true },
      { name: 'd', remain_quota: 20, used_quota: 200 },
    ]);
    const byRemain = (await call('GET', '/api/token/?p=0&order=remain_quota')).json
      .data as OneApiToken[];
    expect(byRemain.map((token) => token.name)).toEqual(['c', 'b', 'd', 'a']);
    const byUsed = (await call('GET', '/api/token/?p=0&order=used_quota')).json
      .data as OneApiToken[];
    expect(byUsed.map((token) => token.name)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('shows only the tokens of the access token’s user', async () => {
    emulator.seed([{ name: 'mine' }, { name: 'theirs', user_id: 2 }]);
    const items = (await call('GET', '/api/token/?p=0')).json.data as OneApiToken[];
    expect(items.map((token) => token.name)).toEqual(['mine']);
  });

  it('searches by name prefix only, without paging, as a plain array', async () => {
    emulator.seed([
      ...Array.from({ length: 12 }, (_, i) => ({ name: `alpha-${i + 1}` })),
      { name: 'beta-alpha' },
      { name: 'Alphabet' },
    ]);
    const answer = await call('GET', '/api/token/search?keyword=alpha&p=0&size=5');
    const names = (answer.json.data as OneApiToken[]).map((token) => token.name);
    expect(names).toHaveLength(13);
    expect(names).toContain('Alphabet');
    expect(names).not.toContain('beta-alpha');
    const none = await call('GET', '/api/token/search?keyword=zzz');
    expect(none.json).toEqual({ data: [], message: '', success: true });
  });

  it('returns keys whole in list, search and get', async () => {
    const [seeded] = emulator.seed([{ name: 'whole' }]);
    const key = seeded?.key as string;
    expect(key).toMatch(KEY_PATTERN);
    expect(((await call('GET', '/api/token/?p=0')).json.data as OneApiToken[])[0]?.key).toBe(key);
    expect(
      ((await call('GET', '/api/token/search?keyword=who')).json.data as OneApiToken[])[0]?.key,
    ).toBe(key);
    expect(((await call('GET', `/api/token/${seeded?.id}`)).json.data as OneApiToken).key).toBe(
      key,
    );
  });
});

describe('one-api emulator: get, create, delete', () => {
  it('gets one token, and explains unknown and malformed ids', async () => {
    const [seeded] = emulator.seed([{ name: 'one', models: 'gpt-4o', subnet: '10.0.0.0/8' }]);
    const answer = await call('GET', `/api/token/${seeded?.id}`);
    expect(answer.json.data).toEqual(seeded);
    expect(Object.keys(answer.json.data as object)).toEqual([
      'id',
      'user_id',
      'key',
      'status',
      'name',
      'created_time',
      'accessed_time',
      'expired_time',
      'remain_quota',
      'unlimited_quota',
      'used_quota',
      'models',
      'subnet',
    ]);
    expect(await call('GET', '/api/token/999')).toMatchObject({
      status: 200,
      json: { success: false, message: 'record not found' },
    });
    expect((await call('GET', '/api/token/abc')).json.message).toBe(
      'strconv.Atoi: parsing "abc": invalid syntax',
    );
  });

  it('creates a token and answers with it, key included', async () => {
    const answer = await call('POST', '/api/token/', {
      body: { name: 'new one', remain_quota: 1000, unlimited_quota: false, models: 'gpt-4o' },
    });
    expect(answer.json.success).toBe(true);
    const created = answer.json.data as OneApiToken;
    expect(created).toMatchObject({
      id: 1,
      user_id: 1,
      status: 1,
      name: 'new one',
      remain_quota: 1000,
      used_quota: 0,
      models: 'gpt-4o',
      subnet: '',
      // gorm turns a zero expired_time into the column default, -1 (never).
      expired_time: -1,
    });
    expect(created.key).toMatch(KEY_PATTERN);
    expect(created.created_time).toBeGreaterThanOrEqual(nowSeconds() - 5);
    expect(emulator.tokens()).toEqual([created]);
  });

  it('refuses a name longer than 30 bytes, counting bytes not characters', async () => {
    const ok = await call('POST', '/api/token/', { body: { name: '令'.repeat(10) } });
    expect(ok.json.success).toBe(true);
    const tooLong = await call('POST', '/api/token/', { body: { name: '令'.repeat(11) } });
    expect(tooLong.json).toEqual({ success: false, message: '参数错误：令牌名称过长' });
    expect(emulator.tokens()).toHaveLength(1);
  });

  it('refuses an invalid subnet and malformed bodies with Go’s messages', async () => {
    const subnet = await call('POST', '/api/token/', { body: { name: 'x', subnet: '10.0.0.1' } });
    expect(subnet.json.message).toBe(
      '参数错误：无效的网段：failed to parse subnet: invalid CIDR address: 10.0.0.1',
    );
    const type = await call('POST', '/api/token/', { body: { name: 'x', remain_quota: '5' } });
    expect(type.json.message).toBe(
      'json: cannot unmarshal string into Go struct field Token.remain_quota of type int64',
    );
    const garbage = await call('POST', '/api/token/', { body: 'x=1' });
    expect(garbage.json).toEqual({
      success: false,
      message: "invalid character 'x' looking for beginning of value",
    });
    expect((await call('POST', '/api/token/', { body: '' })).json.message).toBe('EOF');
    expect(emulator.tokens()).toEqual([]);
  });

  it('deletes with no data, and explains unknown ids', async () => {
    const [seeded] = emulator.seed([{}]);
    const answer = await call('DELETE', `/api/token/${seeded?.id}`);
    expect(answer.json).toEqual({ message: '', success: true });
    expect(emulator.tokens()).toEqual([]);
    expect((await call('DELETE', `/api/token/${seeded?.id}`)).json.message).toBe(
      'record not found',
    );
    expect((await call('DELETE', '/api/token/abc')).json.message).toBe('id 或 userId 为空！');
  });
});

describe('one-api emulator: update', () => {
  const future = () => nowSeconds() + 86400;

  it('writes every editable field, a field left out as zero: no expired_time means expired', async () => {
    const [seeded] = emulator.seed([
      {
        name: 'keep me',
        expired_time: future(),
        remain_quota: 5000,
        models: 'gpt-4o',
        subnet: '10.0.0.0/8',
      },
    ]);
    const answer = await call('PUT', '/api/token/', { body: { id: seeded?.id, name: 'renamed' } });
    expect(answer.json.success).toBe(true);
    const expected = {
      ...seeded,
      name: 'renamed',
      expired_time: 0,
      remain_quota: 0,
      unlimited_quota: false,
      models: null,
      subnet: null,
    };
    expect(answer.json.data).toEqual(expected);
    expect(emulator.tokens()).toEqual([expected]);

    // expired_time 0 is in the past: once disabled, the token cannot be enabled again.
    expect(
      (await call('PUT', '/api/token/?status_only=true', { body: { id: seeded?.id, status: 2 } }))
        .json.success,
    ).toBe(true);
    const enable = await call('PUT', '/api/token/?status_only=true', {
      body: { id: seeded?.id, status: 1 },
    });
    expect(enable.json).toEqual({
      success: false,
      message: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    });
  });

  it('keeps every field when the whole record is sent back with the edit', async () => {
    const [seeded] = emulator.seed([{ expired_time: future(), remain_quota: 77, models: 'm' }]);
    const answer = await call('PUT', '/api/token/', { body: { ...seeded, name: 'edited' } });
    expect(answer.json.data).toEqual({ ...seeded, name: 'edited' });
  });

  it('does not change the status in a full update, nor other fields with status_only', async () => {
    const [seeded] = emulator.seed([{ remain_quota: 9 }]);
    await call('PUT', '/api/token/', { body: { ...seeded, status: 2 } });
    expect(emulator.tokens()[0]?.status).toBe(1);
    const answer = await call('PUT', '/api/token/?status_only=true', {
      body: { id: seeded?.id, status: 2 },
    });
    expect(answer.json.data).toEqual({ ...seeded, status: 2 });
  });

  it('refuses to enable an expired or exhausted token, and enables the others', async () => {
    const [expired, exhausted, fine, unlimited] = emulator.seed([
      { status: 3, expired_time: nowSeconds() - 10 },
      { status: 4, remain_quota: 0 },
      { status: 2, expired_time: future(), remain_quota: 1 },
      { status: 2, remain_quota: 0, unlimited_quota: true },
    ]);
    const enable = (id: number | undefined) =>
      call('PUT', '/api/token/?status_only=true', { body: { id, status: 1 } });
    expect((await enable(expired?.id)).json.message).toBe(
      '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    );
    expect((await enable(exhausted?.id)).json.message).toBe(
      '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    );
    expect((await enable(fine?.id)).json.success).toBe(true);
    expect((await enable(unlimited?.id)).json.success).toBe(true);
    expect(emulator.tokens().map((token) => token.status)).toEqual([3, 4, 1, 1]);
  });

  it('with realEnableRule, refuses only when the stored status says expired/exhausted', async () => {
    const real = await start({ realEnableRule: true });
    const [disabledExpired, markedExpired] = real.seed([
      { status: 2, expired_time: nowSeconds() - 10 },
      { status: 3, expired_time: nowSeconds() - 10 },
    ]);
    const enable = (id: number | undefined) =>
      call('PUT', '/api/token/?status_only=1', { body: { id, status: 1 } }, real);
    expect((await enable(disabledExpired?.id)).json.success).toBe(true);
    expect((await enable(markedExpired?.id)).json.success).toBe(false);
  });

  it('explains a missing or unknown id', async () => {
    expect((await call('PUT', '/api/token/', { body: { name: 'x' } })).json.message).toBe(
      'id 或 userId 为空！',
    );
    expect((await call('PUT', '/api/token/', { body: { id: 42 } })).json.message).toBe(
      'record not found',
    );
  });
});

describe('one-api emulator: routes it does not have, and the rate limit', () => {
  it('has no batch delete, batch keys or reveal route: 404', async () => {
    emulator.seed([{}]);
    for (const path of ['/api/token/batch', '/api/token/batch/keys', '/api/token/1/key']) {
      const answer = await call('POST', path, { body: { ids: [1] } });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({
        error: {
          message: `Invalid URL (POST ${path})`,
          type: 'invalid_request_error',
          param: '',
          code: '',
        },
      });
    }
    expect(emulator.tokens()).toHaveLength(1);
  });

  it('can answer 404 as bare Gin does instead', async () => {
    const gin = await start({ notFound: 'gin' });
    const answer = await call('POST', '/api/token/batch', { body: { ids: [1] } }, gin);
    expect(answer.status).toBe(404);
    expect(answer.text).toBe('404 page not found');
  });

  it('answers HTTP 429 with an empty body over the limit, per client address', async () => {
    let clock = 1_000_000;
    const limited = await start({ rateLimit: { max: 3, windowMs: 60_000 }, now: () => clock });
    for (let i = 0; i < 3; i++) {
      if (i > 0) clock += 10_000;
      expect((await call('GET', '/api/status', { auth: null }, limited)).status).toBe(200);
    }
    const over = await call('GET', '/api/token/', {}, limited);
    expect(over.status).toBe(429);
    expect(over.text).toBe('');
    expect(over.headers.get('content-length')).toBe('0');
    // Another address has its own budget (Gin reads X-Forwarded-For).
    const other = await call(
      'GET',
      '/api/status',
      { auth: null, headers: { 'X-Forwarded-For': '10.1.2.3' } },
      limited,
    );
    expect(other.status).toBe(200);
    // The window slides: a minute after the first request there is room for one more.
    clock += 40_000;
    expect((await call('GET', '/api/status', { auth: null }, limited)).status).toBe(200);
    expect((await call('GET', '/api/status', { auth: null }, limited)).status).toBe(429);
  });

  it('counts requests before auth is checked', async () => {
    const limited = await start({ rateLimit: { max: 1, windowMs: 60_000 } });
    expect((await call('GET', '/api/token/', { auth: null }, limited)).status).toBe(401);
    expect((await call('GET', '/api/token/', {}, limited)).status).toBe(429);
  });
});

describe('one-api emulator: handle and command line', () => {
  it('hands out deep copies and refuses duplicate seed ids', () => {
    const [seeded] = emulator.seed([{ id: 7, unlimited_quota: true, used_quota: 99 }]);
    expect(seeded?.used_quota).toBe(0);
    const copy = emulator.tokens();
    (copy[0] as OneApiToken).name = 'changed';
    expect(emulator.tokens()[0]?.name).toBe('token-7');
    expect(() => emulator.seed([{ id: 7 }])).toThrow(/already stored/);
    expect(emulator.seed([{}])[0]?.id).toBe(8);
  });

  it('resets to a fresh start: no tokens, ids from 1, rate-limit counts forgotten', async () => {
    const limited = await start({ rateLimit: { max: 1, windowMs: 60_000 } });
    limited.seed([{}, {}]);
    expect((await call('GET', '/api/token/', {}, limited)).status).toBe(200);
    expect((await call('GET', '/api/token/', {}, limited)).status).toBe(429);
    limited.reset();
    expect(limited.tokens()).toEqual([]);
    const answer = await call('GET', '/api/token/', {}, limited);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual([]);
    expect(limited.seed([{}])[0]?.id).toBe(1);
  });

  it('runs standalone and prints where it listens', async () => {
    const script = fileURLToPath(new URL('./one-api.ts', import.meta.url));
    const run = await runStandalone(script, ['--port', '0', '--token', 'cli', '--seed', '3']);
    try {
      const match = /^one-api emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(run.line);
      expect(match).not.toBeNull();
      const answer = await request(match?.[1] as string, 'GET', '/api/token/?p=0', {
        defaultAuth: 'cli',
      });
      expect(answer.json.data).toHaveLength(3);
    } finally {
      run.stop();
    }
  });
});

describe('one-api emulator: logs', () => {
  const T = 1_704_067_200;
  type Log = Record<string, unknown> & { created_at: number; token_name: string };
  const logsOf = (answer: Answer) => answer.json.data as Log[];

  it('lists the user’s logs 10 a page from p=0, newest first, without ids or a total', async () => {
    emulator.seed([{ name: 'alpha' }]);
    expect(emulator.addLogs({ tokenName: 'alpha', count: 25, from: T, to: T + 25 })).toBe(25);
    const first = await call('GET', '/api/log/self?p=0');
    expect(first.json.success).toBe(true);
    expect(logsOf(first)).toHaveLength(10);
    expect(logsOf(first)[0]).toEqual({
      id: 0,
      user_id: 1,
      created_at: T + 24,
      type: 2,
      content: expect.any(String),
      username: 'emulator',
      token_name: 'alpha',
      model_name: 'gpt-4o-mini',
      quota: 100,
      prompt_tokens: 100,
      completion_tokens: 0,
      channel: 1,
      request_id: '',
      elapsed_time: 0,
      is_stream: false,
      system_prompt_reset: false,
    });
    expect(logsOf(await call('GET', '/api/log/self?p=-3'))[0]?.created_at).toBe(T + 24);
    const last = logsOf(await call('GET', '/api/log/self?p=2'));
    expect(last.map((log) => log.created_at)).toEqual([4, 3, 2, 1, 0].map((s) => T + s));
    expect(logsOf(await call('GET', '/api/log/self?p=3'))).toEqual([]);
  });

  it('filters by type, exact token and model name, and times with both ends included', async () => {
    emulator.addLogs({ tokenName: 'alpha', count: 10, from: T, to: T + 10, models: ['a', 'b'] });
    emulator.addLogs({ tokenName: 'alphabet', count: 5, from: T, to: T + 5 });
    emulator.addLogs({ tokenName: 'alpha', count: 3, from: T, to: T + 3, type: 1 });
    const count = async (query: string) =>
      logsOf(await call('GET', `/api/log/self?p=0&${query}`)).length;
    expect(await count('type=2&token_name=alpha&start_timestamp=x')).toBe(10);
    expect(await count('token_name=alpha')).toBe(10);
    expect(await count('type=1')).toBe(3);
    expect(await count('type=2&token_name=alp')).toBe(0);
    expect(await count('type=2&token_name=alpha&model_name=a')).toBe(5);
    expect(
      await count(`type=2&token_name=alpha&start_timestamp=${T + 2}&end_timestamp=${T + 4}`),
    ).toBe(3);
  });

  it('refuses every user’s logs to the common user, like other admin routes', async () => {
    const answer = await call('GET', '/api/log/?p=0');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: false, message: '无权进行此操作，权限不足' });
    expect((await call('GET', '/api/log/self', { auth: null })).status).toBe(401);
  });

  it('adds 20,001 logs at once and pages through them cheaply; reset forgets them', async () => {
    emulator.addLogs({ tokenName: 'bulk', count: 20_001, from: T, to: T + 86_400 });
    const deep = await call('GET', '/api/log/self?p=2000&token_name=bulk');
    expect(logsOf(deep)).toHaveLength(1);
    expect(logsOf(deep)[0]?.created_at).toBe(T);
    emulator.reset();
    expect(logsOf(await call('GET', '/api/log/self?p=0'))).toEqual([]);
  });
});
