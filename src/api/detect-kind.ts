import { z } from 'zod';
import type { StatusInfo } from '../contract/status';
import { statusInfoOf, upstreamStatusSchema } from '../contract/upstream';
import { createClient, type ClientHooks, type Connection, type ServerKind } from './client';
import { isApiError } from './errors';

/** What a LiteLLM proxy answers on /health/liveliness, without a key. */
const LITELLM_ALIVE = "I'm alive!";

/**
 * A LiteLLM proxy, which has no /api: it says it is alive without a key; in proxy mode, which
 * forwards only its key routes, its list of keys tells it. A key it refuses there is refused.
 */
async function isLiteLlm(connection: Omit<Connection, 'kind'>, hooks: ClientHooks) {
  const client = createClient({ ...connection, kind: 'litellm' }, hooks);
  const alive = await client.exchange('GET', '/health/liveliness', { keyless: true });
  if (alive.status === 200 && alive.body === LITELLM_ALIVE) return true;
  try {
    await client.request('GET', '/key/list', {
      query: { page: 1, size: 1 },
      schema: z.looseObject({ keys: z.array(z.unknown()), total_count: z.number() }),
      quietUnauthorized: true,
    });
    return true;
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') throw error;
    return false;
  }
}

/**
 * Tells the kind of server from its answers: this service's /api/status names no system, the
 * gateways' do; one-api lists tokens as a plain array, new-api as a page with a total; LiteLLM
 * answers /api/status with FastAPI's 404. The status is kept too, so that the session does not
 * ask for it again (LiteLLM's is the dashboard's own, asked for by the session).
 */
export async function detectKind(
  connection: Omit<Connection, 'kind'>,
  hooks: ClientHooks = {},
): Promise<{ kind: ServerKind; status: StatusInfo | null }> {
  const client = createClient({ ...connection, kind: 'tokendesk' }, hooks);
  let status;
  try {
    status = await client.request('GET', '/api/status', { schema: upstreamStatusSchema });
  } catch (error) {
    if (isApiError(error) && error.status === 404 && (await isLiteLlm(connection, hooks)))
      return { kind: 'litellm', status: null };
    throw error;
  }
  if (status.system_name === undefined) return { kind: 'tokendesk', status: statusInfoOf(status) };
  const list = await client.request('GET', '/api/token/', {
    query: { p: 1, size: 1 },
    schema: z.unknown(),
    quietUnauthorized: true,
  });
  return { kind: Array.isArray(list) ? 'one-api' : 'new-api', status: statusInfoOf(status) };
}
