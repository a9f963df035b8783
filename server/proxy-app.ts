import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { dashboardApp } from './http/dashboard';
import { ok } from './http/envelope';
import { answerFailures } from './http/failures';
import { standardHeaders } from './http/standard-headers';
import type { App, AppEnv } from './http/types';
import { mountLiteLlmRoutes } from './litellm-routes';
import { OPENAI_ROUTES, proxyHandler, type ProxyOptions } from './proxy';
import { mountApiDescription } from './routes/openapi';

export interface ProxyAppOptions extends ProxyOptions {
  distDir: string;
}

/**
 * Proxy mode: the dashboard from this origin; /api, the gateway's OpenAI routes (/v1) and a
 * LiteLLM proxy's own routes from an existing gateway. No token store is opened; /healthz and the API's description answer for this
 * process, /api/status comes from the upstream.
 */
export function createProxyApp({ upstream, timeoutMs, distDir }: ProxyAppOptions): App {
  const app = new Hono<AppEnv>({ strict: false });
  app.use(standardHeaders([upstream.origin]));
  app.get('/healthz', (c) => c.json(ok({ status: 'ok', upstream: upstream.origin })));
  // This service's API as the dashboard knows it, whatever the upstream answers.
  mountApiDescription(app);
  app.all('/api/*', proxyHandler({ upstream, timeoutMs }));
  app.all('/v1/*', proxyHandler({ upstream, timeoutMs }, OPENAI_ROUTES));
  mountLiteLlmRoutes(app, { upstream, timeoutMs });
  // After the proxy's route, so only the dashboard is compressed: answers from the upstream
  // stream through as they come.
  app.use(compress());
  app.route('/', dashboardApp(distDir));
  return answerFailures(app);
}
