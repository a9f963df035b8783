import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { failure } from './envelope';
import { isApiPath, type App } from './types';

/**
 * A failure the client caused or must know about: a status, a message a person can act on, and
 * the headers that go with it (Retry-After, WWW-Authenticate). Anything else thrown is a fault of
 * the service and becomes a bare 500.
 */
export class ApiError extends HTTPException {
  override name = 'ApiError';
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message });
  }
}

/** The answers to unknown routes and to errors, the same for the token service and proxy mode. */
export function answerFailures(app: App): App {
  app.notFound((c) =>
    isApiPath(c.req.path)
      ? c.json(failure(`no such API route: ${c.req.method} ${c.req.path}`), 404)
      : c.text('Not found\n', 404),
  );
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(failure(error.message), error.status, error.headers);
    }
    // The client went away before its request arrived whole: no one to answer, and no fault.
    if (c.env?.incoming?.destroyed) return c.json(failure('the request did not arrive whole'), 400);
    // Method and path only: bodies and query strings may hold keys.
    console.error(`Unexpected error in ${c.req.method} ${c.req.path}:`, error);
    return isApiPath(c.req.path)
      ? c.json(failure('internal error'), 500)
      : c.text('Internal error\n', 500);
  });
  return app;
}
