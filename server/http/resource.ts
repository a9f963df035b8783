import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { failure } from './envelope';
import type { App, AppContext, AppEnv } from './types';

/**
 * A sub-app for one resource, mounted with app.route(). A method its path lacks gets 405 with
 * Allow rather than "no such route"; Allow names the methods as registered, then HEAD, which
 * Hono answers with the GET handler.
 */
export function resourceApp(): App {
  const app = new Hono<AppEnv>();
  app.use(methodNotAllowed({ app, onMethodNotAllowed: notAllowed }));
  return app;
}

function notAllowed(c: AppContext, methods: string[]): Response {
  const allow = [...methods.filter((m) => m !== 'HEAD'), ...methods.filter((m) => m === 'HEAD')];
  const list = allow.join(', ');
  return c.json(failure(`${c.req.method} is not allowed on ${c.req.path}: use ${list}`), 405, {
    Allow: list,
  });
}
