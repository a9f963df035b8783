import type { GatewayCalls, HoldOutcome, HoldPlan } from '../store/ports/gateway-calls';
import type { GatewayModel, ModelPort } from '../store/ports/models';
import { usageOf, deliveredTextOf } from './answer-usage';
import { settlement, type EndpointKind } from './charge';
import { DeliveredText } from './delivered-text';
import { chatInputBound, completionInputBound, embeddingInputBound } from './input-bound';
import { modelNotFound, rateHeaders, refusal, upstreamFailure } from './openai-error';
import { PriceList } from './prices';
import { countField, GatewayRefusal, invalidRequest } from './request-body';
import { gatewayRequestId } from './request-id';
import { relayStream } from './stream-relay';
import type { GatewayRuntime } from './gateway-runtime';
import { unavailable, UpstreamUnavailable, type GatewayTimeouts } from './upstream';
import { upstreamBody } from './upstream-body';
import { scrub, upstreamRefusal } from './upstream-refusal';

export interface GatewayLimits {
  bodyBytes: number;
  timeouts: GatewayTimeouts;
  keepAliveMs: number;
}

export interface CompletionCall {
  kind: EndpointKind;
  /** The path under the upstream's base, e.g. /chat/completions. */
  path: string;
  key: string;
  ip: string;
  body: Record<string, unknown>;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

export interface GatewayAnswer {
  status: number;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array> | string;
}

const INPUT_BOUNDS: Record<EndpointKind, (body: Record<string, unknown>) => number> = {
  chat: chatInputBound,
  completion: completionInputBound,
  embedding: embeddingInputBound,
};

/**
 * One request through the gateway: the key's checks and the hold in one atomic step, the call
 * upstream, and the settlement once the answer is complete. Nothing is charged when the upstream
 * gives no answer; everything else is settled exactly once (see charge.ts).
 */
export class Completions {
  constructor(
    private readonly store: Pick<GatewayCalls, 'verify' | 'report'> &
      Pick<ModelPort, 'gatewayModel'>,
    private readonly runtime: GatewayRuntime,
  ) {}

