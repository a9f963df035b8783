import { authHeaders } from '../../lib/api';
import type { RunningService } from '../../lib/service';
import { MODEL, SLOW_MODEL, upstreamBase } from './shapes';

export const UPSTREAM_KEY = 'sk-bench-upstream-key';
/** gpt-4o's list prices: a request of the suite costs about a hundred units, a hold a few hundred. */
export const INPUT_PRICE = 2.5;
export const OUTPUT_PRICE = 10;

async function post(service: RunningService, path: string, body: object): Promise<unknown> {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { ...authHeaders(service), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: unknown; message: string };
  if (!response.ok)
    throw new Error(`POST ${path} answered ${response.status}: ${envelope.message}`);
  return envelope.data;
}

/** The suite's two models, both answered by the fake upstream, as an administrator adds them. */
export async function addModels(service: RunningService, upstreamUrl: string): Promise<void> {
  for (const name of [MODEL, SLOW_MODEL]) {
    await post(service, '/api/model/', {
      name,
      upstream_url: upstreamBase(upstreamUrl),
      upstream_model: name,
      upstream_key: UPSTREAM_KEY,
      input_price: INPUT_PRICE,
      output_price: OUTPUT_PRICE,
      max_output_tokens: 4096,
      stream_usage: true,
      enabled: true,
    });
  }
}

export interface GatewayKey {
  id: number;
  /** The Authorization header a client sends. */
  authorization: string;
}

/** A limited key, so that every request is held and settled. */
export async function createKey(
  service: RunningService,
  name: string,
  remainQuota: number,
): Promise<GatewayKey> {
  const token = (await post(service, '/api/token/', {
    name,
    remain_quota: remainQuota,
  })) as { id: number; key: string };
  return { id: token.id, authorization: `Bearer sk-${token.key}` };
}

export async function readQuota(
  service: RunningService,
  id: number,
): Promise<{ used: number; remain: number }> {
  const response = await fetch(`${service.url}/api/token/${id}`, { headers: authHeaders(service) });
  const { data } = (await response.json()) as {
    data: { used_quota: number; remain_quota: number };
  };
  return { used: data.used_quota, remain: data.remain_quota };
}
