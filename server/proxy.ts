import type { Context, Handler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { failure } from './http/envelope';

/** What differs between the two kinds of route forwarded: the headers each needs, its failures. */
export interface ForwardedRoutes {
  /** Request headers the route needs upstream; cookies and everything else stay behind. */
  requestHeaders: readonly string[];
  /**
   * Response headers passed back. Never set-cookie (no cookies either way), nor the encoding or
   * length, which no longer hold once fetch has decoded the body.
   */
  responseHeaders: readonly string[];
  /** The answer when the upstream cannot be reached or does not answer in time. */
  failure: (c: Context, status: 502 | 504, message: string) => Response;
}

/** /api: the dashboard's calls, failures in the service's envelope. */
export const API_ROUTES: ForwardedRoutes = {
  requestHeaders: ['authorization', 'new-api-user', 'content-type', 'accept', 'accept-language'],
  responseHeaders: ['content-type', 'cache-control', 'retry-after', 'x-ratelimit-remaining'],
  failure: (c, status, message) => c.json(failure(message), status),
};

/**
 * /v1: OpenAI's routes, called with a token's key; failures in OpenAI's shape, as the gateway's
 * own are, so a client reads them as it reads the gateway's.
 */
export const OPENAI_ROUTES: ForwardedRoutes = {
  requestHeaders: ['authorization', 'content-type', 'accept'],
  responseHeaders: [
    'content-type',
    'cache-control',
    'retry-after',
    'x-should-retry',
    'x-ratelimit-limit-requests',
    'x-ratelimit-remaining-requests',
    'x-ratelimit-reset-requests',
  ],
  failure: (c, status, message) =>
    c.json(
      { error: { message, type: 'upstream_error', param: null, code: 'upstream_error' } },
      status as ContentfulStatusCode,
    ),
};

export interface ProxyOptions {
  upstream: URL;
  timeoutMs: number;
}

/** Joins the upstream's own path prefix (if any) with the path asked for here. */
export function upstreamUrl(upstream: URL, requestUrl: string): URL {
  const incoming = new URL(requestUrl);
  const target = new URL(upstream.toString());
  target.pathname = `${upstream.pathname.replace(/\/+$/, '')}${incoming.pathname}`;
  target.search = incoming.search;
  return target;
}

/**
 * Forwards requests to an existing one-api or new-api gateway, so the browser talks to one
 * origin (how the two gateways answer: docs/gateways.md). Bodies stream through both ways, a
 * streamed answer event by event as the gateway sends it; the wait for the answer to begin is
 * bounded, and a client going away stops the request upstream.
 */
export function proxyHandler(
  { upstream, timeoutMs }: ProxyOptions,
  routes: ForwardedRoutes = API_ROUTES,
): Handler {
  const host = upstream.host;
  return async (c) => {
    const request = c.req.raw;
    const headers = new Headers();
    for (const name of routes.requestHeaders) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const clientGone = () => controller.abort();
    request.signal.addEventListener('abort', clientGone, { once: true });
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    let answer: Response;
    try {
      answer = await fetch(upstreamUrl(upstream, request.url), {
        method: request.method,
        headers,
        body: hasBody ? request.body : undefined,
        redirect: 'manual',
        signal: controller.signal,
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      request.signal.removeEventListener('abort', clientGone);
      if (controller.signal.aborted) {
        return routes.failure(
          c,
          504,
          `The upstream gateway at ${host} did not answer within ${timeoutMs / 1000} seconds.`,
        );
      }
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return routes.failure(
        c,
        502,
        `Cannot reach the upstream gateway at ${host}${cause ? ` (${cause})` : ''}. Check UPSTREAM_URL and that the gateway is running.`,
      );
    } finally {
      clearTimeout(timer);
    }
    const responseHeaders = new Headers();
    for (const name of routes.responseHeaders) {
      const value = answer.headers.get(name);
      if (value !== null) responseHeaders.set(name, value);
    }
    return new Response(answer.body, { status: answer.status, headers: responseHeaders });
  };
}
