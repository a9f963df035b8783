import { Hono } from 'hono';
import { adminAuth } from './auth';
import type { Config } from './config';
import type { FailureCounter } from './failure-limiter';
import { corsFor } from './http/cors';
import { gatewayRoutes } from './gateway/gateway-routes';
import { parseGatewayConfig } from './gateway/gateway-config';
import { GatewayRuntime } from './gateway/gateway-runtime';
import { modelTester } from './gateway/model-test';
import { dashboardApp } from './http/dashboard';
import { answerFailures } from './http/failures';
import type { RequestCounter } from './http/request-counter';
import { compressWhenAccepted } from './http/fast-paths';
import { KeptMatchRouter } from './http/kept-match-router';
import { standardHeaders } from './http/standard-headers';
import type { App, AppEnv } from './http/types';
import { adminKeyRoutes } from './routes/admin-keys';
import { auditRoutes } from './routes/audit';
import { healthRoutes } from './routes/health';
import { modelRoutes } from './routes/models';
import { mountApiDescription } from './routes/openapi';
import { optionRoutes } from './routes/options';
import { statusRoutes } from './routes/status';
import { tokenByIdRoutes } from './routes/token-by-id';
import { tokenRoutes } from './routes/tokens';
import { usageRoutes } from './routes/usage';
import { webhookRoutes, type WebhookRouteOptions } from './routes/webhooks';
import type { TokenStore } from './store/token-store';

export interface AppOptions {
  store: TokenStore;
  adminKey: string;
  config: Pick<Config, 'corsOrigins'> & Partial<Pick<Config, 'trustProxy'>>;
  /** The built dashboard (vite build output). */
  distDir: string;
  /** Milliseconds; the clock of the failed-attempt limiter, replaceable in tests. */
  now?: () => number;
  /** Where wrong admin keys are counted; this process by default. */
  failures?: FailureCounter;
  /** The gateway's connections, limits and settlements; one of its own by default. */
  gateway?: GatewayRuntime;
  /** Whether webhooks may go to private addresses, and the deliverer to wake; neither by default. */
  webhooks?: WebhookRouteOptions;
  /** Counts the requests taken, for the webhook deliverer to yield to. */
  requests?: RequestCounter;
}

/** The whole service as a Hono app, not listening: main.ts serves it, tests call app.request(). */
export function createApp({
  store,
  adminKey,
  config,
  distDir,
  now = Date.now,
  failures,
  gateway = new GatewayRuntime(parseGatewayConfig({})),
  webhooks = { allowPrivate: false },
  requests,
}: AppOptions): App {
  // strict: false makes the trailing slash optional on every route.
  const app = new Hono<AppEnv>({ strict: false, router: new KeptMatchRouter() });

  app.use(standardHeaders(), compressWhenAccepted());
  if (requests) app.use(requests.middleware());
  if (config.corsOrigins.length > 0) {
    app.use('/api/*', corsFor(config.corsOrigins));
    app.use('/v1/*', corsFor(config.corsOrigins));
  }

  const requireAdminKey = adminAuth({
    adminKey,
    now,
    trustedProxies: config.trustProxy ?? null,
    failures,
    identify: (digest) => store.identifyAdminKey(digest),
  });
  for (const path of ['token', 'option', 'usage', 'admin-key', 'audit', 'model', 'webhook']) {
    app.use(`/api/${path}/*`, requireAdminKey);
  }

  app.route('/api/token', tokenRoutes(store));
  app.route('/api/token/:id', tokenByIdRoutes(store));
  app.route('/api/option', optionRoutes(store));
  app.route('/api/usage', usageRoutes(store));
  app.route('/api/admin-key', adminKeyRoutes(store));
  app.route('/api/audit', auditRoutes(store));
  app.route(
    '/api/model',
    modelRoutes(store, modelTester(store, gateway.pool, gateway.limits.timeouts)),
  );
  app.route('/api/webhook', webhookRoutes(store, webhooks));
  app.route('/api/status', statusRoutes(store));
  mountApiDescription(app);
  app.route('/healthz', healthRoutes(store));
  app.route(
    '/v1',
    gatewayRoutes({ store, runtime: gateway, trustedProxies: config.trustProxy ?? null }),
  );
  app.route('/', dashboardApp(distDir));

  return answerFailures(app);
}
