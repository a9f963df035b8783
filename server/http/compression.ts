import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { requestHeader } from './request-header';
import type { AppEnv } from './types';

/** The codings hono's compress() can choose: without one of them (or *) it compresses nothing. */
const OFFERS_A_CODING = /gzip|deflate|\*/i;

/**
 * gzip or deflate for clients that accept them (hono's compress). A client that accepts neither
 * skips compress() altogether, which would otherwise look through every finished answer to find
 * that it has nothing to do. (Vary: Accept-Encoding is on every answer: see standardHeaders().)
 */
export function compression(): MiddlewareHandler<AppEnv> {
  const compressWhenAccepted = compress();
  return (c, next) =>
    OFFERS_A_CODING.test(requestHeader(c, 'accept-encoding') ?? '')
      ? compressWhenAccepted(c, next)
      : next();
}
