import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackend } from '../create-backend';
import { detectKind } from '../detect-kind';
import { ApiError } from '../errors';

/** Answers recorded from the gateways' documented shapes, served by path. */
type Route = (url: URL, init: RequestInit) => unknown;

function serve(routes: Record<string, Route>) {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[`${method} ${url.pathname}`];
      if (!route) return new Response('404 page not found', { status: 404 });
      const answer = route(url, init);
      return answer instanceof Response
        ? answer
        : new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) => ({ success: true, message: '', data });
const key = (n: number) => String(n).padStart(4, '0').repeat(12);
const oneApiToken = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  user_id: 1,
  key: key(id),
  status: 1,
  name: `token ${id}`,
  created_time: 1_700_000_000 + id,
  accessed_time: 1_700_000_000 + id,
  expired_time: -1,
  remain_quota: id * 1000,
  unlimited_quota: false,
  used_quota: 0,
  models: null,
  subnet: '',
  quota_reset_period: 'none',
  quota_reset_amount: 0,
  next_reset_time: -1,
  rpm_limit: 0,
  ...extra,
});
const oneApiTokens = Array.from({ length: 23 }, (_, i) => oneApiToken(23 - i));
const connection = { baseUrl: 'http://gw.test', adminKey: 'k' };

describe('the one-api adapter', () => {
  const routes: Record<string, Route> = {
    'GET /api/token/': (url) => {
      const p = Number(url.searchParams.get('p'));
      return ok(oneApiTokens.slice(p * 10, p * 10 + 10));
    },
  };

  it('pages 0-based by ten with no total, and knows there is a next page while one is full', async () => {
    const calls = serve(routes);
    const backend = createBackend({ ...connection, kind: 'one-api' });
    const first = await backend.list({ p: 1, size: 50 });
    expect(first).toMatchObject({ total: null, hasNext: true, pageSize: 10, scanned: null });
    expect(first.items.map((t) => t.id)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(first.items[0]?.models).toBe('');
    expect(calls[0]?.url.searchParams.get('p')).toBe('0');
    const last = await backend.list({ p: 3, size: 10 });
    expect(last).toMatchObject({ hasNext: false });
    expect(last.items).toHaveLength(3);
  });

  it('searches names (contains, any case) over every page and reports the scan', async () => {
    serve(routes);
    const progress: number[] = [];
    const page = await createBackend({ ...connection, kind: 'one-api' }).list(
      { p: 1, size: 10, keyword: 'KEN 2', order: 'name' },
      (loaded) => progress.push(loaded),
    );
    expect(page.items.map((t) => t.name)).toEqual([
      'token 2',
      'token 20',
      'token 21',
      'token 22',
      'token 23',
    ]);
    expect(page).toMatchObject({ total: 5, scanned: 23, hasNext: false });
    expect(progress).toEqual([10, 20, 23]);
  });

  it('sends the token as loaded with the edit on top, fields it does not know included, never the key', async () => {
    const stored = oneApiToken(5, {
      models: 'gpt-4o',
      subnet: '10.0.0.0/8',
      expired_time: 1_900_000_000,
      field_of_a_later_release: 'kept',
    });
    const calls = serve({
      'GET /api/token/5': () => ok(stored),
      'PUT /api/token/': () => ok(null),
    });
    await createBackend({ ...connection, kind: 'one-api' }).update(
      { ...stored, status: 1, models: '', subnet: '' } as never,
      { name: 'renamed' },
    );
    const put = calls.find((c) => c.method === 'PUT');
    const { key: _key, ...withoutKey } = stored;
    expect(put?.body).toEqual({ ...withoutKey, name: 'renamed' });
    expect(JSON.stringify(put?.body)).not.toContain(key(5));
  });

  it('reads whole keys from the token itself: there is no reveal route', async () => {
    serve({ 'GET /api/token/7': () => ok(oneApiToken(7)) });
    expect(await createBackend({ ...connection, kind: 'one-api' }).reveal(7)).toBe(key(7));
  });
});

describe('the new-api adapter', () => {
  const masked = (id: number) => ({
    ...oneApiToken(id),
    key: `${key(id).slice(0, 4)}**********${key(id).slice(-4)}`,
  });

  it('pages 1-based with the total and searches on the server', async () => {
    const calls = serve({
      'GET /api/token/': () => ok({ page: 2, page_size: 20, total: 45, items: [masked(1)] }),
      'GET /api/token/search': () => ok({ page: 1, page_size: 10, total: 1, items: [masked(9)] }),
    });
    const backend = createBackend({ ...connection, kind: 'new-api', userId: '3' });
    expect(await backend.list({ p: 2, size: 20 })).toMatchObject({
      total: 45,
      hasNext: true,
      scanned: null,
    });
    const found = await backend.list({ p: 1, size: 10, token: `sk-${key(9)}` });
    expect(found.items[0]?.id).toBe(9);
    expect(calls[1]?.url.searchParams.get('token')).toBe(key(9));
  });

  it('accepts the older plain-array search answer', async () => {
    serve({ 'GET /api/token/search': () => ok([masked(4)]) });
    const page = await createBackend({ ...connection, kind: 'new-api' }).list({
      p: 1,
      size: 10,
      keyword: 'token',
    });
    expect(page).toMatchObject({ total: 1 });
  });

  const named = (id: number, name: string) => ({ ...masked(id), name });
  /** new-api's search since model.sanitizeLikePattern: the whole name, unless `%` (any run). */
  const exactUnlessWildcard = (tokens: ReturnType<typeof named>[]) => (url: URL) => {
    const parts = (url.searchParams.get('keyword') ?? '').split('%');
    const pattern = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    const items = tokens.filter((token) => new RegExp(`^${pattern}$`, 'i').test(token.name));
    return ok({ page: 1, page_size: 10, total: items.length, items });
  };
  const nightly = [named(2, 'weekly-report'), named(1, 'nightly-batch')];

  it('finds a name by any part of it where new-api matches the keyword exactly', async () => {
    const calls = serve({ 'GET /api/token/search': exactUnlessWildcard(nightly) });
    const page = await createBackend({ ...connection, kind: 'new-api', userId: '1' }).list({
      p: 1,
      size: 10,
      keyword: 'nightly',
    });
    expect(page.items.map((t) => t.name)).toEqual(['nightly-batch']);
    expect(page).toMatchObject({ total: 1, scanned: null });
    expect(calls[0]?.url.searchParams.get('keyword')).toBe('%nightly%');
  });

  it('searches every page for a typed % or a single letter: names containing it as typed', async () => {
    const calls = serve({
      'GET /api/token/search': exactUnlessWildcard([]),
      'GET /api/token/': () =>
        ok({
          page: 1,
          page_size: 100,
          total: 3,
          items: [named(3, 'rate 50%'), named(2, 'x-ray'), named(1, '50 rate')],
        }),
    });
    const backend = createBackend({ ...connection, kind: 'new-api' });
    const percent = await backend.list({ p: 1, size: 10, keyword: '50%' });
    expect(percent.items.map((t) => t.name)).toEqual(['rate 50%']);
    const letter = await backend.list({ p: 1, size: 10, keyword: 'X' });
    expect(letter.items.map((t) => t.name)).toEqual(['x-ray']);
    expect(letter.scanned).toBe(3);
    expect(calls.filter((c) => c.url.pathname === '/api/token/search')).toEqual([]);
  });

  it('searches every page where new-api allows only exact searches (a user over its cap)', async () => {
    serve({
      'GET /api/token/search': () => ({
        success: false,
        message: '令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符',
      }),
      'GET /api/token/': () => ok({ page: 1, page_size: 100, total: 2, items: nightly }),
    });
    const page = await createBackend({ ...connection, kind: 'new-api' }).list({
      p: 1,
      size: 10,
      keyword: 'night',
    });
    expect(page.items.map((t) => t.name)).toEqual(['nightly-batch']);
  });

  it('creates without getting the token back, reveals through its route, deletes in batches', async () => {
    serve({
      'POST /api/token/': () => ({ success: true, message: '' }),
      'POST /api/token/3/key': () => ok({ key: key(3) }),
      'POST /api/token/batch': () => ok(2),
    });
    const backend = createBackend({ ...connection, kind: 'new-api' });
    expect(
      await backend.create({
        name: 'n',
        remain_quota: 1,
        expired_time: -1,
        unlimited_quota: false,
        models: '',
        subnet: '',
        quota_reset_period: 'none',
        quota_reset_amount: 0,
        rpm_limit: 0,
      }),
    ).toBeNull();
    expect(await backend.reveal(3)).toBe(key(3));
    expect(await backend.removeMany?.([3, 4])).toBe(2);
  });

  const limited = (id: number) => {
    const { models: _models, subnet: _subnet, ...fields } = masked(id);
    return {
      ...fields,
      model_limits_enabled: true,
      model_limits: 'gpt-4o, claude-3',
      allow_ips: '1.2.3.4\n10.0.0.0/8\n',
      group: 'auto',
      cross_group_retry: true,
    };
  };

  it('keeps what the edit leaves alone (model limits, allowed IPs, group) exactly as it was', async () => {
    const stored = { ...limited(8), allow_ips: null, model_limits_enabled: false };
    const calls = serve({
      'GET /api/token/8': () => ok(stored),
      'PUT /api/token/': () => ok(stored),
    });
    const backend = createBackend({ ...connection, kind: 'new-api' });
    await backend.update(await backend.get(8), { remain_quota: 1 });
    const { key: _key, ...withoutKey } = stored;
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...withoutKey,
      remain_quota: 1,
    });
  });

  it('shows the model allow-list (when switched on) and allowed IPs in the form’s fields', async () => {
    serve({
      'GET /api/token/': () =>
        ok({
          page: 1,
          page_size: 10,
          total: 2,
          items: [limited(2), { ...limited(1), model_limits_enabled: false }],
        }),
    });
    const page = await createBackend({ ...connection, kind: 'new-api' }).list({ p: 1, size: 10 });
    expect(page.items.map(({ models, subnet }) => ({ models, subnet }))).toEqual([
      { models: 'gpt-4o,claude-3', subnet: '1.2.3.4,10.0.0.0/8' },
      { models: '', subnet: '1.2.3.4,10.0.0.0/8' },
    ]);
  });

  it('saves edited models and IP ranges in new-api’s fields, switching the limit with the list', async () => {
    const calls = serve({
      'GET /api/token/8': () => ok(limited(8)),
      'PUT /api/token/': () => ok(limited(8)),
    });
    const backend = createBackend({ ...connection, kind: 'new-api' });
    const loaded = await backend.get(8);
    await backend.update(loaded, { models: 'gpt-4o-mini , o3', subnet: '192.168.0.0/16, 1.2.3.4' });
    await backend.update(loaded, { models: '', subnet: '' });
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(puts[0]).toMatchObject({
      model_limits_enabled: true,
      model_limits: 'gpt-4o-mini,o3',
      allow_ips: '192.168.0.0/16\n1.2.3.4',
      group: 'auto',
    });
    expect(puts[1]).toMatchObject({ model_limits_enabled: false, model_limits: '', allow_ips: '' });
    for (const body of puts) expect(body).not.toHaveProperty('models');
  });

  it('creates with the models and IP ranges in new-api’s fields', async () => {
    const calls = serve({ 'POST /api/token/': () => ({ success: true, message: '' }) });
    await createBackend({ ...connection, kind: 'new-api' }).create({
      name: 'n',
      remain_quota: 1,
      expired_time: -1,
      unlimited_quota: false,
      models: 'gpt-4o',
      subnet: '10.0.0.0/8,1.2.3.4',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 0,
    });
    expect(calls[0]?.body).toEqual({
      name: 'n',
      remain_quota: 1,
      expired_time: -1,
      unlimited_quota: false,
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
      allow_ips: '10.0.0.0/8\n1.2.3.4',
    });
  });

  it('waits for typing to pause before searching, longest where the server limits searches', () => {
    const ownPause = createBackend({ ...connection, kind: 'tokendesk' }).searchDelayMs;
    expect(ownPause).toBeGreaterThanOrEqual(200);
    expect(ownPause).toBeLessThanOrEqual(300);
    expect(createBackend({ ...connection, kind: 'new-api' }).searchDelayMs).toBeGreaterThan(
      ownPause,
    );
  });

  it('names the search limit and the reveal limit when either answers 429', async () => {
    serve({
      'GET /api/token/search': () => new Response('', { status: 429 }),
      'POST /api/token/3/key': () => new Response('', { status: 429 }),
    });
    const backend = createBackend({ ...connection, kind: 'new-api' });
    const searching = await backend.list({ p: 1, size: 10, keyword: 'prod' }).catch((e) => e);
    expect(searching).toBeInstanceOf(ApiError);
    expect(searching).toMatchObject({ kind: 'rate-limited', limited: 'search' });
    expect(searching.message).toMatch(/limits how often one may search/);
    const revealing = await backend.reveal(3).catch((e) => e);
    expect(revealing).toMatchObject({ kind: 'rate-limited', limited: 'reveal' });
    expect(revealing.message).toMatch(/limits how many keys can be revealed/);
  });
});

