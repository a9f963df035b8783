/**
 * Shared by the service's tests: a real service on a real database, fresh for each: a SQLite file
 * in a new directory or, in the test run's postgres project (vite.config.ts), a new database on
 * the run's PostgreSQL server. Every answer a test receives is held to the OpenAPI document
 * (openapi/answer-check.ts).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { inject } from 'vitest';
import { anyEnvelopeSchema } from '../src/contract/envelope';
import { tokenSchema, type Token } from '../src/contract/token';
import { tokenPageSchema, type TokenPage } from '../src/contract/token-page';
import { createApp } from './app';
import type { App } from './http/types';
import { AddressRanges } from './address-ranges';
import { checkAnswer } from './openapi/answer-check';
import { createPostgresStore } from './store/postgres/store';
import { openSqliteStore } from './store/sqlite/store';
import { TEST_SECRET_BYTES, createTestDatabase, dropTestDatabase } from './store/test-postgres';
import { emptyTestDatabase } from './store/test-postgres-empty';
import { nowInSeconds } from './store/token-record';
import { makeTempDir } from './test-temp-root';
import type { TokenStore } from './store/token-store';
import { deferredStore } from './test-store-proxy';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789';

export interface RequestOptions {
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is, with only the headers given. */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** false: no Authorization header; a string: that header's value. Default: the right key. */
  auth?: false | string;
  /** The client address the service sees, as if the request came over a socket. */
  from?: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  success: boolean;
  message: string;
  data: unknown;
}

export interface TestService {
  app: App;
  store: TokenStore;
  dataDir: string;
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** Like request(), for /api routes: checks the answer is an envelope and unpacks it. */
  api(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  createToken(body: Record<string, unknown>): Promise<Token>;
  list(query?: string): Promise<TokenPage>;
  close(): Promise<void>;
}

export interface TestServiceOptions {
  /** Milliseconds: the failed-attempt limiter's clock. */
  now?: () => number;
  /** Unix seconds: the store's clock (created times, expiry). */
  clock?: () => number;
  distDir?: string;
  corsOrigins?: string[];
  /** TRUST_PROXY's entries: proxies whose X-Forwarded-For names the client. */
  trustProxy?: string[];
  /** WEBHOOK_ALLOW_PRIVATE. */
  webhookAllowPrivate?: boolean;
}

function trustedProxies(entries: string[]): AddressRanges {
  const trusted = AddressRanges.parse(entries);
  if (typeof trusted === 'string') throw new Error(`not a proxy address: ${trusted}`);
  return trusted;
}

export { makeTempDir };

export type Engine = 'sqlite' | 'postgres';

/** The engine this test run's project tests: PostgreSQL when its global setup started one. */
export function testEngine(): Engine {
  return inject('postgresUrl') ? 'postgres' : 'sqlite';
}

export interface TestStore {
  store: TokenStore;
  /** A directory of the test's own (SQLite keeps its file here). */
  dataDir: string;
  /** The PostgreSQL database's URL, once made; undefined on SQLite. */
  databaseUrl: () => Promise<string | undefined>;
  /** Closes the store and opens the same database again, as a restart would. */
  reopen(): Promise<TokenStore>;
  /** Closes the store; its database is removed (on PostgreSQL, emptied for the next test). */
  dispose(): Promise<void>;
}

/** TOKENDESK_SECRET for service processes on PostgreSQL: 32 bytes in base64. */
export const TEST_SECRET = TEST_SECRET_BYTES.toString('base64');

/**
 * A new database on the run's PostgreSQL server: migrated (a copy of the template), or with
 * `empty`, as a first start finds it.
 */
export async function newTestDatabaseUrl(options: { empty?: boolean } = {}): Promise<string> {
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('no PostgreSQL server in this test run');
  const run = inject('postgresTemplate');
  return createTestDatabase(adminUrl, run, options.empty ? 'template1' : run);
}

/**
 * The settings a service process needs for a new database of `engine` (the run's by default):
 * DATA_DIR, and on PostgreSQL DATABASE_URL and TOKENDESK_SECRET. ADMIN_KEY is the test's.
 */
export async function serviceDatabaseEnv(
  dataDir: string,
  engine: Engine = testEngine(),
): Promise<Record<string, string>> {
  if (engine === 'sqlite') return { DATA_DIR: dataDir };
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: await newTestDatabaseUrl(),
    TOKENDESK_SECRET: TEST_SECRET,
  };
}

