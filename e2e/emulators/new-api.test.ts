import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startNewApiEmulator, type NewApiEmulatorOptions } from './new-api';
import type { EmulatorHandle, NewApiToken } from './gateway/types';
import { request, runStandalone, type Answer, type CallOptions } from './testing';

const ACCESS = 'new-api-access-token';
const USER_ID = 7;
const MASK_PATTERN = /^[0-9A-Za-z]{4}\*{10}[0-9A-Za-z]{4}$/;
const KEY_PATTERN = /^[0-9A-Za-z]{48}$/;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const mask = (key: string) => `${key.slice(0, 4)}**********${key.slice(-4)}`;

type Page = { page: number; page_size: number; total: number; items: NewApiToken[] };

let emulator: EmulatorHandle<NewApiToken>;
let handles: EmulatorHandle<NewApiToken>[] = [];

async function start(options: Partial<NewApiEmulatorOptions> = {}) {
  const handle = await startNewApiEmulator({
    accessToken: ACCESS,
    userId: USER_ID,
    searchLimit: false,
    ...options,
  });
  handles.push(handle);
  return handle;
}

function call(
  method: string,
  path: string,
  options: CallOptions = {},
  target: EmulatorHandle<NewApiToken> = emulator,
): Promise<Answer> {
  return request(target.url, method, path, {
    ...options,
    defaultAuth: `Bearer ${ACCESS}`,
    headers: { 'New-Api-User': String(USER_ID), ...options.headers },
  });
}

const page = (answer: Answer) => answer.json.data as Page;

beforeEach(async () => {
  handles = [];
  emulator = await start();
});

afterEach(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
});

describe('new-api emulator: status and auth (release before v1.0, the default)', () => {
  it('answers /api/status without auth, with one-api’s fields and its own', async () => {
    const answer = await call('GET', '/api/status', { auth: null, headers: {} });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({
      quota_per_unit: 500000,
      display_in_currency: true,
      system_name: 'New API',
      quota_display_type: 'USD',
      setup: true,
    });
    expect(typeof (answer.json.data as { version: string }).version).toBe('string');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a missing Authorization header with HTTP 401', async () => {
    const answer = await call('GET', '/api/token/', { auth: null });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({
      success: false,
      message: '无权进行此操作，未登录且未提供 access token',
    });
  });

  it('answers a wrong token with HTTP 200 and success:false, before looking at the user', async () => {
    const answer = await call('GET', '/api/token/', {
      auth: 'Bearer wrong',
      headers: { 'New-Api-User': '' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: false, message: '无权进行此操作，access token 无效' });
  });

  it('wants New-Api-User, numeric and matching the user, else HTTP 401 naming it', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, '无权进行此操作，未提供 New-Api-User'],
      [{ 'New-Api-User': 'seven' }, '无权进行此操作，New-Api-User 格式错误'],
      [{ 'New-Api-User': '8' }, '无权进行此操作，New-Api-User 与登录用户不匹配'],
    ];
    for (const [headers, message] of cases) {
      const answer = await request(emulator.url, 'GET', '/api/token/', {
        defaultAuth: `Bearer ${ACCESS}`,
        headers,
      });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ success: false, message });
    }
    expect((await call('GET', '/api/token/')).json.success).toBe(true);
    expect((await call('GET', '/api/token/', { auth: ACCESS })).json.success).toBe(true);
  });

  it('refuses the options route to the (non-root) user with HTTP 200', async () => {
    const answer = await call('PUT', '/api/option/', { body: { key: 'x', value: '1' } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: false, message: '无权进行此操作，权限不足' });
  });

  it('answers unknown /api routes with 404 and an OpenAI-style error', async () => {
    const answer = await call('POST', '/api/token/batch/delete', { body: {} });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({
      error: {
        message: 'Invalid URL (POST /api/token/batch/delete)',
        type: 'invalid_request_error',
        param: '',
        code: '',
      },
    });
  });
});