describe('the audit', () => {
  it('is read from this service with the filters asked for, and checked against the contract', async () => {
    const record = {
      id: 5,
      time: 1_764_000_000,
      actor: { id: 0, name: 'ADMIN_KEY', role: 'owner' },
      ip: '127.0.0.1',
      action: 'token.reveal',
      token_id: 3,
      token_deleted: false,
      before: null,
      after: null,
    };
    const page = { items: [record], total: 1, total_capped: false, page: 2, page_size: 20 };
    const calls = serve({ 'GET /api/audit/': () => ok(page) });
    const backend = createBackend({ ...connection, kind: 'tokendesk' });
    expect(await backend.audit!({ p: 2, size: 20, token_id: 3, action: 'token.reveal' })).toEqual(
      page,
    );
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      p: '2',
      size: '20',
      token_id: '3',
      action: 'token.reveal',
    });
    serve({
      'GET /api/audit/': () => ok({ ...page, items: [{ ...record, action: 'token.burn' }] }),
    });
    await expect(backend.audit!({ p: 1, size: 20 })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('is not kept by the gateways', () => {
    expect(createBackend({ ...connection, kind: 'one-api' }).audit).toBeNull();
    expect(createBackend({ ...connection, kind: 'new-api' }).audit).toBeNull();
  });
});

describe('detecting the kind of server', () => {
  it('knows this service by a status without a system name', async () => {
    serve({
      'GET /api/status': () =>
        ok({ version: '0.1.0', quota_per_unit: 500000, display_in_currency: true }),
    });
    expect(await detectKind(connection)).toEqual({
      kind: 'tokendesk',
      status: { version: '0.1.0', quota_per_unit: 500000, display_in_currency: true },
    });
  });

  it('tells one-api from new-api by the shape of the list', async () => {
    serve({
      'GET /api/status': () => ok({ system_name: 'One API', quota_per_unit: 500000 }),
      'GET /api/token/': () => ok([]),
    });
    expect(await detectKind(connection)).toMatchObject({ kind: 'one-api' });
    serve({
      'GET /api/status': () => ok({ system_name: 'New API', quota_per_unit: 500000 }),
      'GET /api/token/': () => ok({ page: 1, page_size: 1, total: 0, items: [] }),
    });
    expect(await detectKind(connection)).toMatchObject({ kind: 'new-api' });
  });
});
