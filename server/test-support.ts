/**
 * Shared by the service's tests: a real service on a real SQLite file in a fresh directory. Every
 * answer a test receives is held to the OpenAPI document (openapi/answer-check.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { anyEnvelopeSchema } from '../src/contract/envelope';
import type { Option } from '../src/contract/status';
import {
  tokenListQuerySchema,
  tokenPageSchema,
  tokenSchema,
  type Token,
  type TokenPage,
} from '../src/contract/token';
import { createApp } from './app';
import type { App } from './http/types';
import { TrustedProxies } from './http/client-address';
import { checkAnswer } from './openapi/answer-check';
import { openSqliteStore } from './store/sqlite-store';
import type { TokenStore } from './store/token-store';

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
}

function trustedProxies(entries: string[]): TrustedProxies {
  const trusted = TrustedProxies.parse(entries);
  if (typeof trusted === 'string') throw new Error(`not a proxy address: ${trusted}`);
  return trusted;
}

export function makeTempDir(prefix = 'tokendesk-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function startTestService(options: TestServiceOptions = {}): TestService {
  const dataDir = makeTempDir();
  const store = openSqliteStore({ dataDir, now: options.clock });
  const app = createApp({
    store,
    adminKey: TEST_ADMIN_KEY,
    config: {
      corsOrigins: options.corsOrigins ?? [],
      trustProxy: options.trustProxy ? trustedProxies(options.trustProxy) : null,
    },
    distDir: options.distDir ?? join(dataDir, 'no-dist'),
    now: options.now,
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
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Everything stored, whole keys included: equal snapshots mean nothing was changed. */
export interface StoreSnapshot {
  tokens: Token[];
  options: Option[];
}

export async function snapshotStore(store: TokenStore): Promise<StoreSnapshot> {
  const tokens: Token[] = [];
  for (let p = 1; ; p += 1) {
    const query = tokenListQuerySchema.parse({ p: String(p), size: '100', order: 'id' });
    const page = await store.list(query);
    for (const token of page.items) tokens.push({ ...token, key: (await store.reveal(token.id))! });
    if (p * 100 >= page.total) break;
  }
  return { tokens, options: await store.getOptions() };
}
