import { Hono } from 'hono';
import { compression } from './http/compression';
import { registerDashboard } from './http/dashboard';
import { fail, ok } from './http/envelope';
import { standardHeaders } from './http/security-headers';
import { isApiPath, type App, type AppEnv } from './http/types';
import { proxyHandler, type ProxyOptions } from './proxy';

export interface ProxyAppOptions extends ProxyOptions {
  distDir: string;
}

/**
 * Proxy mode: the dashboard from this origin, /api from an existing gateway. No token store is
 * opened; /healthz answers for this process, /api/status comes from the upstream.
 */
export function createProxyApp({ upstream, timeoutMs, distDir }: ProxyAppOptions): App {
  const app = new Hono<AppEnv>({ strict: false });
  app.use(standardHeaders([upstream.origin]));
  app.get('/healthz', (c) => ok(c, { status: 'ok', upstream: upstream.origin }));
  app.all('/api/*', proxyHandler({ upstream, timeoutMs }));
  app.all('/api', proxyHandler({ upstream, timeoutMs }));
  app.use(compression());
  registerDashboard(app, distDir);
  app.notFound((c) =>
    isApiPath(c.req.path)
      ? fail(c, 404, `no such route: ${c.req.path}`)
      : c.text('Not found\n', 404),
  );
  app.onError((error, c) => {
    console.error(`Unexpected error in ${c.req.method} ${c.req.path}:`, error);
    return isApiPath(c.req.path) ? fail(c, 500, 'internal error') : c.text('Internal error\n', 500);
  });
  return app;
}
