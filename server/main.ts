/**
 * The token service: `node scripts/service.mjs [--demo]` runs its build (dist-server/main.mjs,
 * made from this file by scripts/build-server.mjs). Settings come from the environment (see
 * config.ts). Prints "Tokendesk listening on http://HOST:PORT" when ready.
 */
import { fileURLToPath } from 'node:url';
import { resolveAdminKey, type AdminKey } from './admin-key';
import { createApp } from './app';
import { MAX_FAILURES, WINDOW_MS } from './auth';
import type { FailureCounter } from './failure-limiter';
import { listen } from './http/node-server';
import { RequestCounter } from './http/request-counter';
import type { App } from './http/types';
import { createProxyApp } from './proxy-app';
import { loadConfig, type Config } from './config';
import { addDemoDataIfEmpty } from './demo-tokens';
import { addDemoModelIfNone } from './demo/demo-model';
import { GatewayRuntime } from './gateway/gateway-runtime';
import { WebhookDeliverer } from './webhooks/deliverer';
import { openPostgresStore } from './store/postgres/store';
import { openSqliteStore } from './store/sqlite/store';
import { nowInSeconds } from './store/token-record';
import type { TokenLoadingPort } from './store/ports/token-loading';
import type { ModelPort } from './store/ports/models';
import type { TokenPort } from './store/ports/tokens';
import type { UsagePort } from './store/ports/usage';
import type { TokenStore } from './store/token-store';

const BUILT_DASHBOARD = fileURLToPath(new URL('../dist', import.meta.url));
/** In-flight requests get this long after SIGTERM before their connections are cut. */
const DRAIN_MS = 4_000;
const SWEEP_MS = 50;

async function main(): Promise<void> {
  const config = configOrExit();
  const { app, store, gateway, deliverer } = config.upstreamUrl
    ? {
        app: createProxyApp({
          upstream: config.upstreamUrl,
          timeoutMs: config.upstreamTimeoutMs,
          distDir: config.dashboardDir ?? BUILT_DASHBOARD,
        }),
        store: null,
        gateway: null,
        deliverer: null,
      }
    : await tokenService(config);
  const mode = config.upstreamUrl ? ` (proxy to ${config.upstreamUrl.origin})` : '';
  const server = listen({
    app,
    port: config.port,
    host: config.host,
    extraConnectSrc: config.upstreamUrl ? [config.upstreamUrl.origin] : [],
    onListening: (port) =>
      console.log(`Tokendesk listening on ${httpUrl(config.host, port)}${mode}`),
  });
  server.on('error', (error) => exitWithStartupError(listenProblem(error, config)));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Tokendesk stopping (${signal})`);
    // Keep-alive connections would hold close() open: close each as soon as it has no request
    // in flight, including those busy now, and cut whatever is left after DRAIN_MS.
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    // close() stops accepting and calls back once the last connection has ended.
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      // Requests answered before the stop are settled, and webhooks in flight recorded, before
      // the database closes.
      void Promise.all([gateway?.close(), deliverer?.stop()])
        .then(() => store?.close())
        .then(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

function configOrExit(): Config {
  try {
    return loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    return exitWithStartupError(messageOf(error));
  }
}

/** The embedded token service: its database, its admin key, its routes. */
async function tokenService(config: Config): Promise<{
  app: App;
  store: TokenStore;
  gateway: GatewayRuntime;
  deliverer: WebhookDeliverer;
}> {
  const { store, adminKey, failures } = await storeOrExit(config);
  if (adminKey.source.kind === 'generated') {
    announceGeneratedKey(adminKey.key, adminKey.source.file);
  }
  if (config.demo) await addDemoDataIfNeeded(store);
  const gateway = new GatewayRuntime(config.gateway);
  const allowPrivate = config.webhookAllowPrivate;
  const requests = new RequestCounter();
  const deliverer = new WebhookDeliverer({
    store,
    allowPrivate,
    requestsTaken: () => requests.count,
  }).start();
  return {
    gateway,
    deliverer,
    app: createApp({
      store,
      adminKey: adminKey.key,
      config,
      distDir: config.dashboardDir ?? BUILT_DASHBOARD,
      failures,
      gateway,
      webhooks: { allowPrivate, wake: () => deliverer.wake() },
      requests,
    }),
    store,
  };
}

async function storeOrExit(
  config: Config,
): Promise<{ store: TokenStore; adminKey: AdminKey; failures?: FailureCounter }> {
  const { database } = config;
  if (database) {
    try {
      const store = await openPostgresStore({
        url: database.url,
        poolSize: database.poolSize,
        statementTimeoutMs: database.statementTimeoutMs,
        // loadConfig requires it with DATABASE_URL.
        secret: config.secret!,
      });
      // Every instance counts wrong keys in the database, so all refuse an address together.
      const failures = store.failureCounter({
        maxFailures: MAX_FAILURES,
        windowMs: WINDOW_MS,
        now: Date.now,
      });
      return { store, adminKey: resolveAdminKey(config), failures };
    } catch (error) {
      return exitWithStartupError(
        `cannot use the database at DATABASE_URL (${withoutCredentials(database.url)}): ${databaseProblem(error)}`,
      );
    }
  }
  try {
    const store = openSqliteStore({
      dataDir: config.dataDir,
      secret: config.secret,
      backgroundCheckpoints: true,
    });
    return { store, adminKey: resolveAdminKey(config) };
  } catch (error) {
    return exitWithStartupError(
      `cannot use the data directory ${config.dataDir} (set DATA_DIR to a writable directory): ${messageOf(error)}`,
    );
  }
}

/** The address to show: no user name or password. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'not a valid address';
  }
}

/** Connection failures to a name with several addresses come as an AggregateError with no message. */
function databaseProblem(error: unknown): string {
  if (error instanceof AggregateError && error.message === '') {
    return error.errors.map(messageOf).join('; ');
  }
  const message = messageOf(error);
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  return message === '' ? code || 'unknown error' : message;
}

function announceGeneratedKey(key: string, file: string): void {
  console.log(
    [
      `Tokendesk made an admin key and keeps it in ${file} (readable by its owner only):`,
      `  ${key}`,
      'Sign in to the dashboard with it. It is printed only this once; set ADMIN_KEY to use your own.',
    ].join('\n'),
  );
}

async function addDemoDataIfNeeded(
  store: TokenLoadingPort & TokenPort & UsagePort & ModelPort,
): Promise<void> {
  const added = await addDemoDataIfEmpty(store, nowInSeconds());
  if (added > 0) console.log(`Demo mode: added ${added} demo tokens and their usage figures`);
  if (await addDemoModelIfNone(store)) {
    console.log('Demo mode: added the model demo-echo, answered by the built-in echo upstream');
  }
}

function httpUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function listenProblem(error: Error, config: Config): string {
  const code = 'code' in error ? error.code : undefined;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE')
    return `${where} is already in use: stop the other program or set PORT`;
  if (code === 'EACCES') return `not allowed to listen on ${where}: choose a PORT above 1023`;
  return `cannot listen on ${where}: ${error.message}`;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
}

/** One line a person can act on, never a stack trace. */
function exitWithStartupError(message: string): never {
  console.error(`Tokendesk could not start: ${message}`);
  process.exit(1);
}

main().catch((error: unknown) => exitWithStartupError(messageOf(error)));
