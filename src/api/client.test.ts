import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { activityLog } from './activity';
import { createClient, type CallRecord } from './client';
import { ApiError } from './errors';

const connection = {
  baseUrl: 'http://gateway.test',
  adminKey: 'secret-admin-key',
  kind: 'tokendesk' as const,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => vi.unstubAllGlobals());

describe('the fetch layer', () => {
  it('returns the data of a successful envelope, parsed by its schema', async () => {
    const fetchMock = stubFetch(() => json({ success: true, message: '', data: { id: 7 } }));
    const client = createClient(connection);
    const data = await client.request('GET', '/api/token/7', {
      schema: z.object({ id: z.number() }),
      query: { p: 1, keyword: '', status: undefined },
    });
    expect(data).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://gateway.test/api/token/7?p=1');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer secret-admin-key');
    expect(init?.credentials).toBe('omit');
  });

  it('sends JSON bodies with their content type', async () => {
    const fetchMock = stubFetch(() => json({ success: true, message: '', data: null }));
    await createClient(connection).request('POST', '/api/token/', {
      body: { name: 'a' },
      schema: z.null(),
    });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe('{"name":"a"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns success:false into a refusal carrying the server’s message', async () => {
    stubFetch(() => json({ success: false, message: '令牌名称过长', data: null }));
    const error = await failure(
      createClient(connection).request('POST', '/x', { schema: z.unknown() }),
    );
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('令牌名称过长');
    expect(error.status).toBe(200);
  });

  it('reports a 400 with the server’s message', async () => {
    stubFetch(() =>
      json({ success: false, message: 'name must be 1 to 50 characters', data: null }, 400),
    );
    const error = await failure(
      createClient(connection).request('POST', '/x', { schema: z.unknown() }),
    );
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 400,
      message: 'name must be 1 to 50 characters',
    });
  });

  it('signals a 401 so the session can end, unless the caller handles it', async () => {
    stubFetch(() => json({ success: false, message: 'wrong key', data: null }, 401));
    const onUnauthorized = vi.fn();
    const client = createClient(connection, { onUnauthorized });
    const error = await failure(client.request('GET', '/x', { schema: z.unknown() }));
    expect(error.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await failure(client.request('GET', '/x', { schema: z.unknown(), quietUnauthorized: true }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('explains a 429 with an empty body (one-api’s rate limit)', async () => {
    stubFetch(() => new Response('', { status: 429 }));
    const error = await failure(
      createClient(connection).request('GET', '/x', { schema: z.unknown() }),
    );
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toMatch(/too many requests/i);
  });

  it('names a route’s own tighter limit when it answers 429', async () => {
    stubFetch(() => new Response('', { status: 429 }));
    const client = createClient(connection);
    const search = await failure(
      client.request('GET', '/api/token/search', { schema: z.unknown(), limited: 'search' }),
    );
    expect(search).toMatchObject({ kind: 'rate-limited', limited: 'search' });
    expect(search.message).toMatch(/limits how often one may search: wait a moment/);
    const reveal = await failure(
      client.request('POST', '/api/token/1/key', { schema: z.unknown(), limited: 'reveal' }),
    );
    expect(reveal).toMatchObject({ kind: 'rate-limited', limited: 'reveal' });
    expect(reveal.message).toMatch(/limits how many keys can be revealed: try again later/);
    const other = await failure(client.request('GET', '/api/token/', { schema: z.unknown() }));
    expect(other).toMatchObject({ kind: 'rate-limited', limited: null });
  });

  it('says the server is unreachable when fetch itself fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(
      createClient(connection).request('GET', '/x', { schema: z.unknown() }),
    );
    expect(error.kind).toBe('network');
    expect(error.transient).toBe(true);
    expect(error.message).toContain('Cannot reach the server at gateway.test');
  });

  it('recognises an answer that is not JSON', async () => {
    stubFetch(() => new Response('<html>Welcome to nginx</html>', { status: 200 }));
    const error = await failure(
      createClient(connection).request('GET', '/x', { schema: z.unknown() }),
    );
    expect(error.kind).toBe('invalid-response');
    expect(error.transient).toBe(true);
    expect(error.message).toMatch(/not a Tokendesk API response/);
  });

  it('treats a 502 page without envelope as a server fault worth retrying', async () => {
    stubFetch(() => new Response('Bad Gateway', { status: 502 }));
    const error = await failure(
      createClient(connection).request('GET', '/x', { schema: z.unknown() }),
    );
    expect(error).toMatchObject({ kind: 'server', status: 502, transient: true });
  });

  it('refuses data of an unexpected shape', async () => {
    stubFetch(() => json({ success: true, message: '', data: { id: 'seven' } }));
    const error = await failure(
      createClient(connection).request('GET', '/x', { schema: z.object({ id: z.number() }) }),
    );
    expect(error.kind).toBe('invalid-response');
  });

  it('records each call for the activity panel without the admin key', async () => {
    stubFetch(() => json({ success: true, message: '', data: 1 }));
    const calls: CallRecord[] = [];
    await createClient(connection, { onCall: (call) => calls.push(call) }).request(
      'GET',
      '/api/status',
      {
        schema: z.number(),
      },
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'GET',
      status: 200,
      ok: true,
      url: 'http://gateway.test/api/status',
    });
    expect(JSON.stringify(calls)).not.toContain('secret-admin-key');
  });
});

describe('gateways that refuse a key with HTTP 200', () => {
  it('treat one-api’s “access token” refusal as a rejected key', async () => {
    stubFetch(() => json({ success: false, message: '无权进行此操作，access token 无效' }));
    const onUnauthorized = vi.fn();
    const error = await failure(
      createClient(connection, { onUnauthorized }).request('GET', '/x', { schema: z.unknown() }),
    );
    expect(error.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalled();
  });

  it('send New-Api-User when a user id is given', async () => {
    const fetchMock = stubFetch(() => json({ success: true, message: '', data: null }));
    await createClient({ ...connection, kind: 'new-api', userId: '1' }).request('GET', '/x', {
      schema: z.null(),
    });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('New-Api-User')).toBe('1');
  });
});

describe('a call made as typed (the API explorer)', () => {
  afterEach(() => activityLog.clear());

  it('returns a refusal as an answer, logged in the activity like any call', async () => {
    stubFetch(() =>
      json({ success: false, message: 'remain_quota must be a whole number', data: null }, 400),
    );
    const client = createClient(connection, { onCall: activityLog.add });
    const answer = await client.exchange('POST', '/api/token/', { body: { name: 'a' } });
    expect(answer).toMatchObject({
      status: 400,
      body: { success: false, message: 'remain_quota must be a whole number' },
    });
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);
    expect(activityLog.get()[0]).toMatchObject({
      method: 'POST',
      url: 'http://gateway.test/api/token/',
      body: '{"name":"a"}',
      status: 400,
      ok: false,
      outcome: 'remain_quota must be a whole number',
    });
  });

  it('shows a 401 without ending the session', async () => {
    stubFetch(() => json({ success: false, message: 'The admin key is missing or wrong' }, 401));
    const onUnauthorized = vi.fn();
    const answer = await createClient(connection, { onUnauthorized }).exchange('GET', '/x');
    expect(answer.status).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps an answer that is not JSON as its text, and an empty one as nothing', async () => {
    stubFetch(() => new Response('<!doctype html><title>API</title>', { status: 200 }));
    const page = await createClient(connection).exchange('GET', '/api/docs');
    expect(page.body).toBe('<!doctype html><title>API</title>');
    stubFetch(() => new Response(null, { status: 204 }));
    expect((await createClient(connection).exchange('DELETE', '/x')).body).toBeUndefined();
  });

  it('sends the query as given, and no key to an open route', async () => {
    const fetchMock = stubFetch(() => json({ status: 'ok' }));
    const client = createClient({ ...connection, userId: '1' });
    await client.exchange('GET', '/api/token/', { query: { p: '2', keyword: '' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('http://gateway.test/api/token/?p=2');
    await client.exchange('GET', '/healthz', { keyless: true });
    const headers = new Headers(fetchMock.mock.calls[1]![1]?.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('New-Api-User')).toBeNull();
  });

  it('throws only when no answer came, and logs that too', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createClient(connection, { onCall: activityLog.add });
    const error = await failure(client.exchange('GET', '/api/status'));
    expect(error.kind).toBe('network');
    expect(activityLog.get()[0]).toMatchObject({ status: null, ok: false });
  });
});

describe('a LiteLLM proxy, which answers without the envelope', () => {
  const liteLlm = { ...connection, kind: 'litellm' as const };
  afterEach(() => activityLog.clear());

  it('takes the whole answer as the payload', async () => {
    stubFetch(() => json({ keys: [], total_count: 0 }));
    const data = await createClient(liteLlm).request('GET', '/key/list', {
      schema: z.object({ keys: z.array(z.unknown()), total_count: z.number() }),
    });
    expect(data).toEqual({ keys: [], total_count: 0 });
  });

  it('refuses with LiteLLM’s own words, a Python dict unwrapped, under the HTTP status', async () => {
    stubFetch(() =>
      json(
        {
          error: {
            message: "{'error': 'max_budget cannot be negative. Received: -1.0'}",
            type: 'auth_error',
            param: 'None',
            code: '400',
          },
        },
        400,
      ),
    );
    const error = await failure(
      createClient(liteLlm).request('POST', '/key/update', { body: {}, schema: z.unknown() }),
    );
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 400,
      serverMessage: 'max_budget cannot be negative. Received: -1.0',
      message: 'max_budget cannot be negative. Received: -1.0',
    });
  });

  it('signs out on its 401, and calls a page that is not JSON an invalid answer', async () => {
    stubFetch(() =>
      json({ error: { message: 'Authentication Error, Invalid proxy server token passed.' } }, 401),
    );
    const onUnauthorized = vi.fn();
    const client = createClient(liteLlm, { onUnauthorized });
    const refused = await failure(client.request('GET', '/key/list', { schema: z.unknown() }));
    expect(refused.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledOnce();
    stubFetch(() => new Response('<!doctype html>', { status: 200 }));
    const page = await failure(client.request('GET', '/key/list', { schema: z.unknown() }));
    expect(page.kind).toBe('invalid-response');
  });

  it('logs a refusal shown as it came with its words, and a 200 as OK', async () => {
    const client = createClient(liteLlm, { onCall: activityLog.add });
    stubFetch(() => json({ detail: [{ loc: ['query', 'size'], msg: 'Too big' }] }, 422));
    await client.exchange('GET', '/key/list', { query: { size: 500 } });
    stubFetch(() => json({ keys: [] }));
    await client.exchange('GET', '/key/list');
    expect(activityLog.get().map(({ ok, outcome }) => ({ ok, outcome }))).toEqual([
      { ok: true, outcome: 'OK' },
      { ok: false, outcome: 'size: Too big' },
    ]);
  });
});
