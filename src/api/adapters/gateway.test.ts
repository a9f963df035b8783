import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackend } from '../create-backend';
import { SCAN_TTL_MS } from './gateway-scan';

/**
 * A gateway holding tokens in memory and answering as one-api or new-api do, so the number of
 * requests the dashboard makes can be counted.
 */
function fakeGateway(kind: 'one-api' | 'new-api', count: number) {
  const key = (id: number) => String(id).padStart(4, '0').repeat(12);
  const tokens = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    user_id: 1,
    key: key(i + 1),
    status: 1,
    name: `token ${i + 1}`,
    created_time: 1_700_000_000,
    accessed_time: 1_700_000_000,
    expired_time: -1,
    remain_quota: 1000,
    unlimited_quota: false,
    used_quota: 0,
    models: '',
    subnet: '',
    quota_reset_period: 'none' as const,
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
  }));
  let nextId = count + 1;
  const requests: string[] = [];
  const answer = (data?: unknown) =>
    new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const method = init.method ?? 'GET';
      const body = (init.body ? JSON.parse(String(init.body)) : {}) as {
        id?: number;
        status?: number;
        ids?: number[];
      };
      requests.push(`${method} ${url.pathname}`);
      const newest = [...tokens].sort((a, b) => b.id - a.id);
      const id = Number(url.pathname.split('/')[3]);
      const found = tokens.find((t) => t.id === (method === 'PUT' ? body.id : id));
      if (method === 'GET' && url.pathname === '/api/token/') {
        const p = Number(url.searchParams.get('p'));
        if (kind === 'one-api') return answer(newest.slice(p * 10, p * 10 + 10));
        const size = Number(url.searchParams.get('size'));
        const items = newest.slice((p - 1) * size, p * size);
        return answer({ page: p, page_size: size, total: tokens.length, items });
      }
      if (method === 'GET') return answer(found);
      if (method === 'PUT' && found) {
        if (url.searchParams.get('status_only')) found.status = body.status ?? found.status;
        else Object.assign(found, body);
        return answer(found);
      }
      if (method === 'DELETE' && found) {
        tokens.splice(tokens.indexOf(found), 1);
        return answer();
      }
      if (method === 'POST' && url.pathname === '/api/token/batch') {
        const ids = body.ids ?? [];
        const gone = tokens.filter((t) => ids.includes(t.id));
        for (const token of gone) tokens.splice(tokens.indexOf(token), 1);
        return answer(gone.length);
      }
      if (method === 'POST' && url.pathname === '/api/token/') {
        const created = { ...tokens[0]!, ...body, id: nextId, key: key(nextId), status: 1 };
        nextId++;
        tokens.push(created);
        return answer(kind === 'one-api' ? created : undefined);
      }
      return answer(null);
    }),
  );
  const backend = createBackend({ baseUrl: 'http://gw.test', adminKey: 'k', kind });
  const scans = () => requests.filter((r) => r === 'GET /api/token/').length;
  return { backend, requests, scans };
}

