import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope } from '../../src/contract/envelope';
import { API_HEADERS, markComplete } from './security-headers';
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
  return json(200, JSON.stringify(body));
}

/** ok() for data that is already JSON text. */
export function okJson(c: AppContext, dataJson: string): Response {
  return json(200, `{"success":true,"message":"","data":${dataJson}}`);
}

export function fail(
  c: AppContext,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const body: Envelope<null> = { success: false, message, data: null };
  return json(status, JSON.stringify(body), headers);
}

const JSON_HEADERS = Object.freeze({ 'Content-Type': 'application/json', ...API_HEADERS });

/** With every header it needs from the start: see standardHeaders(). */
function json(status: ContentfulStatusCode, text: string, extra?: Record<string, string>) {
  const headers =
    extra && Object.keys(extra).length > 0 ? { ...JSON_HEADERS, ...extra } : JSON_HEADERS;
  return markComplete(new Response(text, { status, headers }));
}
