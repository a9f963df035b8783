import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamLog } from '../../contract/upstream';
import { fakeServer, ok, type Call } from '../../test-support/fake-server';
import { createBackend } from '../create-backend';
import { LOG_BOUNDS } from './gateway-usage';

const ONE_API_BOUND = LOG_BOUNDS['one-api'];
const NEW_API_BOUND = LOG_BOUNDS['new-api'];

const HOUR = 3_600;
/** 2024-01-01T00:00:00Z */
const MIDNIGHT = 1_704_067_200;
const ask = { from: MIDNIGHT + 900, to: MIDNIGHT + 2 * HOUR, bucket: 'hour' as const };

/** `count` consume logs of one token, newest first, one a second back from the range's end. */
const logs = (count: number, fields: Partial<UpstreamLog> = {}) =>
  Array.from({ length: count }, (_, i) => ({
    id: count - i,
    user_id: 1,
    created_at: ask.to - 1 - (i % HOUR),
    type: 2,
    content: '',
    username: 'me',
    token_name: 'alpha',
    model_name: 'gpt-4o',
    quota: 3,
    prompt_tokens: 1,
    completion_tokens: 2,
    channel: 1,
    ...fields,
  }));

const param = (call: Call, name: string) => call.url.searchParams.get(name);

/** one-api's GET /api/log/self: 0-based pages of 10, a plain array. */
const oneApiLogs = (all: object[]) => (call: Call) => {
  const p = Number(param(call, 'p'));
  return ok(all.slice(p * 10, p * 10 + 10));
};

/** new-api's GET /api/log/self: 1-based pages of page_size, with the total. */
const newApiLogs = (all: object[], total = all.length) => {
  return (call: Call) => {
    const p = Number(param(call, 'p'));
    const size = Number(param(call, 'page_size'));
    return ok({ page: p, page_size: size, total, items: all.slice((p - 1) * size, p * size) });
  };
};

