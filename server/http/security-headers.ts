import type { MiddlewareHandler } from 'hono';
import { isApiPath } from './types';

/**
 * The dashboard loads everything from its own origin. A later proxy mode that lets the browser
 * talk to another gateway passes that origin in `extraConnectSrc`.
 */
export function contentSecurityPolicy(extraConnectSrc: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine injects style attributes and <style> elements at runtime.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...extraConnectSrc].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaderValues(
  extraConnectSrc: readonly string[] = [],
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(extraConnectSrc),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

/** What every API answer carries besides its Content-Type; see standardHeaders(). */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...securityHeaderValues(),
  // Responses carry keys and settings: no cache may keep them.
  'Cache-Control': 'no-store',
  Vary: 'Accept-Encoding',
});

/** Responses made with API_HEADERS from the start (by envelope.ts), which need nothing more. */
const complete = new WeakSet<Response>();

export function markComplete(response: Response): Response {
  complete.add(response);
  return response;
}

/**
 * On every response, API and static alike, errors included: the security headers and, since
 * compression() may encode any answer, Vary: Accept-Encoding; on /api also Cache-Control:
 * no-store. The envelope's answers are made with them (a plain header object, which
 * @hono/node-server writes straight out); any other answer gets them here, after the fact.
 */
export function standardHeaders(extraConnectSrc: readonly string[] = []): MiddlewareHandler {
  const everywhere = Object.entries(securityHeaderValues(extraConnectSrc));
  const onApi = [...everywhere, ['Cache-Control', 'no-store'] as const];
  // With another policy than API_HEADERS's, no answer is complete as it was made.
  const checkMade = extraConnectSrc.length === 0;
  return async (c, next) => {
    await next();
    if (checkMade && complete.has(c.res)) return;
    const headers = c.res.headers;
    for (const [name, value] of isApiPath(c.req.path) ? onApi : everywhere) {
      headers.set(name, value);
    }
    if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(headers.get('Vary') ?? '')) {
      headers.append('Vary', 'Accept-Encoding');
    }
  };
}
