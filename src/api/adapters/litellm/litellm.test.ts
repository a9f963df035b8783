import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createBackend } from '../../create-backend';
import { detectKind } from '../../detect-kind';
import { ApiError } from '../../errors';
import { tpmLimitOf, type TokenBackend } from '../../backend';
import { idOfHash } from './key-model';

/** A LiteLLM proxy's key row, as /key/list gives it with return_full_object. */
function row(n: number, extra: Record<string, unknown> = {}) {
  const token = createHash('sha256').update(`sk-key-${n}`).digest('hex');
  return {
    token,
    key_name: `sk-...${String(n).padStart(4, '0')}`,
    key_alias: `key ${n}`,
    spend: 1.5,
    max_budget: 10,
    expires: null,
    models: [],
    rpm_limit: null,
    tpm_limit: null,
    budget_duration: null,
    budget_reset_at: null,
    blocked: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    metadata: { team: 'core' },
    ...extra,
  };
}

type Answer = [status: number, body: unknown];
type Route = (url: URL, body: Record<string, unknown>) => Answer;
interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** Answers each "METHOD /path" as a LiteLLM proxy would; anything else is FastAPI's 404. */
function fakeProxy(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: init.body ? body : undefined,
      });
      const route = routes[`${method} ${url.pathname}`];
      const [status, answer] = route ? route(url, body) : [404, { detail: 'Not Found' }];
      return new Response(JSON.stringify(answer), { status });
    }),
  );
  return calls;
}

const page = (keys: unknown[], total = keys.length) => ({
  keys,
  total_count: total,
  current_page: 1,
  total_pages: Math.ceil(total / 10),
});

let backend: TokenBackend;
const stored = new Map<string, string>();