  async handle(call: CompletionCall): Promise<GatewayAnswer> {
    const name = call.body.model;
    if (typeof name !== 'string' || name === '') {
      throw invalidRequest('model is required: the name of a model this key may use.', 'model');
    }
    const stream = call.kind !== 'embedding' && call.body.stream === true;
    const found = await this.store.gatewayModel(name);
    if (!found || !found.model.enabled) {
      // The key is judged first: an unknown key learns nothing of which models exist.
      const check = await this.store.verify(
        { key: call.key, model: name, ip: call.ip, cost: 0 },
        { modelUnavailable: true },
      );
      throw check.code === 'VALID'
        ? new GatewayRefusal(modelNotFound(name))
        : this.refused(check, name);
    }
    const { model, quotaPerUnit } = found;
    const prices = new PriceList(model, quotaPerUnit);
    const requestId = gatewayRequestId();
    const plan = this.plan(call, model, prices);
    const held = await this.store.verify(
      { key: call.key, model: name, ip: call.ip, cost: 0, request_id: requestId },
      { plan, awaitDisk: false, newRequestId: true },
    );
    if (held.code !== 'VALID' || held.token_id === null) throw this.refused(held, name);
    const tokenId = held.token_id;

    const sentBody = upstreamBody(call, model, stream, held.max_output_tokens);
    const settle = (quota: number, usage?: { prompt_tokens: number; completion_tokens: number }) =>
      this.store
        .report(
          {
            token_id: tokenId,
            request_id: requestId,
            model: name,
            quota,
            prompt_tokens: usage?.prompt_tokens,
            completion_tokens: usage?.completion_tokens,
          },
          { awaitDisk: false },
        )
        .then(
          () => undefined,
          (error: unknown) => console.error('settling a gateway request failed:', error),
        );
    const release = () => settle(0);

    let answer;
    try {
      answer = await this.runtime.pool.send({
        baseUrl: model.upstream_url,
        path: call.path,
        key: model.upstream_key,
        body: JSON.stringify(sentBody),
        accept: stream ? 'text/event-stream' : 'application/json',
        timeouts: this.runtime.limits.timeouts,
        signal: call.signal,
      });
    } catch (error) {
      await release();
      throw new GatewayRefusal(failureOf(error));
    }

    const headers = { 'x-request-id': requestId, ...rateHeaders(held.rate_limit, held.now) };
    if (answer.status < 200 || answer.status >= 300) {
      const refused = await upstreamRefusal(answer, model);
      await release();
      throw new GatewayRefusal(refused);
    }

    if (!stream) {
      let text: string;
      try {
        text = await answer.body.text();
      } catch (error) {
        // A client gone is charged its input, as a stream cut short is; a failing upstream nothing.
        if (call.signal.aborted) {
          const charge = await settlement(
            call.kind,
            call.body,
            { usage: null, delivered: null },
            prices,
          );
          await settle(charge.quota, charge.usage);
        } else {
          await release();
        }
        throw new GatewayRefusal(failureOf(error));
      }
      const parsed = parseJson(text);
      const delivered = new DeliveredText();
      delivered.add(deliveredTextOf(parsed));
      // Settled just after the answer leaves: a settlement's commit waits for the disk, and the
      // client need not (the bench's added latency at p50: 1.4 to 2.3 ms with it in the way).
      // Should the service stop in between, the hold stands as charged, never charged twice.
      this.runtime.track(
        settlement(call.kind, call.body, { usage: usageOf(parsed), delivered }, prices).then(
          (charge) => settle(charge.quota, charge.usage),
        ),
      );
      return {
        status: 200,
        headers: { ...headers, 'content-type': answer.contentType || 'application/json' },
        body: text,
      };
    }

    // The answer starts once its first piece has come: a failure before it is charged nothing.
    const iterator = answer.body[Symbol.asyncIterator]();
    let first: IteratorResult<Uint8Array>;
    try {
      first = await iterator.next();
    } catch (error) {
      await release();
      throw new GatewayRefusal(failureOf(error));
    }
    const clientAsked =
      (call.body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    const body = relayStream(prepend(first, iterator), {
      removeUsage: model.stream_usage && !clientAsked,
      keepAliveMs: this.runtime.limits.keepAliveMs,
      abortUpstream: () => answer.body.destroy(),
      failureEvent: (error) => `data: ${JSON.stringify(failureOf(error).body)}\n\n`,
      scrub: (message) => scrub(message, model),
      onEnd: ({ usage, delivered, end }) => {
        const settled = settlement(call.kind, call.body, { usage, delivered, end }, prices).then(
          (charge) => settle(charge.quota, charge.usage),
        );
        this.runtime.track(settled);
        return settled;
      },
    });
    return {
      status: 200,
      headers: {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
      },
      body,
    };
  }

  /**
   * What to hold: the input's bound and the output asked for (or the model's default), at the
   * model's prices. A limited key with less quota gets a lower max_tokens, down to one token.
   */
  private plan(call: CompletionCall, model: GatewayModel, prices: PriceList): HoldPlan {
    const input = INPUT_BOUNDS[call.kind](call.body);
    const asked =
      call.kind === 'embedding'
        ? 0
        : (countField(call.body, 'max_completion_tokens') ??
          countField(call.body, 'max_tokens') ??
          model.max_output_tokens);
    const choices = call.kind === 'embedding' ? 1 : (countField(call.body, 'n') ?? 1);
    const free = { cost: 0, maxOutputTokens: null };
    const full = prices.free
      ? free
      : { cost: prices.hold(input, asked * choices), maxOutputTokens: asked };
    return {
      full,
      unlimited: free,
      fit: (remain: number) => {
        if (call.kind === 'embedding') return null;
        const perChoice = Math.min(
          asked,
          Math.floor(prices.outputTokensFor(remain, input) / choices),
        );
        if (perChoice < 1) return null;
        return { cost: prices.hold(input, perChoice * choices), maxOutputTokens: perChoice };
      },
    };
  }

  private refused(outcome: HoldOutcome, model: string) {
    return new GatewayRefusal(
      refusal(
        outcome.code as Exclude<HoldOutcome['code'], 'VALID'>,
        model,
        outcome.rate_limit,
        outcome.now,
      ),
    );
  }
}

function failureOf(error: unknown) {
  if (error instanceof GatewayRefusal) return error.failure;
  const cause = error instanceof UpstreamUnavailable ? error : unavailable(error);
  return upstreamFailure(cause.status, cause.message);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function* prepend(
  first: IteratorResult<Uint8Array>,
  rest: AsyncIterator<Uint8Array>,
): AsyncIterable<Uint8Array> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
