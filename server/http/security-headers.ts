import type { MiddlewareHandler } from 'hono';

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

/** On every response, API and static alike, errors included. */
export function securityHeaders(extraConnectSrc: readonly string[] = []): MiddlewareHandler {
  const headers = Object.entries(securityHeaderValues(extraConnectSrc));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}