beforeEach(() => {
  stored.clear();
  vi.stubGlobal('localStorage', {
    getItem: (name: string) => stored.get(name) ?? null,
    setItem: (name: string, value: string) => stored.set(name, value),
    removeItem: (name: string) => stored.delete(name),
  });
  backend = createBackend(
    { baseUrl: 'http://litellm.test', adminKey: 'sk-master', kind: 'litellm' },
    {},
    new QueryClient(),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('LiteLLM’s keys in the dashboard’s model', () => {
  it('shows the budget left and the spend in units, the key as LiteLLM masks it', async () => {
    const now = Math.floor(Date.now() / 1000);
    fakeProxy({
      'GET /key/list': () => [
        200,
        page([
          row(1, { rpm_limit: 60, tpm_limit: 90_000, models: ['gpt-4o', 'o3'] }),
          row(2, { max_budget: null, blocked: true, key_alias: null }),
          row(3, { expires: '2020-01-01T00:00:00', budget_duration: '30d' }),
          row(4, { spend: 12, budget_duration: '1d', budget_reset_at: '2026-01-02T00:00:00Z' }),
        ]),
      ],
    });
    const { items, total } = await backend.list({ p: 1, size: 10 });
    expect(total).toBe(4);
    expect(items[0]).toMatchObject({
      id: idOfHash(row(1).token),
      name: 'key 1',
      key: '...0001',
      status: 1,
      // $10 budget, $1.50 spent, 500,000 units to the dollar.
      remain_quota: 4_250_000,
      used_quota: 750_000,
      unlimited_quota: false,
      expired_time: -1,
      created_time: 1_767_225_600,
      models: 'gpt-4o,o3',
      subnet: '',
      rpm_limit: 60,
      quota_reset_period: 'none',
    });
    expect(tpmLimitOf(items[0]!)).toBe(90_000);
    expect(items[1]).toMatchObject({ name: 'sk-...0002', status: 2, unlimited_quota: true });
    // A date without a zone is UTC, as LiteLLM keeps it; past it, the key is expired.
    expect(items[2]).toMatchObject({ status: 3, expired_time: 1_577_836_800 });
    expect(items[2]!.expired_time).toBeLessThan(now);
    expect(items[2]!.quota_reset_period).toBe('monthly');
    expect(items[3]).toMatchObject({
      status: 4,
      remain_quota: 0,
      quota_reset_period: 'daily',
      quota_reset_amount: 5_000_000,
      next_reset_time: 1_767_312_000,
    });
  });

  it('numbers each key by its hash, small enough for the address', () => {
    expect(idOfHash('f'.repeat(64))).toBe(2 ** 48);
    expect(idOfHash(row(1).token)).toBe(idOfHash(row(1).token));
    expect(idOfHash('not a hash')).toBeGreaterThan(0);
    expect(String(idOfHash('not a hash')).length).toBeLessThanOrEqual(15);
  });

  it('converts with the ratio kept in this browser, LiteLLM keeping none', async () => {
    stored.set('tokendesk.quota-per-unit:http://litellm.test', '1000');
    fakeProxy({ 'GET /key/list': () => [200, page([row(1)])] });
    const { items } = await backend.list({ p: 1, size: 10 });
    expect(items[0]).toMatchObject({ remain_quota: 8_500, used_quota: 1_500 });
    await expect(backend.setQuotaPerUnit(2000)).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('kept in this browser'),
    });
  });
});

describe('listing and searching on LiteLLM', () => {
  it('asks LiteLLM for its pages and the orders it has', async () => {
    const calls = fakeProxy({ 'GET /key/list': () => [200, page([row(1)], 41)] });
    const listed = await backend.list({ p: 3, size: 20, order: '-used_quota' });
    expect(listed).toMatchObject({ total: 41, hasNext: false, scanned: null });
    expect(calls[0]!.query).toEqual({
      return_full_object: 'true',
      page: '3',
      size: '20',
      sort_by: 'spend',
      sort_order: 'desc',
    });
    await backend.list({ p: 1, size: 10 });
    // Newest first is LiteLLM's own order.
    expect(calls[1]!.query).toEqual({ return_full_object: 'true', page: '1', size: '10' });
  });

  it('finds names by any part through /key/aliases, then each alias’s key', async () => {
    const calls = fakeProxy({
      'GET /key/aliases': () => [200, { aliases: ['bot one', 'my bot'], total_count: 12 }],
      'GET /key/list': (url) => [
        200,
        page([row(Number(url.searchParams.get('key_alias') === 'my bot') + 1)]),
      ],
    });
    const found = await backend.list({ p: 2, size: 10, keyword: ' bot ' });
    expect(found).toMatchObject({ total: 12, page: 2, hasNext: false });
    expect(found.items.map((token) => token.name)).toEqual(['key 1', 'key 2']);
    expect(calls[0]).toMatchObject({
      path: '/key/aliases',
      query: { search: 'bot', page: '2', size: '10' },
    });
    expect(calls.slice(1).map((call) => call.query.key_alias)).toEqual(['bot one', 'my bot']);
  });

  it('searches names here, over the newest 1,000 keys, where /key/aliases is missing', async () => {
    const calls = fakeProxy({
      'GET /key/list': (url) => {
        const index = Number(url.searchParams.get('page')) - 1;
        return [
          200,
          page(
            Array.from({ length: 100 }, (_, i) => row(index * 100 + i)),
            1500,
          ),
        ];
      },
    });
    const found = await backend.list({ p: 1, size: 10, keyword: 'KEY 99' });
    // Created at the same second, they come in no particular order.
    expect(found.items.map((token) => token.name).sort()).toEqual([
      'key 99',
      ...Array.from({ length: 9 }, (_, i) => `key ${990 + i}`),
    ]);
    expect(found).toMatchObject({ total: 11, scanned: 1000, partialScan: true });
    expect(calls.filter((call) => call.path === '/key/list')).toHaveLength(10);
    // Known to be missing, the route is not asked again.
    await backend.list({ p: 1, size: 10, keyword: 'key 5' });
    expect(calls.filter((call) => call.path === '/key/aliases')).toHaveLength(1);
  });

  it('finds a key pasted whole by the hash LiteLLM keeps of it', async () => {
    const calls = fakeProxy({ 'GET /key/list': () => [200, page([row(7)])] });
    const found = await backend.list({ p: 1, size: 10, token: 'sk-key-7' });
    expect(found.items.map((token) => token.name)).toEqual(['key 7']);
    expect(calls[0]!.query.key_hash).toBe(createHash('sha256').update('sk-key-7').digest('hex'));
  });
});

describe('writing keys on LiteLLM', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('creates with alias, budget in USD, expiry as a duration, models, limits and refill', async () => {
    const calls = fakeProxy({
      'POST /key/generate': (_url, body) => [
        200,
        { ...row(9, { key_alias: body.key_alias, max_budget: body.max_budget }), key: 'sk-WHOLE' },
      ],
    });
    const created = await backend.create({
      name: 'bot',
      remain_quota: 2_500_000,
      unlimited_quota: false,
      expired_time: now() + 30 * 86_400,
      models: 'gpt-4o, o3',
      subnet: '',
      quota_reset_period: 'weekly',
      quota_reset_amount: 0,
      rpm_limit: 60,
      tpm_limit: 1000,
    });
    const body = calls[0]!.body!;
    expect(body).toMatchObject({
      key_alias: 'bot',
      max_budget: 5,
      models: ['gpt-4o', 'o3'],
      rpm_limit: 60,
      tpm_limit: 1000,
      budget_duration: '7d',
    });
    expect(Number(String(body.duration).replace(/s$/, ''))).toBeGreaterThan(30 * 86_400 - 5);
    expect(created).toMatchObject({ name: 'bot', key: 'WHOLE' });
  });

  it('leaves out what LiteLLM takes as its default, and refuses IP ranges before sending', async () => {
    const calls = fakeProxy({
      'POST /key/generate': () => [200, { ...row(9), key: 'sk-WHOLE' }],
    });
    const plain = {
      name: 'open',
      remain_quota: 0,
      unlimited_quota: true,
      expired_time: -1,
      models: '',
      subnet: '',
      quota_reset_period: 'none' as const,
      quota_reset_amount: 0,
      rpm_limit: 0,
    };
    await backend.create(plain);
    expect(calls[0]!.body).toEqual({ key_alias: 'open' });
    const refused = await backend.create({ ...plain, subnet: '10.0.0.0/8' }).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ kind: 'rejected', field: 'subnet' });
    expect(calls).toHaveLength(1);
  });

  it('sends an edit’s changed fields only, nulls where a limit or expiry goes away', async () => {
    const keys = new Map([
      [row(1).token, row(1, { rpm_limit: 60, expires: '2030-01-01T00:00:00Z' })],
    ]);
    const calls = fakeProxy({
      'GET /key/list': () => [200, page([...keys.values()])],
      'GET /key/info': (url) => [
        200,
        { key: url.searchParams.get('key'), info: keys.get(url.searchParams.get('key')!) },
      ],
      'POST /key/update': () => [200, {}],
      'POST /key/block': (_url, body) => [200, { ...keys.get(String(body.key)), blocked: true }],
    });
    const [loaded] = (await backend.list({ p: 1, size: 10 })).items;
    const sent = () => calls.filter((call) => call.path === '/key/update').map((call) => call.body);

    await backend.update(loaded!, { name: 'renamed' });
    expect(sent().at(-1)).toEqual({ key: row(1).token, key_alias: 'renamed' });

    // $4 left over the $1.50 spent: a budget of $5.50.
    await backend.update(loaded!, { remain_quota: 2_000_000, rpm_limit: 0, expired_time: -1 });
    expect(sent().at(-1)).toEqual({
      key: row(1).token,
      max_budget: 5.5,
      rpm_limit: null,
      duration: null,
    });

    // The whole form, as loaded but for its switch: nothing to write but the block.
    const disabled = await backend.update(loaded!, {
      name: loaded!.name,
      remain_quota: loaded!.remain_quota,
      unlimited_quota: false,
      expired_time: loaded!.expired_time,
      models: '',
      subnet: '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 60,
      tpm_limit: 0,
      status: 2,
    });
    expect(sent()).toHaveLength(2);
    expect(calls.at(-1)).toMatchObject({ path: '/key/block', body: { key: row(1).token } });
    expect(disabled.status).toBe(2);
  });

  it('cannot take a refill away, and says so before sending anything', async () => {
    fakeProxy({
      'GET /key/list': () => [200, page([row(1, { budget_duration: '1d' })])],
    });
    const [loaded] = (await backend.list({ p: 1, size: 10 })).items;
    await expect(backend.update(loaded!, { quota_reset_period: 'none' })).rejects.toMatchObject({
      field: 'quota_reset_period',
      message: expect.stringContaining('cannot stop a refill'),
    });
  });

  it('tells LiteLLM’s refusal in its words, about the field it names', async () => {
    fakeProxy({
      'POST /key/generate': () => [
        400,
        {
          error: {
            message: "Key with alias 'bot' already exists. Unique key aliases are required.",
            type: 'bad_request_error',
            param: 'key_alias',
            code: '400',
          },
        },
      ],
    });
    const refused = await backend
      .create({
        name: 'bot',
        remain_quota: 0,
        unlimited_quota: true,
        expired_time: -1,
        models: '',
        subnet: '',
        quota_reset_period: 'none',
        quota_reset_amount: 0,
        rpm_limit: 0,
      })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      kind: 'rejected',
      status: 400,
      field: 'name',
      message: "Key with alias 'bot' already exists. Unique key aliases are required.",
    });
  });

  it('tells FastAPI’s 422 as the problem of the form’s field, and LiteLLM’s dict as its words', async () => {
    fakeProxy({
      'GET /key/list': () => [200, page([row(1)])],
      'POST /key/update': (_url, body) =>
        body.max_budget !== undefined
          ? [
              422,
              {
                detail: [
                  {
                    type: 'float_parsing',
                    loc: ['body', 'max_budget'],
                    msg: 'Input should be a valid number, unable to parse string as a number',
                  },
                ],
              },
            ]
          : [
              404,
              {
                error: {
                  message: "{'error': 'Team not found, passed team_id=None'}",
                  type: 'auth_error',
                  param: 'None',
                  code: '404',
                },
              },
            ],
    });
    const [loaded] = (await backend.list({ p: 1, size: 10 })).items;
    await expect(backend.update(loaded!, { remain_quota: 1 })).rejects.toMatchObject({
      status: 422,
      field: 'remain_quota',
      message: 'max_budget: Input should be a valid number, unable to parse string as a number',
    });
    await expect(backend.update(loaded!, { name: 'x' })).rejects.toMatchObject({
      status: 404,
      message: 'Team not found, passed team_id=None',
    });
  });

  it('deletes by hash, many at once, and reveals nothing', async () => {
    const calls = fakeProxy({
      'GET /key/list': () => [200, page([row(1), row(2)])],
      'POST /key/delete': (_url, body) => [200, { deleted_keys: body.keys }],
    });
    const { items } = await backend.list({ p: 1, size: 10 });
    expect(await backend.removeMany!(items.map((token) => token.id))).toBe(2);
    expect(calls.at(-1)!.body).toEqual({ keys: [row(1).token, row(2).token] });
    await expect(backend.reveal(items[0]!.id)).rejects.toMatchObject({
      message: expect.stringContaining('only a hash'),
    });
  });
});

