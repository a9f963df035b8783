import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';

/**
 * Under @hono/node-server the bindings carry the socket; under app.request() in tests there
 * are none, hence Partial.
 */
export type AppEnv = { Bindings: Partial<HttpBindings> };
export type App = Hono<AppEnv>;
export type AppContext = Context<AppEnv>;

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
