import { Agent, errors } from 'undici';
import { EchoUpstream } from './echo-upstream';
import { UpstreamAnswerHandler, type UpstreamAnswer } from './upstream-answer';

export interface GatewayTimeouts {
  /** Until the upstream's answer starts: connecting, and its status and headers. */
  firstByteMs: number;
  /** Between two pieces of an answer. */
  idleMs: number;
  /** The whole request, start to end. */
  totalMs: number;
}

export interface UpstreamRequest {
  /** The model's upstream base, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  /** The path under it, e.g. /chat/completions. */
  path: string;
  /** The upstream's key; empty for none. */
  key: string;
  body: string;
  accept: string;
  timeouts: GatewayTimeouts;
  /** Aborts the upstream request: the client has gone. */
  signal: AbortSignal;
}

/** Why an upstream gave no answer, in words that name neither its address nor its key. */
export class UpstreamUnavailable extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One pool of kept-alive connections per upstream origin, shared by every request: a request
 * to an upstream already reached skips the TCP and TLS handshakes. The built-in echo upstream
 * (echo-upstream.ts) is reached through it like any other.
 */
export class UpstreamPool {
  private readonly agent: Agent;
  private readonly echo = new EchoUpstream();

  constructor(connectTimeoutMs = 60_000) {
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      connect: { timeout: connectTimeoutMs },
      // Requests are streamed through; nothing is retried after the first byte.
      pipelining: 1,
    });
  }

  async send(call: UpstreamRequest): Promise<UpstreamAnswer> {
    // One timer for the whole request, and one listener for the client going away, both ended
    // with the answer.
    const clientGone = () => answer.abort(new Error('The client has gone.'));
    const answer = new UpstreamAnswerHandler(() => {
      clearTimeout(timer);
      call.signal.removeEventListener('abort', clientGone);
    });
    const timer = setTimeout(
      () => answer.abort(new UpstreamUnavailable(504, 'The upstream did not answer in time.')),
      call.timeouts.totalMs,
    );
    if (call.signal.aborted) clientGone();
    else call.signal.addEventListener('abort', clientGone, { once: true });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: call.accept,
    };
    if (call.key !== '') headers.authorization = `Bearer ${call.key}`;
    try {
      const url = new URL(`${await this.echo.resolve(call.baseUrl)}${call.path}`);
      this.agent.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers,
          body: call.body,
          headersTimeout: call.timeouts.firstByteMs,
          bodyTimeout: call.timeouts.idleMs,
        },
        answer,
      );
      return await answer.started;
    } catch (error) {
      answer.destroy();
      throw unavailable(error);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.agent.close(), this.echo.close()]);
  }
}

/** What to tell the client when the upstream could not be reached or did not answer in time. */
export function unavailable(error: unknown): UpstreamUnavailable {
  if (error instanceof UpstreamUnavailable) return error;
  if (
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.ConnectTimeoutError ||
    error instanceof errors.BodyTimeoutError
  ) {
    return new UpstreamUnavailable(504, 'The upstream did not answer in time.');
  }
  return new UpstreamUnavailable(502, 'The upstream could not be reached.');
}
