import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AddressRanges } from '../address-ranges';
import { clientAddress } from '../http/client-address';
import { completeGatewayAnswer } from '../http/fast-paths';
import type { AppContext, AppEnv } from '../http/types';
import type { EndpointKind } from './charge';
import { Completions, type GatewayAnswer } from './completions';
import type { GatewayRuntime } from './gateway-runtime';
import type { GatewayCalls } from '../store/ports/gateway-calls';
import type { ModelPort } from '../store/ports/models';
import type { TokenPort } from '../store/ports/tokens';
import { openAiFailure, refusal, type OpenAiFailure } from './openai-error';
import type { VerifyCode } from '../../src/contract/verify';

type Refused = Exclude<VerifyCode, 'VALID'>;
import { GatewayRefusal, readRequestBody } from './request-body';

export interface GatewayOptions {
  store: Pick<GatewayCalls, 'verify' | 'report'> &
    Pick<ModelPort, 'gatewayModel' | 'models'> &
    Pick<TokenPort, 'get'>;
  runtime: GatewayRuntime;
  trustedProxies: AddressRanges | null;
}

const ROUTES: Record<string, EndpointKind> = {
  '/chat/completions': 'chat',
  '/completions': 'completion',
  '/embeddings': 'embedding',
};

/** The key in `Authorization: Bearer sk-…`, with or without its sk-; null when there is none. */
function bearerKey(c: AppContext): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1] ?? null;
}

const noKey = () =>
  new GatewayRefusal(
    openAiFailure(
      401,
      'invalid_api_key',
      'You did not provide an API key: send it as Authorization: Bearer sk-….',
    ),
  );

/**
 * Aborted when the client goes away before its answer is finished. Read from Node's response
 * where there is one: c.req.raw.signal would have @hono/node-server build a whole Fetch Request
 * (about a tenth of a gateway request's time under load, by a CPU profile of the bench's run).
 */
function clientGone(c: AppContext): AbortSignal {
  const outgoing = c.env?.outgoing;
  if (!outgoing) return c.req.raw.signal;
  const gone = new AbortController();
  outgoing.once('close', () => {
    if (!outgoing.writableFinished) gone.abort();
  });
  return gone.signal;
}

function answerFailure(failure: OpenAiFailure): Response {
  return new Response(JSON.stringify(failure.body), {
    status: failure.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...failure.headers },
  });
}

const answer = (result: GatewayAnswer): Response =>
  completeGatewayAnswer(result.body, result.status, result.headers);

/**
 * The OpenAI-compatible side of the service: /v1/models and the three calls that cost tokens,
 * answered with OpenAI's shapes, statuses and headers so that its SDKs work unchanged.
 */
export function gatewayRoutes(options: GatewayOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  const completions = new Completions(options.store, options.runtime);
  const caller = (c: AppContext) => {
    const key = bearerKey(c);
    if (key === null) throw noKey();
    return { key, ip: clientAddress(c, options.trustedProxies) };
  };

  // Only what this key may use: its allow-list, of the models switched on. A key out of quota
  // may still list them: a listing costs nothing, and telling it to send a shorter request would
  // mislead.
  app.get('/models', async (c) => {
    const { key, ip } = caller(c);
    const check = await options.store.verify({ key, ip, cost: 0 });
    const listed = check.code === 'VALID' || check.code === 'EXHAUSTED';
    if (!listed || check.token_id === null) {
      throw new GatewayRefusal(refusal(check.code as Refused, '', check.rate_limit, check.now));
    }
    const token = await options.store.get(check.token_id);
    const allowed = (token?.models ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const models = (await options.store.models()).filter(
      (model) => model.enabled && (allowed.length === 0 || allowed.includes(model.name)),
    );
    return c.json({
      object: 'list',
      data: models.map((model) => ({
        id: model.name,
        object: 'model',
        created: model.created_time,
        owned_by: 'tokendesk',
      })),
    });
  });

  for (const [path, kind] of Object.entries(ROUTES)) {
    app.post(path, async (c) => {
      const { key, ip } = caller(c);
      const { value } = await readRequestBody(
        c.env?.incoming ?? c.req.raw.body,
        c.req.header('content-length'),
        options.runtime.limits.bodyBytes,
      );
      return answer(
        await completions.handle({ kind, path, key, ip, body: value, signal: clientGone(c) }),
      );
    });
  }

  app.all('*', (c) =>
    answerFailure(
      openAiFailure(404, 'unknown_url', `Unknown request URL: ${c.req.method} ${c.req.path}.`),
    ),
  );

  app.onError((error, c) => {
    if (error instanceof GatewayRefusal) return answerFailure(error.failure);
    console.error(`Unexpected error in ${c.req.method} ${c.req.path}:`, error);
    return c.json(
      { error: { message: 'internal error', type: 'server_error', param: null, code: null } },
      500 as ContentfulStatusCode,
    );
  });
  return app;
}
