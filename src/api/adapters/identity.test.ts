import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test-support/fake-server';
import { createBackend } from '../create-backend';

afterEach(() => vi.unstubAllGlobals());

const at = (kind: 'tokendesk' | 'one-api' | 'new-api') =>
  createBackend({ baseUrl: 'http://server.test', adminKey: 'k', kind });

describe('who the connected key is', () => {
  it('is the service’s answer on Tokendesk, which also keeps admin keys', async () => {
    const server = fakeServer({
      'GET /api/admin-key/self': () => ok({ id: 2, name: 'Support desk', role: 'operator' }),
    });
    const backend = at('tokendesk');
    await expect(backend.identity()).resolves.toEqual({
      id: 2,
      name: 'Support desk',
      role: 'operator',
    });
    expect(server.calls.map((call) => call.url.pathname)).toEqual(['/api/admin-key/self']);
    expect(backend.adminKeys).not.toBeNull();
  });

  it.each(['one-api', 'new-api'] as const)(
    'is an owner named after the access token’s user on %s, which has no admin keys',
    async (kind) => {
      fakeServer({
        'GET /api/user/self': () => ok({ id: 1, username: 'root', display_name: 'Root User' }),
      });
      const backend = at(kind);
      await expect(backend.identity()).resolves.toEqual({
        id: 0,
        name: 'Root User',
        role: 'owner',
      });
      expect(backend.adminKeys).toBeNull();
    },
  );
});