const backendOf = (kind: 'one-api' | 'new-api') =>
  createBackend({ baseUrl: 'http://gw.test', adminKey: 'k', kind });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usage from a gateway’s logs', () => {
  it('on one-api reads the user’s consume logs of the token and range, 10 a page from 0', async () => {
    const server = fakeServer({ 'GET /api/log/self': oneApiLogs(logs(25)) });
    const heard: number[] = [];
    const view = await backendOf('one-api').usage({ id: 7, name: 'alpha' }, ask, (n) =>
      heard.push(n),
    );
    // The first page alone, then four at a time.
    expect(server.calls.map((call) => param(call, 'p'))).toEqual(['0', '1', '2', '3', '4']);
    const first = server.calls[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({
      p: '0',
      type: '2',
      token_name: 'alpha',
      start_timestamp: String(MIDNIGHT),
      end_timestamp: String(ask.to - 1),
    });
    expect(heard).toEqual([10, 20, 25]);
    expect(view.logs).toEqual({ read: 25, bound: ONE_API_BOUND, partial: false });
    expect(view.deniedCounted).toBe(false);
    expect(view.figures).toMatchObject({
      token_id: 7,
      from: MIDNIGHT,
      totals: { requests: 25, quota: 75, denied: 0, denied_by_code: {} },
      by_model: [{ model: 'gpt-4o', requests: 25, quota: 75 }],
    });
    expect(view.figures.series.map((point) => point.requests)).toEqual([0, 25]);
  });

  it('on one-api stops at the bound and calls the figures partial when a page is left', async () => {
    const server = fakeServer({ 'GET /api/log/self': oneApiLogs(logs(ONE_API_BOUND + 1)) });
    const heard: number[] = [];
    const view = await backendOf('one-api').usage({ id: 7, name: 'alpha' }, ask, (n) =>
      heard.push(n),
    );
    expect(view.logs).toEqual({ read: ONE_API_BOUND, bound: ONE_API_BOUND, partial: true });
    expect(view.figures.totals.requests).toBe(ONE_API_BOUND);
    expect(server.calls).toHaveLength(ONE_API_BOUND / 10 + 1);
    expect(heard.at(-1)).toBe(ONE_API_BOUND);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
  });

  it('on one-api reads exactly the bound as whole figures', async () => {
    fakeServer({ 'GET /api/log/self': oneApiLogs(logs(ONE_API_BOUND)) });
    const view = await backendOf('one-api').usage({ id: 7, name: 'alpha' }, ask);
    expect(view.logs).toEqual({ read: ONE_API_BOUND, bound: ONE_API_BOUND, partial: false });
  });

  it('on new-api pages from 1 by 100 and stops where the total says', async () => {
    const server = fakeServer({ 'GET /api/log/self': newApiLogs(logs(250, { token_id: 7 })) });
    const view = await backendOf('new-api').usage({ id: 7, name: 'alpha' }, ask);
    expect(server.calls.map((call) => [param(call, 'p'), param(call, 'page_size')])).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);
    expect(view.logs).toEqual({ read: 250, bound: NEW_API_BOUND, partial: false });
  });

  it('on new-api reads no page past the bound when the total is larger', async () => {
    const all = logs(NEW_API_BOUND, { token_id: 7 });
    const server = fakeServer({ 'GET /api/log/self': newApiLogs(all, NEW_API_BOUND + 5) });
    const view = await backendOf('new-api').usage(null, ask);
    expect(server.calls.filter((call) => call.url.pathname === '/api/log/self')).toHaveLength(
      NEW_API_BOUND / 100,
    );
    expect(view.logs).toEqual({ read: NEW_API_BOUND, bound: NEW_API_BOUND, partial: true });
  });

  it('on new-api calls the figures partial when a short page comes before the total', async () => {
    // A release that caps page_size below what was asked for: pages of 50 while 100 were asked.
    const all = logs(300, { token_id: 7 });
    fakeServer({
      'GET /api/log/self': (call) => {
        const p = Number(param(call, 'p'));
        return ok({ page: p, page_size: 50, total: 300, items: all.slice((p - 1) * 50, p * 50) });
      },
    });
    const view = await backendOf('new-api').usage({ id: 7, name: 'alpha' }, ask);
    expect(view.logs).toEqual({ read: 50, bound: NEW_API_BOUND, partial: true });
  });

  it('leaves out logs of another token of the same name where logs carry the token id', async () => {
    fakeServer({
      'GET /api/log/self': newApiLogs([
        ...logs(3, { token_id: 7, quota: 1 }),
        ...logs(2, { token_id: 8, quota: 100 }),
      ]),
    });
    const view = await backendOf('new-api').usage({ id: 7, name: 'alpha' }, ask);
    expect(view.figures.totals).toMatchObject({ requests: 3, quota: 3 });
  });

  it('picks out the logs of a token without a name, which the gateway cannot filter by', async () => {
    const server = fakeServer({
      'GET /api/log/self': oneApiLogs([...logs(2, { token_name: '' }), ...logs(4)]),
    });
    const view = await backendOf('one-api').usage({ id: 9, name: '' }, ask);
    expect(server.calls[0]!.url.searchParams.has('token_name')).toBe(false);
    expect(view.figures.totals.requests).toBe(2);
  });

  it('keeps what was read when the gateway’s rate limit stops the reading, as partial figures', async () => {
    const all = logs(100);
    fakeServer({
      'GET /api/log/self': (call) =>
        Number(param(call, 'p')) < 3 ? oneApiLogs(all)(call) : { status: 429, body: '' },
    });
    const view = await backendOf('one-api').usage({ id: 7, name: 'alpha' }, ask);
    expect(view.logs).toEqual({ read: 30, bound: ONE_API_BOUND, partial: true });
    expect(view.figures.totals.requests).toBe(30);
  });

  it('fails when the first page is refused', async () => {
    fakeServer({ 'GET /api/log/self': () => ({ status: 429, body: '' }) });
    await expect(backendOf('one-api').usage(null, ask)).rejects.toMatchObject({
      kind: 'rate-limited',
    });
  });

  it('names the top tokens one-api knows by name only after the one token of that name', async () => {
    const token = (id: number, name: string) => ({
      id,
      name,
      key: 'k'.repeat(48),
      status: 1,
      remain_quota: 0,
      expired_time: -1,
    });
    fakeServer({
      'GET /api/log/self': oneApiLogs([
        ...logs(3, { token_name: 'alpha' }),
        ...logs(2, { token_name: 'twice' }),
        ...logs(1, { token_name: 'gone' }),
      ]),
      'GET /api/token/': (call) =>
        ok(
          param(call, 'p') === '0' ? [token(3, 'alpha'), token(4, 'twice'), token(5, 'twice')] : [],
        ),
    });
    const view = await backendOf('one-api').usage(null, ask);
    expect(view.figures.token_id).toBeUndefined();
    expect(view.figures.top_tokens).toEqual([
      { token_id: 3, name: 'alpha', requests: 3, quota: 9 },
      { token_id: 0, name: 'twice', requests: 2, quota: 6 },
      { token_id: 0, name: 'gone', requests: 1, quota: 3 },
    ]);
  });

  it('counts a token once among the top when its logs name it both by id and by name', async () => {
    fakeServer({
      'GET /api/log/self': newApiLogs([
        ...logs(2, { token_id: 4, token_name: 'beta', quota: 5 }),
        ...logs(3, { token_id: 0, token_name: 'beta', quota: 5 }),
        ...logs(1, { token_id: 0, token_name: 'alpha', quota: 1 }),
      ]),
      'GET /api/token/': () =>
        ok({
          page: 1,
          page_size: 100,
          total: 1,
          items: [
            {
              id: 4,
              name: 'beta',
              key: 'k'.repeat(48),
              status: 1,
              remain_quota: 0,
              expired_time: -1,
            },
          ],
        }),
    });
    const view = await backendOf('new-api').usage(null, ask);
    expect(view.figures.top_tokens).toEqual([
      { token_id: 4, name: 'beta', requests: 5, quota: 25 },
      { token_id: 0, name: 'alpha', requests: 1, quota: 1 },
    ]);
  });
});
