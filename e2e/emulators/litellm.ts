/**
 * An emulator of a LiteLLM proxy's (BerriAI/litellm) virtual-key management, for tests: its key
 * and spend routes, its answers and status codes, and the quirks the dashboard meets on a real
 * one (keys kept as hashes, FastAPI's 404 and 422, Python dicts in messages, nulls written).
 *
 *   npx tsx e2e/emulators/litellm.ts --port 4000 --master-key sk-1234 [--seed 25]
 */
import { isMainModule } from './gateway/cli';
import { listen } from './gateway/listen';
import { proxyError, router, sendJson, type Route } from './litellm/http';
import { keyRoutes } from './litellm/key-routes';
import { KeyStore, hashKey, keyRow, newKey, type StoredKey } from './litellm/key-store';
import { SpendStore, spendRoutes, type SpendSeed } from './litellm/spend-routes';

export type { StoredKey } from './litellm/key-store';
export type { SpendSeed } from './litellm/spend-routes';

export interface LiteLlmEmulatorOptions {
  /** 0 or absent: a free port. Always listens on 127.0.0.1. */
  port?: number;
  /** The proxy's master key (LITELLM_MASTER_KEY), which may do everything. */
  masterKey: string;
  /** false: a release before /key/aliases, which answers it 404. */
  aliasesRoute?: boolean;
  /** `info.version` of /openapi.json. */
  version?: string;
  /** Clock in milliseconds, for tests; defaults to Date.now. */
  now?: () => number;
}

export interface LiteLlmEmulatorHandle {
  /** e.g. `http://127.0.0.1:4000` (no trailing slash). */
  url: string;
  port: number;
  close(): Promise<void>;
  /** A copy of every key's row, oldest first. */
  keys(): StoredKey[];
  /**
   * Stores keys, each made a second after the one before (so the newest is the last given),
   * with LiteLLM's defaults for what is left out; returns their rows with their whole keys.
   */
  seed(keys: Array<Partial<StoredKey> & { key?: string }>): Array<StoredKey & { key: string }>;
  /** Adds requests to the spend logs, as if made with a key (by hash); returns how many. */
  addSpend(seed: SpendSeed): number;
  /** Forgets every key and spend log: a fresh start at the same address. */
  reset(): void;
}

/** LiteLLM's user_api_key_auth: x-litellm-api-key wins over Authorization, "Bearer " optional. */
function callerKey(headers: Record<string, string | string[] | undefined>): string | null {
  const own = headers['x-litellm-api-key'];
  const given = (Array.isArray(own) ? own[0] : own) ?? headers.authorization;
  const text = (Array.isArray(given) ? given[0] : given)?.trim();
  return text ? text.replace(/^Bearer\s+/i, '') : null;
}

export async function startLiteLlmEmulator(
  options: LiteLlmEmulatorOptions,
): Promise<LiteLlmEmulatorHandle> {
  const now = options.now ?? Date.now;
  const store = new KeyStore();
  const spend = new SpendStore();

  /** Only the master key manages keys here; a virtual key is told it is not an admin's. */
  const adminOnly =
    (route: Route): Route =>
    (call) => {
      const key = callerKey(call.req.headers);
      if (key === options.masterKey) return route(call);
      const type = 'auth_error';
      if (!key)
        return proxyError(call.res, 401, 'Authentication Error, No api key passed in.', type);
      if (store.find(key)) {
        return proxyError(
          call.res,
          401,
          `Authentication Error, Only proxy admin can be used to generate, delete, update info for new keys/users/teams. Route=${call.path}. Your role=internal_user. Your user_id=None`,
          type,
        );
      }
      proxyError(
        call.res,
        401,
        `Authentication Error, Invalid proxy server token passed. Received API Key = sk-...${key.slice(-4)}, Key Hash (Token) =${hashKey(key)}. Unable to find token in cache or \`LiteLLM_VerificationTokenTable\``,
        type,
      );
    };

  const guarded = {
    ...keyRoutes({ store, now, aliasesRoute: options.aliasesRoute ?? true }),
    ...spendRoutes(spend, (hash) => store.find(hash)?.key_alias ?? null),
  };
  const routes: Record<string, Route> = {
    ...Object.fromEntries(Object.entries(guarded).map(([name, route]) => [name, adminOnly(route)])),
    'GET /health/liveliness': ({ res }) => sendJson(res, 200, "I'm alive!"),
    'GET /openapi.json': ({ res }) =>
      sendJson(res, 200, {
        openapi: '3.1.0',
        info: { title: 'LiteLLM API', version: options.version ?? '1.74.9' },
        paths: {},
      }),
  };
  const server = await listen(router(routes), options.port ?? 0);

  return {
    url: server.url,
    port: server.port,
    close: server.close,
    keys: () => structuredClone(store.all()),
    seed(keys) {
      const start = now() - keys.length * 1000;
      return keys.map(({ key = newKey(), ...fields }, i) => {
        const row = keyRow(key, fields, start + i * 1000);
        store.put(row);
        return { ...structuredClone(row), key };
      });
    },
    addSpend: (seed) => spend.add(seed),
    reset() {
      store.clear();
      spend.logs = [];
    },
  };
}

/** `--name value` pairs of the command line. */
function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

if (isMainModule(import.meta.url)) {
  const masterKey = argument('master-key');
  if (!masterKey) {
    console.error(
      'usage: npx tsx e2e/emulators/litellm.ts --master-key <key> [--port 4000] [--seed N]',
    );
    process.exit(2);
  }
  const handle = await startLiteLlmEmulator({ masterKey, port: Number(argument('port') ?? 0) });
  const count = Number(argument('seed') ?? 0);
  handle.seed(
    Array.from({ length: count }, (_, i) => ({
      key_alias: `key-${i + 1}`,
      max_budget: i % 4 === 0 ? null : (i % 7) + 1,
      spend: (i % 5) * 0.25,
      blocked: i % 11 === 5 ? true : null,
    })),
  );
  console.log(`LiteLLM emulator listening on ${handle.url}`);
  const stop = () => {
    handle.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
