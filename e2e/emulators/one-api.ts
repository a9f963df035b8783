/**
 * An emulator of one-api (songquanpeng/one-api) token management, for tests: its routes,
 * answers, status codes and quirks the dashboard meets on a real one; and its OpenAI relay
 * (/v1/models, /v1/chat/completions), answered by an echo and charged to the token.
 *
 *   npx tsx e2e/emulators/one-api.ts --port 3001 --token secret [--seed 25]
 */
import { accessTokenAuth, refuseNonRoot } from './gateway/access-token-auth';
import { demoTokens, isMainModule, runFromCommandLine } from './gateway/cli';
import { writeOk } from './gateway/gin-answers';
import { atoiOrZero } from './gateway/go-binding';
import type { Handler } from './gateway/router';
import { LogStore } from './gateway/log-store';
import { sqlLike } from './gateway/sql-like';
import { startGateway } from './gateway/start-gateway';
import { TokenStore } from './gateway/token-store';
import { type CommonEmulatorOptions, type EmulatorHandle, type OneApiToken } from './gateway/types';
import { oneApiSelf, oneApiStatus } from './one-api/info';
import { oneApiLogList } from './one-api/logs';
import { oneApiRelay } from './one-api/relay';
import { oneApiDialect } from './one-api/token';

export type { EmulatorHandle, LogSeed, OneApiToken } from './gateway/types';

export interface OneApiEmulatorOptions extends CommonEmulatorOptions {
  /** Default: 480 requests per 3 minutes per client address, as one-api. */
  rateLimit?: CommonEmulatorOptions['rateLimit'];
}

/** The user the access token belongs to (a common user, role 1). */
export const ONE_API_USER_ID = 1;
export const ONE_API_DEFAULT_RATE_LIMIT = { max: 480, windowMs: 3 * 60 * 1000 };
/** config.ItemsPerPage: the list's fixed page size. */
export const ONE_API_PAGE_SIZE = 10;

export async function startOneApiEmulator(
  options: OneApiEmulatorOptions,
): Promise<EmulatorHandle<OneApiToken>> {
  const userId = ONE_API_USER_ID;
  const store = new TokenStore<OneApiToken>();
  const logs = new LogStore();
  const present = oneApiDialect.present;

  const listTokens: Handler = ({ res, query }) => {
    const page = Math.max(0, atoiOrZero(query.get('p')));
    const order = query.get('order') ?? '';
    const rows = store.ofUser(userId);
    // Array.prototype.sort is stable: ties keep id order, as SQLite returns rows.
    if (order === 'remain_quota') {
      rows.sort(
        (a, b) =>
          Number(b.unlimited_quota) - Number(a.unlimited_quota) || b.remain_quota - a.remain_quota,
      );
    } else if (order === 'used_quota') {
      rows.sort((a, b) => b.used_quota - a.used_quota);
    } else {
      rows.sort((a, b) => b.id - a.id);
    }
    const start = page * ONE_API_PAGE_SIZE;
    writeOk(res, rows.slice(start, start + ONE_API_PAGE_SIZE).map(present));
  };

  const searchTokens: Handler = ({ res, query }) => {
    // name LIKE keyword% with the keyword unescaped; no ORDER BY, so SQLite's id order.
    const pattern = `${query.get('keyword') ?? ''}%`;
    writeOk(
      res,
      store
        .ofUser(userId)
        .filter((token) => sqlLike(token.name, pattern))
        .map(present),
    );
  };

  return startGateway({
    options,
    userId,
    store,
    dialect: oneApiDialect,
    relay: oneApiRelay,
    defaultRateLimit: ONE_API_DEFAULT_RATE_LIMIT,
    userAuth: accessTokenAuth(options.accessToken),
    rootAuth: refuseNonRoot,
    status: { version: options.version ?? 'v0.6.10', fields: oneApiStatus },
    self: oneApiSelf(store, userId),
    list: listTokens,
    search: [searchTokens],
    logs,
    logList: oneApiLogList(logs, userId),
  });
}

if (isMainModule(import.meta.url)) {
  await runFromCommandLine<OneApiToken>({
    name: 'one-api',
    usage: 'npx tsx e2e/emulators/one-api.ts --token <access token> [--port 3001] [--seed N]',
    start: (_args, common) => startOneApiEmulator(common),
    demo: (count) => demoTokens(count),
  });
}
