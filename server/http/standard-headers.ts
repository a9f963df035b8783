import type { MiddlewareHandler } from 'hono';
import { isComplete } from './fast-paths';
import { securityHeaders } from './security-headers';
import { isApiPath } from './types';

const VARIES_BY_ENCODING = /(^|,)\s*accept-encoding\s*(,|$)/i;
const nothing = async () => {};

/**
 * The headers every answer carries, API and static alike, errors included, set once the handler
 * has answered: the security headers (Hono's secureHeaders, which does all its work after next());
 * Vary: Accept-Encoding, since compress() may encode any answer; on /api Cache-Control: no-store,
 * as answers there carry keys and settings. Answers made complete (fast-paths.ts) have them all.
 */
export function standardHeaders(extraConnectSrc: readonly string[] = []): MiddlewareHandler {
  const security = securityHeaders(extraConnectSrc);
  return async (c, next) => {
    await next();
    if (isComplete(c.res)) return;
    await security(c, nothing);
    const headers = c.res.headers;
    if (isApiPath(c.req.path)) headers.set('Cache-Control', 'no-store');
    if (!VARIES_BY_ENCODING.test(headers.get('Vary') ?? '')) {
      headers.append('Vary', 'Accept-Encoding');
    }
  };
}
