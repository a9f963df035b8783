import { Hono } from 'hono';
import { adminAuth } from './auth';
import type { Config } from './config';
import { corsFor } from './http/cors';
import { registerDashboard } from './http/dashboard';
import { ApiError, fail } from './http/envelope';
import { everyAnswer } from './http/every-answer';
import { isApiPath, type App, type AppEnv } from './http/types';
import { registerOptionRoutes } from './routes/options';
import { registerStatusRoutes } from './routes/status';
import { registerTokenRoutes } from './routes/tokens';
import type { TokenStore } from './store/token-store';

export interface AppOptions {
  store: TokenStore;
  adminKey: string;
  config: Pick<Config, 'corsOrigins'>;
  /** The built dashboard (vite build output). */
  distDir: string;
  /** Milliseconds; the clock of the failed-attempt limiter, replaceable in tests. */
  now?: () => number;
}

/** The whole service as a Hono app, not listening: main.ts serves it, tests call app.request(). */
export function createApp({ store, adminKey, config, distDir, now = Date.now }: AppOptions): App {
  // strict: false makes the trailing slash optional on every route.
  const app = new Hono<AppEnv>({ strict: false });

  app.use(everyAnswer());
  if (config.corsOrigins.length > 0) app.use('/api/*', corsFor(config.corsOrigins));

  const requireAdminKey = adminAuth({ adminKey, now });
  app.use('/api/token/*', requireAdminKey);
  app.use('/api/option/*', requireAdminKey);

  registerTokenRoutes(app, store);
  registerOptionRoutes(app, store);
  registerStatusRoutes(app, store);
  registerDashboard(app, distDir);

  app.notFound((c) =>
    isApiPath(c.req.path)
      ? fail(c, 404, `no such API route: ${c.req.method} ${c.req.path}`)
      : c.text('Not found\n', 404),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) return fail(c, error.status, error.message, error.headers);
    // Method and path only: bodies and query strings may hold keys.
    console.error(`Unexpected error in ${c.req.method} ${c.req.path}:`, error);
    return isApiPath(c.req.path) ? fail(c, 500, 'internal error') : c.text('Internal error\n', 500);
  });

  return app;
}