/** A store of `engine` (the run's by default) on a new, empty database. */
export function openTestStore(
  options: { clock?: () => number; engine?: Engine; dataDir?: string } = {},
): TestStore {
  const engine = options.engine ?? testEngine();
  const dataDir = options.dataDir ?? makeTempDir();
  if (engine === 'sqlite') {
    const open = () => openSqliteStore({ dataDir, now: options.clock });
    const handle: TestStore = {
      store: open(),
      dataDir,
      databaseUrl: async () => undefined,
      async reopen() {
        await handle.store.close();
        handle.store = open();
        return handle.store;
      },
      async dispose() {
        await handle.store.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return handle;
  }
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('no PostgreSQL server in this test run');
  const spare = spareDatabases.pop();
  const url = spare
    ? Promise.resolve(spare)
    : createTestDatabase(adminUrl, inject('postgresTemplate'));
  const open = () =>
    deferredStore(
      url.then((databaseUrl) =>
        createPostgresStore({ url: databaseUrl, now: options.clock, secret: TEST_SECRET_BYTES }),
      ),
      options.clock ?? nowInSeconds,
    );
  const handle: TestStore = {
    store: open(),
    dataDir,
    databaseUrl: () => url,
    async reopen() {
      await handle.store.close();
      handle.store = open();
      return handle.store;
    },
    async dispose() {
      await handle.store.close().catch(() => {});
      const databaseUrl = await url;
      try {
        // Emptied as new (ids from 1 again), it serves the next test of this file.
        await emptyTestDatabase(databaseUrl);
        spareDatabases.push(databaseUrl);
      } catch {
        await dropTestDatabase(adminUrl, databaseUrl).catch(() => {});
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** Databases emptied by a finished test: making a new one takes longer than emptying one. */
const spareDatabases: string[] = [];

export function startTestService(options: TestServiceOptions = {}): TestService {
  const testStore = openTestStore({ clock: options.clock });
  const { store, dataDir } = testStore;
  const app = createApp({
    store,
    adminKey: TEST_ADMIN_KEY,
    config: {
      corsOrigins: options.corsOrigins ?? [],
      trustProxy: options.trustProxy ? trustedProxies(options.trustProxy) : null,
    },
    distDir: options.distDir ?? join(dataDir, 'no-dist'),
    now: options.now,
    webhooks: { allowPrivate: options.webhookAllowPrivate ?? false },
  });

  const request = async (method: string, path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = {};
    if (opts.auth !== false) headers.Authorization = opts.auth ?? `Bearer ${TEST_ADMIN_KEY}`;
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    Object.assign(headers, opts.headers);
    const env = opts.from
      ? ({ incoming: { socket: { remoteAddress: opts.from } } } as unknown as HttpBindings)
      : undefined;
    const response = await app.request(path, { method, headers, body }, env);
    await checkAnswer(method, path, response.clone());
    return response;
  };

  const api = async (method: string, path: string, opts?: RequestOptions) => {
    const response = await request(method, path, opts);
    const envelope = anyEnvelopeSchema.parse(await response.json());
    return {
      status: response.status,
      headers: response.headers,
      success: envelope.success,
      message: envelope.message,
      data: envelope.data,
    };
  };

  return {
    app,
    store,
    dataDir,
    request,
    api,
    async createToken(body) {
      const response = await api('POST', '/api/token/', { json: body });
      if (response.status !== 200) throw new Error(`create failed: ${response.message}`);
      return tokenSchema.parse(response.data);
    },
    async list(query = '') {
      const response = await api('GET', `/api/token/?${query}`);
      if (response.status !== 200) throw new Error(`list failed: ${response.message}`);
      return tokenPageSchema.parse(response.data);
    },
    async close() {
      await testStore.dispose();
    },
  };
}

export { snapshotStore, type StoreSnapshot } from './test-store-snapshot';
