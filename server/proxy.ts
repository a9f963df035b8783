import type { Handler } from 'hono';
import { failure } from './http/envelope';

/** Request headers the dashboard needs upstream; cookies and everything else stay behind. */
const FORWARDED_REQUEST_HEADERS = [
  'authorization',
  'new-api-user',
  'content-type',
  'accept',
  'accept-language',
];

/**
 * Response headers passed back. Not set-cookie (no cookies either way), and not the encoding or
 * length, which no longer hold once fetch has decoded the body.
 */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'retry-after',
  'x-ratelimit-remaining',
];

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
 * Forwards /api requests to an existing one-api or new-api gateway, so the browser talks to
 * one origin (how the two gateways answer: docs/gateways.md). Bodies stream through both ways;
 * the wait for the upstream's answer is bounded.
 */
export function proxyHandler({ upstream, timeoutMs }: ProxyOptions): Handler {
  const host = upstream.host;
  return async (c) => {
    const request = c.req.raw;
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
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
      if (controller.signal.aborted) {
        return c.json(
          failure(
            `The upstream gateway at ${host} did not answer within ${timeoutMs / 1000} seconds.`,
          ),
          504,
        );
      }
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return c.json(
        failure(
          `Cannot reach the upstream gateway at ${host}${cause ? ` (${cause})` : ''}. Check UPSTREAM_URL and that the gateway is running.`,
        ),
        502,
      );
    } finally {
      clearTimeout(timer);
    }
    const responseHeaders = new Headers();
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) responseHeaders.set(name, value);
    }
    return new Response(answer.body, { status: answer.status, headers: responseHeaders });
  };
}
