import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import type { AuditContext } from '../../src/contract/audit';

/**
 * Under @hono/node-server the bindings carry the socket; under app.request() in tests there
 * are none, hence Partial. `audit`: who is calling and from where, set by the admin key check;
 * `pageScripts`: the hashes of the scripts written into the dashboard's page, set as it is sent.
 */
export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { audit: AuditContext; pageScripts: string[] };
};
export type App = Hono<AppEnv>;
export type AppContext = Context<AppEnv>;

/** Extra leading slashes still mean the API: such a path gets the API's 404, not the dashboard. */
export function isApiPath(path: string): boolean {
  return /^\/+api(\/|$)/.test(path);
}
