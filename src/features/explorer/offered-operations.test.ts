import { describe, expect, it } from 'vitest';
import { offeredOperations } from './offered-operations';

const routes = (kind: Parameters<typeof offeredOperations>[0]) =>
  offeredOperations(kind).map((operation) => `${operation.method} ${operation.path}`);

describe('the operations the explorer offers', () => {
  it('are what each kind of server shares with this service', () => {
    const shared = [
      'GET /api/token/',
      'POST /api/token/',
      'PUT /api/token/',
      'DELETE /api/token/{id}',
    ];
    expect(routes('one-api')).toEqual(shared);
    expect(routes('new-api')).toEqual(shared);
    expect(routes('tokendesk').length).toBeGreaterThan(shared.length);
    // LiteLLM keeps its keys under routes of its own: it shares none.
    expect(routes('litellm')).toEqual([]);
  });
});