describe('usage on LiteLLM', () => {
  const day = (date: string, spend: number, requests: number, model: string, hash: string) => ({
    date,
    metrics: { spend, prompt_tokens: 10 * requests, completion_tokens: 5, api_requests: requests },
    breakdown: {
      models: { [model]: { metrics: { spend, api_requests: requests } } },
      api_keys: {
        [hash]: {
          metrics: { spend, api_requests: requests },
          metadata: { key_alias: 'its alias' },
        },
      },
    },
  });

  it('sums days from its daily spend, by model and by key, a day split over pages joined', async () => {
    const [one, two] = [row(1).token, row(2).token];
    const calls = fakeProxy({
      'GET /key/list': () => [200, page([row(1), row(2)])],
      'GET /user/daily/activity': (url) =>
        url.searchParams.get('page') === '1'
          ? [
              200,
              { results: [day('2026-03-02', 1, 4, 'gpt-4o', one)], metadata: { has_more: true } },
            ]
          : [200, { results: [day('2026-03-02', 2, 6, 'o3', two)], metadata: { has_more: false } }],
    });
    await backend.list({ p: 1, size: 10 });
    const from = Date.UTC(2026, 2, 1) / 1000;
    const { figures, logs, deniedCounted } = await backend.usage(null, {
      from,
      to: from + 3 * 86_400,
      bucket: 'day',
    });
    expect(calls.filter((c) => c.path === '/user/daily/activity')[0]!.query).toMatchObject({
      start_date: '2026-03-01',
      end_date: '2026-03-03',
      page: '1',
    });
    expect(figures.series.map((point) => point.quota)).toEqual([0, 1_500_000, 0]);
    expect(figures.totals).toMatchObject({ requests: 10, quota: 1_500_000, prompt_tokens: 100 });
    expect(figures.by_model.map((m) => [m.model, m.quota])).toEqual([
      ['o3', 1_000_000],
      ['gpt-4o', 500_000],
    ]);
    expect(figures.top_tokens).toEqual([
      { token_id: idOfHash(two), name: 'key 2', requests: 6, quota: 1_000_000 },
      { token_id: idOfHash(one), name: 'key 1', requests: 4, quota: 500_000 },
    ]);
    expect({ logs, deniedCounted }).toEqual({ logs: null, deniedCounted: false });
  });

  it('names the keys that spent most by LiteLLM’s alias where the list was not read', async () => {
    const hash = row(3).token;
    fakeProxy({
      'GET /user/daily/activity': () => [
        200,
        { results: [day('2026-03-02', 1, 4, 'gpt-4o', hash)], metadata: { has_more: false } },
      ],
    });
    const from = Date.UTC(2026, 2, 1) / 1000;
    const { figures } = await backend.usage(null, { from, to: from + 3 * 86_400, bucket: 'day' });
    expect(figures.top_tokens).toEqual([
      { token_id: idOfHash(hash), name: 'its alias', requests: 4, quota: 500_000 },
    ]);
  });

  it('sums hours from its spend logs, of one key by its hash', async () => {
    const hash = row(1).token;
    const from = Date.UTC(2026, 2, 1, 10) / 1000;
    const calls = fakeProxy({
      'GET /key/list': () => [200, page([row(1)])],
      'GET /spend/logs': () => [
        200,
        [
          {
            api_key: hash,
            spend: 0.5,
            prompt_tokens: 3,
            completion_tokens: 4,
            startTime: '2026-03-01T11:30:00Z',
            model: 'gpt-4o',
          },
          {
            api_key: hash,
            spend: 0.25,
            prompt_tokens: 1,
            completion_tokens: 1,
            startTime: '2026-03-01T10:05:00Z',
            model: 'gpt-4o',
          },
          {
            api_key: hash,
            spend: 9,
            prompt_tokens: 0,
            completion_tokens: 0,
            startTime: '2026-03-01T09:59:00Z',
            model: 'gpt-4o',
          },
        ],
      ],
    });
    const [token] = (await backend.list({ p: 1, size: 10 })).items;
    const view = await backend.usage(token!, { from, to: from + 2 * 3600, bucket: 'hour' });
    expect(calls.at(-1)!.query).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-02',
      api_key: hash,
      summarize: 'false',
    });
    expect(view.figures.series.map((point) => point.requests)).toEqual([1, 1]);
    expect(view.figures.totals.quota).toBe(375_000);
    expect(view.logs).toEqual({ read: 3, bound: 3, partial: false });
  });
});