const newToken = {
  name: 'new',
  remain_quota: 5,
  expired_time: -1,
  unlimited_quota: false,
  models: '',
  subnet: '',
  quota_reset_period: 'none' as const,
  quota_reset_amount: 0,
  rpm_limit: 0,
};

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the summary on a gateway', () => {
  it('reads every page once, then follows the dashboard’s own writes without reading them again', async () => {
    const { backend, requests, scans } = fakeGateway('one-api', 95);
    expect(await backend.summary!()).toMatchObject({ total: 95, enabled: 95 });
    expect(scans()).toBe(10);

    const token = await backend.get(7);
    await backend.setStatus(7, 2);
    await backend.update(token, { name: 'renamed', remain_quota: 0, unlimited_quota: true });
    await backend.remove(8);
    await backend.create(newToken);
    const writes = requests.length;

    expect(await backend.summary!()).toMatchObject({
      total: 95,
      enabled: 94,
      disabled: 1,
      unlimited: 1,
      remain_quota: 93 * 1000 + 5,
    });
    const found = await backend.list({ p: 1, size: 10, keyword: 'renamed' });
    expect(found.items.map((t) => [t.id, t.status])).toEqual([[7, 2]]);
    expect(requests.length).toBe(writes);
    expect(scans()).toBe(10);
  });

  it('counts what a search finds, as the list does, from the tokens read once', async () => {
    const { backend, scans } = fakeGateway('one-api', 25);
    await backend.setStatus(12, 2);
    expect(await backend.summary!({ keyword: ' Token 1', token: '' })).toMatchObject({
      total: 11,
      enabled: 10,
      disabled: 1,
      remain_quota: 11 * 1000,
    });
    const found = await backend.list({ p: 1, size: 10, keyword: ' Token 1' });
    expect(found.total).toBe(11);
    const key = `sk-${'0007'.repeat(12)}`;
    expect(await backend.summary!({ keyword: '', token: key })).toMatchObject({ total: 1 });
    expect(await backend.summary!({})).toMatchObject({ total: 25 });
    expect(scans()).toBe(3);
  });

  it('costs each edit two requests: the record as it is now, then the write', async () => {
    const { backend, requests } = fakeGateway('one-api', 3);
    const token = await backend.get(2);
    const before = requests.length;
    const saved = await backend.update(token, { name: 'renamed' });
    expect(saved).toMatchObject({ id: 2, name: 'renamed' });
    expect(requests.slice(before)).toEqual(['GET /api/token/2', 'PUT /api/token/']);
  });

  it('reads everything again after a minute, for changes made elsewhere', async () => {
    const { backend, scans } = fakeGateway('one-api', 15);
    await backend.summary!();
    vi.setSystemTime(Date.now() + SCAN_TTL_MS / 2);
    await backend.summary!();
    expect(scans()).toBe(2);
    vi.setSystemTime(Date.now() + SCAN_TTL_MS);
    await backend.summary!();
    expect(scans()).toBe(4);
  });

  it('reads everything again after a create that does not return the token (new-api)', async () => {
    const { backend, scans } = fakeGateway('new-api', 150);
    expect(await backend.summary!()).toMatchObject({ total: 150 });
    expect(scans()).toBe(2);
    await backend.removeMany!([1, 2, 3]);
    expect(await backend.summary!()).toMatchObject({ total: 147 });
    expect(scans()).toBe(2);
    expect(await backend.create(newToken)).toBeNull();
    expect(await backend.summary!()).toMatchObject({ total: 148 });
    expect(scans()).toBe(4);
  });

  it('reads everything again when a write’s outcome is unknown, not when it was refused', async () => {
    const { backend, scans } = fakeGateway('one-api', 5);
    await backend.summary!();
    const answer = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ success: false, message: '令牌已过期，无法启用', data: null }),
      ),
    );
    await expect(backend.setStatus(1, 1)).rejects.toThrow('令牌已过期');
    vi.stubGlobal('fetch', answer);
    await backend.summary!();
    expect(scans()).toBe(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(backend.remove(1)).rejects.toThrow(/Cannot reach/);
    vi.stubGlobal('fetch', answer);
    expect(await backend.summary!()).toMatchObject({ total: 5 });
    expect(scans()).toBe(2);
  });

  it('reads every page once for searches made while it reads, and tells each of them how far it is', async () => {
    const { backend, scans } = fakeGateway('one-api', 25);
    const heard: Record<string, number[]> = { first: [], second: [] };
    const first = backend.list({ p: 1, size: 10, keyword: 'token 1' }, (n) => heard.first!.push(n));
    const second = backend.list({ p: 1, size: 10, keyword: 'token 2' }, (n) =>
      heard.second!.push(n),
    );
    expect((await first).total).toBe(11);
    expect((await second).total).toBe(7);
    expect(scans()).toBe(3);
    expect(heard.first).toEqual([10, 20, 25]);
    expect(heard.second?.at(-1)).toBe(25);
  });

  it('reads everything again after a write made while every page was being read', async () => {
    const { backend, scans } = fakeGateway('one-api', 25);
    const reading = backend.summary!();
    await backend.setStatus(3, 2);
    expect(await reading).toMatchObject({ total: 25 });
    expect(await backend.summary!()).toMatchObject({ total: 25, disabled: 1 });
    expect(scans()).toBe(6);
  });
});
