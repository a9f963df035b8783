/**
 * One emulated gateway: the route table both share (behind the global rate limit), the
 * gateway's own routes, 404s as configured, and the handle tests drive it with.
 */
import { writeNotFound, writeOk } from './gin-answers';
import { listen } from './listen';
import type { LogStore } from './log-store';
import { makeLimiter, rateLimited } from './rate-limit';
import { relayRoutes, type RelayDialect } from './relay';
import { createRouter, type Handler, type Route } from './router';
import { tokenHandlers, type TokenDialect } from './token-handlers';
import type { TokenStore } from './token-store';
import { seconds, type BaseToken, type CommonEmulatorOptions, type EmulatorHandle } from './types';

export type RouteSpec = [method: string, pattern: string, ...handlers: Handler[]];

export interface GatewaySetup<T extends BaseToken> {
  options: CommonEmulatorOptions;
  /** The user the access token belongs to. */
  userId: number;
  store: TokenStore<T>;
  dialect: TokenDialect<T>;
  /** The global limit per client address when the options leave it out. */
  defaultRateLimit: { max: number; windowMs: number };
  userAuth: Handler;
  rootAuth: Handler;
  /** /api/status: the release, and the fields past those both gateways write first. */
  status: { version: string; fields: Record<string, unknown> };
  self: Handler;
  list: Handler;
  /** The search route's handlers after the user's auth. */
  search: Handler[];
  /** The logs table, and GET /api/log/self: the user's own logs. */
  logs: LogStore;
  logList: Handler;
  /** How the gateway's OpenAI routes (/v1) refuse and what they allow. */
  relay: RelayDialect<T>;
  /** Routes only this gateway has; each runs behind the global limit and names its own auth. */
  more?: RouteSpec[];
  /** Forgets the counts of the gateway's own limiters. */
  resetLimits?: () => void;
}

export async function startGateway<T extends BaseToken>(
  setup: GatewaySetup<T>,
): Promise<EmulatorHandle<T>> {
  const { options, store, dialect, userAuth } = setup;
  const now = options.now ?? Date.now;
  const newLimiter = () => makeLimiter(options.rateLimit, setup.defaultRateLimit, now);
  let apiLimiter = newLimiter();
  /** GlobalAPIRateLimit: first middleware of the /api group, before any auth. */
  const rateLimit = rateLimited(
    () => apiLimiter,
    ({ ip }) => `GA${ip}`,
  );
  const startTime = seconds(now);
  const status: Handler = ({ res }) =>
    writeOk(res, {
      version: setup.status.version,
      start_time: startTime,
      email_verification: false,
      github_oauth: false,
      github_client_id: '',
      ...setup.status.fields,
    });
  const tokens = tokenHandlers(dialect, {
    store,
    userId: setup.userId,
    now,
    realEnableRule: options.realEnableRule ?? false,
  });

  const specs: RouteSpec[] = [
    ['GET', '/api/status', status],
    ['GET', '/api/user/self', userAuth, setup.self],
    ['GET', '/api/option/', userAuth, setup.rootAuth],
    ['PUT', '/api/option/', userAuth, setup.rootAuth],
    ['GET', '/api/token/', userAuth, setup.list],
    ['GET', '/api/token/search', userAuth, ...setup.search],
    ['GET', '/api/token/:id', userAuth, tokens.getToken],
    ['POST', '/api/token/', userAuth, tokens.addToken],
    ['PUT', '/api/token/', userAuth, tokens.updateToken],
    ['DELETE', '/api/token/:id', userAuth, tokens.deleteToken],
    ['GET', '/api/log/self', userAuth, setup.logList],
    // Every user's logs: AdminAuth, which refuses the (common) user as RootAuth does.
    ['GET', '/api/log/', userAuth, setup.rootAuth],
    ...(setup.more ?? []),
  ];
  const routes: Route[] = [
    ...specs.map(([method, pattern, ...handlers]) => ({
      method,
      pattern,
      handlers: [rateLimit, ...handlers],
    })),
    // The relay is outside /api and its global limit.
    ...relayRoutes(store, setup.logs, setup.relay, now).map(([method, pattern, handler]) => ({
      method,
      pattern,
      handlers: [handler],
    })),
  ];
  const notFoundMode = options.notFound ?? 'relay';
  const router = createRouter(routes, ({ res, method, path }) =>
    writeNotFound(res, notFoundMode, method, path),
  );
  const server = await listen(router, options.port ?? 0);

  return {
    url: server.url,
    port: server.port,
    close: server.close,
    tokens: () => store.all().map(dialect.copy),
    seed: tokens.seed,
    addLogs: (seed) =>
      setup.logs.add(seed, {
        userId: setup.userId,
        tokenId: (name) => store.ofUser(setup.userId).find((t) => t.name === name)?.id ?? 0,
      }),
    reset: () => {
      store.clear();
      setup.logs.clear();
      apiLimiter = newLimiter();
      setup.resetLimits?.();
    },
  };
}