describe('telling a LiteLLM proxy', () => {
  const server = { baseUrl: 'http://litellm.test', adminKey: 'sk-master' };
  const liveliness = (body: unknown) => () => [200, body] as Answer;

  it('by FastAPI’s 404 on /api/status and its liveliness, asked without a key', async () => {
    const calls = fakeProxy({ 'GET /health/liveliness': liveliness("I'm alive!") });
    expect(await detectKind(server)).toEqual({ kind: 'litellm', status: null });
    expect(calls.map((call) => call.path)).toEqual(['/api/status', '/health/liveliness']);
  });

  it('in proxy mode, which forwards its key routes only, by its list of keys', async () => {
    fakeProxy({
      'GET /health/liveliness': () => [200, '<!doctype html>'],
      'GET /key/list': () => [200, { keys: ['hash'], total_count: 1 }],
    });
    expect((await detectKind(server)).kind).toBe('litellm');
  });

  it('refuses the key there as LiteLLM does, and keeps the 404 of anything else', async () => {
    fakeProxy({
      'GET /key/list': () => [401, { error: { message: 'Authentication Error, Invalid key' } }],
    });
    await expect(detectKind(server)).rejects.toMatchObject({
      kind: 'unauthorized',
      message: 'Authentication Error, Invalid key',
    });
    fakeProxy({});
    await expect(detectKind(server)).rejects.toMatchObject({ kind: 'rejected', status: 404 });
  });
});
