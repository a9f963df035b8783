import type { MiddlewareHandler } from 'hono';
import { compression } from './compression';
import { standardHeaders } from './security-headers';
import type { AppEnv } from './types';

/**
 * What every answer passes through: the standard headers around compression. One layer of
 * Hono's middleware chain for both, as each layer costs every request a few microseconds.
 */
export function everyAnswer(extraConnectSrc: readonly string[] = []): MiddlewareHandler<AppEnv> {
  const headers = standardHeaders(extraConnectSrc);
  const compress = compression();
  // compression() never answers itself: it passes the handler's answer on, encoded or not.
  return (c, next) => headers(c, () => compress(c, next) as Promise<void>);
}
