/**
 * An emulator of new-api (QuantumNous/new-api) token management, for tests: its routes,
 * answers, status codes and quirks the dashboard meets on a real one; and its OpenAI relay
 * (/v1/models, /v1/chat/completions), answered by an echo and charged to the token.
 *
 *   npx tsx e2e/emulators/new-api.ts --port 3002 --token secret --user-id 1 [--seed 25]
 *     [--no-user-header]   behave like a release that no longer wants New-Api-User
 */
import { demoTokens, isMainModule, runFromCommandLine } from './gateway/cli';
import { writeOk } from './gateway/gin-answers';
import { LogStore } from './gateway/log-store';
import { makeLimiter, rateLimited } from './gateway/rate-limit';
import type { Handler } from './gateway/router';
import { startGateway } from './gateway/start-gateway';
import { TokenStore } from './gateway/token-store';
import {
  type CommonEmulatorOptions,
  type EmulatorHandle,
  type NewApiToken,
  type RateLimitOption,
} from './gateway/types';
import { newApiAuth } from './new-api/auth';
import { newApiSelf, newApiStatus } from './new-api/info';
import { newApiLogList } from './new-api/logs';
import { revealAndBatchHandlers } from './new-api/reveal-and-batch';
import { pageOf, searchHandler, type SearchMode } from './new-api/search';
import { newApiRelay } from './new-api/relay';
import { newApiDialect } from './new-api/token';

export type { EmulatorHandle, LogSeed, NewApiToken } from './gateway/types';

export interface NewApiEmulatorOptions extends CommonEmulatorOptions {
  /** The id of the user the access token belongs to (a common user). Default 1. */
  userId?: number;
  /**
   * true (default): a release before v1.0, which wants `New-Api-User: <user id>` beside the
   * token and answers a wrong token with HTTP 200. false: a newer release, which ignores the
   * header and answers any auth failure with HTTP 401.
   */
  requireUserHeader?: boolean;
  /** Global limit on /api per client address. Default 180 per 3 minutes, as new-api. */
  rateLimit?: RateLimitOption;
  /**
   * CriticalRateLimit on the two reveal routes, one counter per client address shared by
   * both. Default 20 per 20 minutes. Over it: HTTP 429 with an empty body.
   */
  revealLimit?: RateLimitOption;
  /** SearchRateLimit on /api/token/search, per user. Default 10 per minute. */
  searchLimit?: RateLimitOption;
  /**
   * How `keyword` and `token` of /api/token/search match. `exact` (default): the releases
   * both auth modes stand for (v0.9 and v1.0), which match exactly unless the text holds `%`
   * wildcards (at most 2, not adjacent, 2+ bytes besides them). `contains`: older releases,
   * which match `%keyword%` / `%token%`.
   */
  searchMode?: SearchMode;
}

export const NEW_API_DEFAULT_RATE_LIMIT = { max: 180, windowMs: 3 * 60 * 1000 };
export const NEW_API_DEFAULT_REVEAL_LIMIT = { max: 20, windowMs: 20 * 60 * 1000 };
export const NEW_API_DEFAULT_SEARCH_LIMIT = { max: 10, windowMs: 60 * 1000 };

export async function startNewApiEmulator(
  options: NewApiEmulatorOptions,
): Promise<EmulatorHandle<NewApiToken>> {
  const now = options.now ?? Date.now;
  const userId = options.userId ?? 1;
  const legacy = options.requireUserHeader ?? true;
  const store = new TokenStore<NewApiToken>();
  const logs = new LogStore();
  const limiters = () => ({
    reveal: makeLimiter(options.revealLimit, NEW_API_DEFAULT_REVEAL_LIMIT, now),
    search: makeLimiter(options.searchLimit, NEW_API_DEFAULT_SEARCH_LIMIT, now),
  });
  let limiter = limiters();
  const criticalRateLimit = rateLimited(
    () => limiter.reveal,
    ({ ip }) => `CT${ip}`,
  );
  const searchRateLimit = rateLimited(
    () => limiter.search,
    () => `SR:user:${userId}`,
  );
  const { userAuth, rootAuth } = newApiAuth(legacy, options.accessToken, userId);
  const { getTokenKey, getTokenKeys, deleteTokens } = revealAndBatchHandlers(store, userId);

  const listTokens: Handler = ({ res, query }) =>
    writeOk(
      res,
      pageOf(
        store.ofUser(userId).sort((a, b) => b.id - a.id),
        query,
      ),
    );

  return startGateway({
    options,
    userId,
    store,
    dialect: newApiDialect,
    relay: newApiRelay,
    defaultRateLimit: NEW_API_DEFAULT_RATE_LIMIT,
    userAuth,
    rootAuth,
    status: { version: options.version ?? (legacy ? 'v0.9.9' : 'v1.0.0'), fields: newApiStatus },
    self: newApiSelf(store, userId),
    list: listTokens,
    search: [searchRateLimit, searchHandler(store, userId, options.searchMode ?? 'exact')],
    logs,
    logList: newApiLogList(logs, userId, legacy),
    more: [
      ['POST', '/api/token/:id/key', userAuth, criticalRateLimit, getTokenKey],
      ['POST', '/api/token/batch', userAuth, deleteTokens],
      ['POST', '/api/token/batch/keys', userAuth, criticalRateLimit, getTokenKeys],
    ],
    resetLimits: () => {
      limiter = limiters();
    },
  });
}

if (isMainModule(import.meta.url)) {
  await runFromCommandLine<NewApiToken>({
    name: 'new-api',
    usage:
      'npx tsx e2e/emulators/new-api.ts --token <access token> [--port 3002] ' +
      '[--user-id 1] [--no-user-header] [--seed N]',
    start: (args, common) =>
      startNewApiEmulator({
        ...common,
        userId: Number(args.get('user-id') ?? 1),
        requireUserHeader: !args.has('no-user-header'),
      }),
    demo: (count) =>
      demoTokens<NewApiToken>(count, (i) => ({
        model_limits_enabled: i % 4 === 1,
        model_limits: i % 4 === 1 ? 'gpt-4o,gpt-4o-mini' : '',
        allow_ips: i % 6 === 2 ? '10.0.0.0/8\n192.168.1.10' : '',
        group: i % 3 === 0 ? 'default' : '',
      })),
  });
}