describe('new-api emulator: newer release (requireUserHeader: false)', () => {
  it('ignores New-Api-User and answers every auth failure with HTTP 401', async () => {
    const newer = await start({ requireUserHeader: false });
    const noHeader = await request(newer.url, 'GET', '/api/token/', { defaultAuth: null });
    expect(noHeader.status).toBe(401);
    const wrong = await request(newer.url, 'GET', '/api/token/', { defaultAuth: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({
      success: false,
      message: '无权进行此操作，access token 无效',
    });
    for (const auth of [`Bearer ${ACCESS}`, `bearer ${ACCESS}`, ACCESS]) {
      const ok = await request(newer.url, 'GET', '/api/token/', { defaultAuth: auth });
      expect(ok.json.success).toBe(true);
    }
    const option = await request(newer.url, 'PUT', '/api/option/', {
      defaultAuth: ACCESS,
      body: {},
    });
    expect(option.status).toBe(403);
    expect(option.json.message).toBe('无权进行此操作，权限不足');
    const status = await request(newer.url, 'GET', '/api/status', { defaultAuth: null });
    expect((status.json.data as { version: string }).version).toBe('v1.0.0');
  });
});

describe('new-api emulator: list and search', () => {
  it('pages from p=1 with a total, masks keys, id descending', async () => {
    const seeded = emulator.seed(Array.from({ length: 23 }, (_, i) => ({ name: `t${i + 1}` })));
    const first = page(await call('GET', '/api/token/?p=1&size=10'));
    expect(first.page).toBe(1);
    expect(first.page_size).toBe(10);
    expect(first.total).toBe(23);
    expect(first.items.map((token) => token.id)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    for (const item of first.items) {
      expect(item.key).toMatch(MASK_PATTERN);
      expect(item.key).toBe(mask(seeded[item.id - 1]?.key as string));
    }
    const third = page(await call('GET', '/api/token/?p=3&size=10'));
    expect(third.items.map((token) => token.id)).toEqual([3, 2, 1]);
    expect(page(await call('GET', '/api/token/?p=0')).page).toBe(1);
    expect(page(await call('GET', '/api/token/')).page_size).toBe(10);
    expect(page(await call('GET', '/api/token/?p=9')).items).toEqual([]);
  });

  it('takes a page size up to 100 (size, ps or page_size)', async () => {
    emulator.seed(Array.from({ length: 120 }, () => ({})));
    const capped = page(await call('GET', '/api/token/?p=1&size=500'));
    expect(capped.page_size).toBe(100);
    expect(capped.items).toHaveLength(100);
    expect(page(await call('GET', '/api/token/?p=2&page_size=50')).items[0]?.id).toBe(70);
    expect(page(await call('GET', '/api/token/?p=1&ps=5')).items).toHaveLength(5);
  });

  it('serialises the new-api fields, without one-api’s models and subnet', async () => {
    emulator.seed([
      {
        model_limits_enabled: true,
        model_limits: 'gpt-4o,claude-3',
        allow_ips: '10.0.0.1\n10.0.0.2',
        group: 'vip',
      },
    ]);
    const [item] = page(await call('GET', '/api/token/')).items;
    expect(Object.keys(item as object)).toEqual([
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
      'model_limits_enabled',
      'model_limits',
      'allow_ips',
      'used_quota',
      'group',
      'cross_group_retry',
      'DeletedAt',
    ]);
    expect(item).toMatchObject({
      user_id: USER_ID,
      model_limits: 'gpt-4o,claude-3',
      allow_ips: '10.0.0.1\n10.0.0.2',
      group: 'vip',
    });
  });

  it('with searchMode contains, searches names containing the keyword, paginated with a total', async () => {
    const contains = await start({ searchMode: 'contains' });
    contains.seed([
      ...Array.from({ length: 12 }, (_, i) => ({ name: `prod-${i + 1}` })),
      { name: 'my-PROD-box' },
      { name: 'staging' },
    ]);
    const search = async (query: string) =>
      page(await call('GET', `/api/token/search?${query}`, {}, contains));
    const answer = await search('keyword=prod&p=2&size=5');
    expect(answer).toMatchObject({ page: 2, page_size: 5, total: 13 });
    expect(answer.items.map((token) => token.name)).toEqual([
      'prod-8',
      'prod-7',
      'prod-6',
      'prod-5',
      'prod-4',
    ]);
    expect(answer.items.every((token) => MASK_PATTERN.test(token.key))).toBe(true);
    const none = await search('keyword=nothing');
    expect(none).toEqual({ page: 1, page_size: 10, total: 0, items: [] });
  });

  it('by default (v0.9 as v1.0) finds a name by part of it only with % around the part', async () => {
    emulator.seed([{ name: 'nightly-batch' }, { name: 'weekly-report' }]);
    const names = async (keyword: string) =>
      page(await call('GET', `/api/token/search?keyword=${encodeURIComponent(keyword)}`)).items.map(
        (token) => token.name,
      );
    expect(await names('nightly')).toEqual([]);
    expect(await names('nightly-batch')).toEqual(['nightly-batch']);
    expect(await names('%nightly%')).toEqual(['nightly-batch']);
    expect(await names('%LY-%')).toEqual(['weekly-report', 'nightly-batch']);
  });

  it('refuses % searches of a user over the cap on tokens, where exact ones still work', async () => {
    emulator.seed(Array.from({ length: 1001 }, (_, i) => ({ name: `t${i + 1}` })));
    const answer = await call('GET', '/api/token/search?keyword=%25t1%25');
    expect(answer.json).toEqual({
      success: false,
      message: '令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符',
    });
    expect(page(await call('GET', '/api/token/search?keyword=t1')).total).toBe(1);
  });

  it('searches by whole key, with or without sk-', async () => {
    const [, wanted] = emulator.seed([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    const key = wanted?.key as string;
    for (const text of [key, `sk-${key}`]) {
      const answer = page(await call('GET', `/api/token/search?token=${text}`));
      expect(answer.total).toBe(1);
      expect(answer.items[0]?.name).toBe('b');
    }
  });

  it('with searchMode exact, matches whole names unless % wildcards are given', async () => {
    const exact = await start({ searchMode: 'exact' });
    exact.seed([{ name: 'prod' }, { name: 'prod-2' }, { name: 'my_prod' }]);
    const search = async (query: string) =>
      (await call('GET', `/api/token/search?${query}`, {}, exact)).json;
    expect(((await search('keyword=prod')).data as Page).items.map((t) => t.name)).toEqual([
      'prod',
    ]);
    expect(((await search('keyword=%25prod%25')).data as Page).total).toBe(3);
    expect(((await search('keyword=my_prod')).data as Page).total).toBe(1);
    expect(((await search('keyword=m_prod')).data as Page).total).toBe(0);
    expect((await search('keyword=%25p%25%25')).message).toBe(
      '搜索模式中不允许包含连续的 % 通配符',
    );
    expect((await search('keyword=%25p%25d%25')).message).toBe(
      '搜索模式中最多允许包含 2 个 % 通配符',
    );
    expect((await search('keyword=p%25')).message).toBe(
      '使用模糊搜索时，关键词长度至少为 2 个字符',
    );
  });

  it('limits searches per user (10 a minute by default): 429 with an empty body', async () => {
    const limited = await start({ searchLimit: undefined });
    for (let i = 0; i < 10; i++) {
      expect((await call('GET', '/api/token/search?keyword=x', {}, limited)).status).toBe(200);
    }
    const over = await call('GET', '/api/token/search?keyword=x', {}, limited);
    expect(over.status).toBe(429);
    expect(over.text).toBe('');
    expect((await call('GET', '/api/token/', {}, limited)).status).toBe(200);
  });
});

describe('new-api emulator: whole keys', () => {
  it('masks the key in get, reveals it whole with POST /api/token/{id}/key', async () => {
    const [seeded] = emulator.seed([{ name: 'secret' }]);
    const key = seeded?.key as string;
    expect(key).toMatch(KEY_PATTERN);
    const got = await call('GET', `/api/token/${seeded?.id}`);
    expect((got.json.data as NewApiToken).key).toBe(mask(key));
    expect(got.text).not.toContain(key);
    const revealed = await call('POST', `/api/token/${seeded?.id}/key`);
    expect(revealed.json).toEqual({ data: { key }, message: '', success: true });
    expect((await call('POST', '/api/token/99/key')).json).toEqual({
      success: false,
      message: 'record not found',
    });
  });

  it('reveals many with POST /api/token/batch/keys, skipping ids it does not have', async () => {
    const [a, b] = emulator.seed([{}, {}, { user_id: 99 }]);
    const answer = await call('POST', '/api/token/batch/keys', {
      body: { ids: [a?.id, b?.id, 3] },
    });
    expect(answer.json.data).toEqual({
      keys: { [String(a?.id)]: a?.key, [String(b?.id)]: b?.key },
    });
    expect((await call('POST', '/api/token/batch/keys', { body: { ids: [] } })).json.message).toBe(
      '无效的参数',
    );
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(
      (await call('POST', '/api/token/batch/keys', { body: { ids: tooMany } })).json.message,
    ).toBe('批量请求数量过多，最多 100 条');
  });

  it('limits reveals with one counter for both routes: 429 with an empty body', async () => {
    const limited = await start({ revealLimit: { max: 3, windowMs: 60_000 } });
    const [token] = limited.seed([{}]);
    // Unauthenticated calls are refused before the limiter and do not count.
    for (let i = 0; i < 3; i++) {
      const refused = await call('POST', `/api/token/${token?.id}/key`, { auth: null }, limited);
      expect(refused.status).toBe(401);
    }
    expect((await call('POST', `/api/token/${token?.id}/key`, {}, limited)).status).toBe(200);
    const batch = { body: { ids: [token?.id] } };
    expect((await call('POST', '/api/token/batch/keys', batch, limited)).status).toBe(200);
    expect((await call('POST', `/api/token/${token?.id}/key`, {}, limited)).status).toBe(200);
    for (const path of [`/api/token/${token?.id}/key`, '/api/token/batch/keys']) {
      const over = await call('POST', path, batch, limited);
      expect(over.status).toBe(429);
      expect(over.text).toBe('');
    }
    // The masked list is not limited.
    expect((await call('GET', '/api/token/', {}, limited)).status).toBe(200);
  });
});

describe('new-api emulator: create, update, delete', () => {
  it('creates with success and no data at all; the list then shows the token', async () => {
    const answer = await call('POST', '/api/token/', {
      body: { name: 'fresh', remain_quota: 100, allow_ips: '1.2.3.4', group: 'default' },
    });
    expect(answer.json).toEqual({ message: '', success: true });
    expect(answer.text).not.toContain('data');
    const [item] = page(await call('GET', '/api/token/')).items;
    expect(item).toMatchObject({
      name: 'fresh',
      user_id: USER_ID,
      status: 1,
      expired_time: -1,
      remain_quota: 100,
      allow_ips: '1.2.3.4',
      group: 'default',
      cross_group_retry: false,
    });
    expect(emulator.tokens()[0]?.key).toMatch(KEY_PATTERN);
  });

  it('refuses a name over 50 bytes and a negative quota (unless unlimited)', async () => {
    expect(
      (await call('POST', '/api/token/', { body: { name: 'x'.repeat(50) } })).json.success,
    ).toBe(true);
    const long = await call('POST', '/api/token/', { body: { name: '名'.repeat(17) } });
    expect(long.json).toEqual({ success: false, message: '令牌名称过长' });
    const negative = await call('POST', '/api/token/', { body: { name: 'n', remain_quota: -1 } });
    expect(negative.json).toEqual({ success: false, message: '额度值不能为负数' });
    const unlimited = await call('POST', '/api/token/', {
      body: { name: 'u', remain_quota: -1, unlimited_quota: true },
    });
    expect(unlimited.json.success).toBe(true);
    expect(emulator.tokens().map((token) => token.name)).toEqual(['x'.repeat(50), 'u']);
  });

  it('updates every field, left-out ones as zero, and answers with the masked token', async () => {
    const [seeded] = emulator.seed([
      {
        name: 'full',
        expired_time: nowSeconds() + 3600,
        remain_quota: 999,
        model_limits_enabled: true,
        model_limits: 'gpt-4o',
        allow_ips: '10.0.0.1',
        group: 'auto',
        cross_group_retry: true,
      },
    ]);
    const answer = await call('PUT', '/api/token/', { body: { id: seeded?.id, name: 'bare' } });
    const expected = {
      ...seeded,
      name: 'bare',
      expired_time: 0,
      remain_quota: 0,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: null,
      group: '',
      cross_group_retry: false,
    };
    expect(answer.json.data).toEqual({
      ...expected,
      key: mask(seeded?.key as string),
      DeletedAt: null,
    });
    expect(emulator.tokens()).toEqual([expected]);
  });

  it('keeps every field when the whole record is sent back; cross_group_retry needs group auto', async () => {
    const [seeded] = emulator.seed([{ group: 'auto', cross_group_retry: true, model_limits: 'm' }]);
    const same = await call('PUT', '/api/token/', { body: { ...seeded, name: 'renamed' } });
    expect(same.json.data).toMatchObject({
      name: 'renamed',
      group: 'auto',
      cross_group_retry: true,
    });
    await call('PUT', '/api/token/', { body: { ...seeded, group: 'vip' } });
    expect(emulator.tokens()[0]).toMatchObject({ group: 'vip', cross_group_retry: false });
    const negative = await call('PUT', '/api/token/', { body: { ...seeded, remain_quota: -5 } });
    expect(negative.json.message).toBe('额度值不能为负数');
  });

  it('changes only the status with status_only, refusing to enable expired or exhausted tokens', async () => {
    const [expired, exhausted, fine] = emulator.seed([
      { status: 2, expired_time: nowSeconds() - 60 },
      { status: 4, remain_quota: 0 },
      { status: 1, remain_quota: 10 },
    ]);
    const setStatus = (id: number | undefined, status: number) =>
      call('PUT', '/api/token/?status_only=true', { body: { id, status } });
    expect((await setStatus(expired?.id, 1)).json.message).toBe(
      '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    );
    expect((await setStatus(exhausted?.id, 1)).json.message).toBe(
      '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    );
    const disabled = await setStatus(fine?.id, 2);
    expect(disabled.json.data).toEqual({
      ...fine,
      status: 2,
      key: mask(fine?.key as string),
      DeletedAt: null,
    });
    expect((await setStatus(fine?.id, 1)).json.success).toBe(true);
    expect(emulator.tokens().map((token) => token.status)).toEqual([2, 4, 1]);
  });

  it('deletes one token with no data', async () => {
    const [seeded] = emulator.seed([{}]);
    expect((await call('DELETE', `/api/token/${seeded?.id}`)).json).toEqual({
      message: '',
      success: true,
    });
    expect((await call('DELETE', `/api/token/${seeded?.id}`)).json.message).toBe(
      'record not found',
    );
    expect(emulator.tokens()).toEqual([]);
  });

  it('deletes in batch, answering the count, at most 100 ids', async () => {
    const seeded = emulator.seed([{}, {}, {}, { user_id: 99 }]);
    const ids = [seeded[0]?.id, seeded[1]?.id, seeded[1]?.id, seeded[3]?.id, 12345];
    const answer = await call('POST', '/api/token/batch', { body: { ids } });
    expect(answer.json).toEqual({ data: 2, message: '', success: true });
    expect(emulator.tokens().map((token) => token.id)).toEqual([seeded[2]?.id, seeded[3]?.id]);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await call('POST', '/api/token/batch', { body: { ids: tooMany } })).json).toEqual({
      success: false,
      message: '批量请求数量过多，最多 100 条',
    });
    expect(emulator.tokens()).toHaveLength(2);
    expect((await call('POST', '/api/token/batch', { body: { ids: 'all' } })).json.message).toBe(
      '无效的参数',
    );
  });
});

describe('new-api emulator: global rate limit and command line', () => {
  it('answers HTTP 429 with an empty body over the global limit', async () => {
    const limited = await start({ rateLimit: { max: 2, windowMs: 60_000 } });
    expect((await call('GET', '/api/status', {}, limited)).status).toBe(200);
    expect((await call('GET', '/api/token/', {}, limited)).status).toBe(200);
    const over = await call('GET', '/api/token/', {}, limited);
    expect(over.status).toBe(429);
    expect(over.text).toBe('');
  });

  it('resets to a fresh start: no tokens, ids from 1, every rate-limit count forgotten', async () => {
    const limited = await start({
      rateLimit: { max: 4, windowMs: 60_000 },
      searchLimit: { max: 1, windowMs: 60_000 },
      revealLimit: { max: 1, windowMs: 60_000 },
    });
    limited.seed([{}, {}]);
    const burst = async () =>
      Promise.all([
        call('GET', '/api/token/search?keyword=t', {}, limited),
        call('POST', '/api/token/1/key', {}, limited),
        call('GET', '/api/token/', {}, limited),
      ]);
    expect((await burst()).map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await call('GET', '/api/token/search?keyword=t', {}, limited)).status).toBe(429);
    limited.reset();
    expect(limited.tokens()).toEqual([]);
    expect(limited.seed([{}])[0]?.id).toBe(1);
    expect((await burst()).map((a) => a.status)).toEqual([200, 200, 200]);
  });

  it('runs standalone with a user id and prints where it listens', async () => {
    const script = fileURLToPath(new URL('./new-api.ts', import.meta.url));
    const run = await runStandalone(script, [
      '--port',
      '0',
      '--token',
      'cli',
      '--user-id',
      '42',
      '--seed',
      '4',
    ]);
    try {
      const match = /^new-api emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(run.line);
      expect(match).not.toBeNull();
      const url = match?.[1] as string;
      const wrongUser = await request(url, 'GET', '/api/token/', {
        defaultAuth: 'Bearer cli',
        headers: { 'New-Api-User': '1' },
      });
      expect(wrongUser.status).toBe(401);
      const answer = await request(url, 'GET', '/api/token/', {
        defaultAuth: 'Bearer cli',
        headers: { 'New-Api-User': '42' },
      });
      expect((answer.json.data as Page).total).toBe(4);
    } finally {
      run.stop();
    }
  });
});

describe('new-api emulator: logs', () => {
  const T = 1_704_067_200;
  type Log = Record<string, unknown> & { created_at: number };
  type LogPage = { page: number; page_size: number; total: number; items: Log[] };
  const logPage = (answer: Answer) => answer.json.data as LogPage;

  it('pages the user’s logs from p=1 up to 100, newest first, with the filtered total', async () => {
    const [token] = emulator.seed([{ name: 'alpha' }]);
    emulator.addLogs({ tokenName: 'alpha', count: 150, from: T, to: T + 150 });
    emulator.addLogs({ tokenName: 'beta', count: 5, from: T, to: T + 5 });
    const first = logPage(await call('GET', '/api/log/self?p=0&page_size=500&token_name=alpha'));
    expect(first).toMatchObject({ page: 1, page_size: 100, total: 150 });
    expect(first.items).toHaveLength(100);
    expect(first.items[0]).toEqual({
      id: 150,
      user_id: USER_ID,
      created_at: T + 149,
      type: 2,
      content: expect.any(String),
      username: 'emulator',
      token_name: 'alpha',
      model_name: 'gpt-4o-mini',
      quota: 100,
      prompt_tokens: 100,
      completion_tokens: 0,
      use_time: 0,
      is_stream: false,
      channel: 1,
      channel_name: '',
      token_id: token?.id,
      group: '',
      ip: '',
      other: '',
    });
    const second = logPage(await call('GET', '/api/log/self?p=2&ps=100&type=2&token_name=alpha'));
    expect(second.items.at(-1)?.created_at).toBe(T);
    const byDefault = logPage(await call('GET', '/api/log/self'));
    expect(byDefault).toMatchObject({ page: 1, page_size: 10, total: 155 });
  });

  it('filters times with both ends included and models with LIKE', async () => {
    emulator.addLogs({
      tokenName: 'alpha',
      count: 10,
      from: T,
      to: T + 10,
      models: ['gpt-4o', 'o1'],
    });
    const total = async (query: string) =>
      logPage(await call('GET', `/api/log/self?${query}`)).total;
    expect(await total(`start_timestamp=${T + 2}&end_timestamp=${T + 4}`)).toBe(3);
    expect(await total('model_name=gpt%25')).toBe(5);
    expect(await total('token_name=alph')).toBe(0);
  });

  it('answers later releases’ log entries without the token id', async () => {
    const current = await start({ requireUserHeader: false });
    current.addLogs({ tokenName: 'alpha', tokenId: 3, count: 1, from: T, to: T + 1 });
    const answer = await call('GET', '/api/log/self?type=2', {}, current);
    expect(logPage(answer).items[0]).toEqual({
      id: 1,
      created_at: T,
      type: 2,
      content: expect.any(String),
      token_name: 'alpha',
      model_name: 'gpt-4o-mini',
      channel_name: '',
      quota: 100,
      prompt_tokens: 100,
      completion_tokens: 0,
      use_time: 0,
      is_stream: false,
    });
  });

  it('refuses every user’s logs to the common user', async () => {
    const answer = await call('GET', '/api/log/');
    expect(answer.json).toEqual({ success: false, message: '无权进行此操作，权限不足' });
  });
});
