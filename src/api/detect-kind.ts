import { z } from 'zod';
import type { StatusInfo } from '../contract/status';
import { statusInfoOf, upstreamStatusSchema } from '../contract/upstream';
import { createClient, type ClientHooks, type Connection, type ServerKind } from './client';

/**
 * Tells the kind of server from its answers: this service's /api/status names no system, the
 * gateways' do; one-api lists tokens as a plain array, new-api as a page with a total. The
 * status is kept too, so that the session does not ask for it again.
 */
export async function detectKind(
  connection: Omit<Connection, 'kind'>,
  hooks: ClientHooks = {},
): Promise<{ kind: ServerKind; status: StatusInfo }> {
  const client = createClient({ ...connection, kind: 'tokendesk' }, hooks);
  const status = await client.request('GET', '/api/status', { schema: upstreamStatusSchema });
  if (status.system_name === undefined) return { kind: 'tokendesk', status: statusInfoOf(status) };
  const list = await client.request('GET', '/api/token/', {
    query: { p: 1, size: 1 },
    schema: z.unknown(),
    quietUnauthorized: true,
  });
  return { kind: Array.isArray(list) ? 'one-api' : 'new-api', status: statusInfoOf(status) };
}
