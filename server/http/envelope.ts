import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope } from '../../src/contract/envelope';
import type { AppContext } from './types';

/**
 * A failure the client caused or must know about: status and a message a person can act on.
 * Anything else thrown is a fault of the service and becomes a bare 500.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function ok<T>(c: AppContext, data: T): Response {
  const body: Envelope<T> = { success: true, message: '', data };
  return c.json(body, 200);
}

export function fail(
  c: AppContext,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const body: Envelope<null> = { success: false, message, data: null };
  return c.json(body, status, headers);
}
