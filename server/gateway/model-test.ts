import type { ModelTest } from '../../src/contract/model';
import type { GatewayModel, ModelPort } from '../store/ports/models';
import { deliveredTextOf, usageOf } from './answer-usage';
import { unavailable, type GatewayTimeouts, type UpstreamPool } from './upstream';
import { readSome, scrub, upstreamRefusal } from './upstream-refusal';

/** The request a test sends: a few tokens each way, so that it costs the upstream's owner next to nothing. */
export const TEST_PROMPT = 'Say OK.';
export const TEST_MAX_TOKENS = 5;

/**
 * A test waits at most this long, whatever the gateway's own timeouts: the dashboard waits 30 s
 * for an answer, and should hear the upstream was too slow rather than time out itself.
 */
export const TEST_WAIT_MS = 20_000;

/** Tests the model with this id; null when there is none. */
export type ModelTester = (id: number, signal: AbortSignal) => Promise<ModelTest | null>;

const isCompletion = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { choices?: unknown }).choices);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One tiny chat completion to a model's upstream, through the gateway's pool, with its key: what
 * the upstream answered, how long it took, and what its usage counts. Nothing is charged to any
 * token, and nothing the upstream says names its key or address.
 */
export async function testModel(
  model: GatewayModel,
  pool: UpstreamPool,
  timeouts: GatewayTimeouts,
  signal: AbortSignal,
): Promise<ModelTest> {
  const started = performance.now();
  const result = (fields: Partial<ModelTest> & Pick<ModelTest, 'ok' | 'message'>): ModelTest => ({
    status: null,
    prompt_tokens: null,
    completion_tokens: null,
    ...fields,
    ms: Math.round(performance.now() - started),
  });
  const wait = (ms: number) => Math.min(ms, TEST_WAIT_MS);
  let answer;
  try {
    answer = await pool.send({
      baseUrl: model.upstream_url,
      path: '/chat/completions',
      key: model.upstream_key,
      body: JSON.stringify({
        model: model.upstream_model,
        messages: [{ role: 'user', content: TEST_PROMPT }],
        max_tokens: TEST_MAX_TOKENS,
      }),
      accept: 'application/json',
      timeouts: {
        firstByteMs: wait(timeouts.firstByteMs),
        idleMs: wait(timeouts.idleMs),
        totalMs: wait(timeouts.totalMs),
      },
      signal,
    });
  } catch (error) {
    return result({ ok: false, message: unavailable(error).message });
  }
  const status = answer.status;
  if (status < 200 || status >= 300) {
    const refused = await upstreamRefusal(answer, model);
    return result({ ok: false, status, message: refused.body.error.message });
  }
  let text;
  try {
    text = await readSome(answer.body);
  } catch (error) {
    return result({ ok: false, status, message: unavailable(error).message });
  }
  const parsed = parseJson(text);
  const usage = usageOf(parsed);
  const tokens = {
    prompt_tokens: usage?.prompt_tokens ?? null,
    completion_tokens: usage?.completion_tokens ?? null,
  };
  if (!isCompletion(parsed)) {
    return result({
      ok: false,
      status,
      ...tokens,
      message: `The upstream answered ${status}, but not with a chat completion: check that its address ends where OpenAI's /v1 does.`,
    });
  }
  return result({
    ok: true,
    status,
    ...tokens,
    message: scrub(deliveredTextOf(parsed).trim(), model),
  });
}

/** Tests by id: the model is read with its key opened, as the gateway reads it. */
export function modelTester(
  store: Pick<ModelPort, 'models' | 'gatewayModel'>,
  pool: UpstreamPool,
  timeouts: GatewayTimeouts,
): ModelTester {
  return async (id, signal) => {
    const listed = (await store.models()).find((model) => model.id === id);
    const found = listed ? await store.gatewayModel(listed.name) : null;
    return found ? testModel(found.model, pool, timeouts, signal) : null;
  };
}
