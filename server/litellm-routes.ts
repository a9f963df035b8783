import type { MiddlewareHandler } from 'hono';
import type { App } from './http/types';
import { proxyHandler, type ProxyOptions } from './proxy';

/**
 * What the dashboard calls on a LiteLLM proxy, which keeps its keys outside /api: the keys, their
 * spend and the spend by day (docs/gateways.md); OpenAI's routes (/v1) are forwarded for every
 * kind of server. Nothing else of it is reached.
 */
export const LITELLM_ROUTES = [
  '/key/*',
  '/spend/*',
  '/global/spend/*',
  '/user/daily/activity',
] as const;

/** Answers there carry keys (a new one whole), as /api's do: no cache may keep them. */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};

/** Forwards LiteLLM's routes like /api: the same headers each way, the same wait, the same failures. */
export function mountLiteLlmRoutes(app: App, options: ProxyOptions): void {
  const forward = proxyHandler(options);
  for (const route of LITELLM_ROUTES) app.all(route, noStore, forward);
}
