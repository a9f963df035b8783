import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createClient, type Connection } from './client';
import { startEarlyCalls } from './early-answers';
import { sessionStore } from './session';
import { SESSION_KEY } from './session-key';

const connection: Connection = {
  baseUrl: 'http://service.test',
  adminKey: 'stored-admin-key',
  kind: 'tokendesk',
};
const page = (name: string) =>
  new Response(JSON.stringify({ success: true, message: '', data: { name } }), {
    headers: { 'Content-Type': 'application/json' },
  });
const schema = z.object({ name: z.string() });

/** sessionStorage as the browser keeps it for the tab, and a server that names each answer. */
function browser(session: unknown) {
  const stored = new Map<string, string>();
  if (session !== undefined) stored.set(SESSION_KEY, JSON.stringify(session));
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  let answered = 0;
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    page(`answer ${++answered}`),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the first calls of a signed-in reload', () => {
  it('are sent with the stored key before the app asks, and the app adopts their answers', async () => {
    const fetchMock = browser(connection);
    startEarlyCalls(['/api/token/?p=1&size=10&order=-id']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://service.test/api/token/?p=1&size=10&order=-id');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer stored-admin-key');
    expect(init?.credentials).toBe('omit');

    const client = createClient(connection);
    const query = { p: 1, size: 10, order: '-id' };
    expect(await client.request('GET', '/api/token/', { query, schema })).toEqual({
      name: 'answer 1',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Adopted once: asking again is a new call.
    expect(await client.request('GET', '/api/token/', { query, schema })).toEqual({
      name: 'answer 2',
    });
  });

  it('are not adopted by a call of another address', async () => {
    const fetchMock = browser(connection);
    startEarlyCalls(['/api/token/?p=1&size=10&order=-id']);
    const client = createClient(connection);
    await client.request('GET', '/api/token/', { query: { p: 2, size: 10 }, schema });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'http://service.test/api/token/?p=1&size=10&order=-id',
      'http://service.test/api/token/?p=2&size=10',
    ]);
  });

  it('ask again when the early call failed, so the failure is told as any other', async () => {
    const fetchMock = browser(connection);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    startEarlyCalls(['/api/status']);
    const answer = await createClient(connection).request('GET', '/api/status', { schema });
    expect(answer).toEqual({ name: 'answer 1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are not sent without a session, nor to a gateway, whose calls differ', () => {
    expect(browser(undefined)).not.toHaveBeenCalled();
    startEarlyCalls(['/api/status']);
    const gateway = browser({ ...connection, kind: 'one-api' });
    startEarlyCalls(['/api/status']);
    expect(gateway).not.toHaveBeenCalled();
  });

  it('are forgotten when the session ends or another begins', async () => {
    const fetchMock = browser(connection);
    startEarlyCalls(['/api/status']);
    sessionStore.end('logout');
    sessionStore.connect(connection);
    await createClient(connection).request('GET', '/api/status', { schema });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
