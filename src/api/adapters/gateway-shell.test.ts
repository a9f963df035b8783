import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TokenBackend } from '../backend';
import { createClient } from '../client';
import { gatewayShell } from './gateway-shell';
import { newApiBackend } from './new-api';
import { oneApiBackend } from './one-api';

const connection = { baseUrl: 'http://gateway.test', adminKey: 'sk-admin' };

/** Every field the screens read without a call, and which of the calls the server has. */
function offers(backend: TokenBackend) {
  return Object.fromEntries(
    Object.entries(backend).map(([name, value]) => [
      name,
      typeof value === 'function' ? 'call' : value,
    ]),
  );
}

describe('a gateway before its code is fetched', () => {
  it.each([
    ['one-api', oneApiBackend],
    ['new-api', newApiBackend],
  ] as const)('offers the screens what %s’s own code offers', (kind, full) => {
    const client = createClient({ ...connection, kind });
    const cache = new QueryClient();
    expect(offers(gatewayShell(kind, client, cache))).toEqual(offers(full(client, cache)));
  });
});
