import type { Server } from 'node:http';
import { join } from 'node:path';
import OpenAI from 'openai';
import type { Model } from '../../src/contract/model';
import type { Token } from '../../src/contract/token';
import { createApp } from '../app';
import { listen } from '../http/node-server';
import { createPostgresStore } from '../store/postgres/store';
import { TEST_SECRET_BYTES } from '../store/test-postgres';
import type { TokenStore } from '../store/token-store';
import { openTestStore, TEST_ADMIN_KEY, type TestStore } from '../test-support';
import type { GatewayLimits } from './completions';
import { parseGatewayConfig } from './gateway-config';
import { startTestUpstream, type TestUpstream } from './test-upstream';
import { GatewayRuntime } from './gateway-runtime';

/** The upstream key every test model is given: no answer, log or record may show it. */
export const UPSTREAM_KEY = 'sk-upstream-0123456789-SECRET-abcdef';

export interface TestGateway {
  url: string;
  upstream: TestUpstream;
  store: TestStore;
  /** Every answer's bytes and headers, to look for the upstream key in. */
  answers: string[];
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown }>;
  /** A model whose upstream is the test upstream, behaving as `behaviour` says. */
  model(name: string, behaviour: string, fields?: Record<string, unknown>): Promise<Model>;
  token(fields?: Record<string, unknown>): Promise<Token & { key: string }>;
  get(id: number): Promise<Token>;
  /** The official SDK against the gateway, with this key; no retries unless asked for. */
  client(key: string, options?: { maxRetries?: number; url?: string }): OpenAI;
  /** Another instance of the service on the same PostgreSQL database; its address. */
  secondInstance(): Promise<string>;
  close(): Promise<void>;
}

/** The service on the run's engine, listening on a free port, with a test upstream. */
export async function startTestGateway(limits: Partial<GatewayLimits> = {}): Promise<TestGateway> {
  const upstream = await startTestUpstream();
  const store = openTestStore();
  const gatewayLimits = { ...parseGatewayConfig({}), ...limits };
  const closers: (() => Promise<unknown>)[] = [];
  const runtimes: GatewayRuntime[] = [];
  const serve = async (instanceStore: TokenStore) => {
    const runtime = new GatewayRuntime(gatewayLimits);
    runtimes.push(runtime);
    const app = createApp({
      store: instanceStore,
      adminKey: TEST_ADMIN_KEY,
      config: { corsOrigins: [] },
      distDir: join(store.dataDir, 'no-dist'),
      gateway: runtime,
    });
    const server = await new Promise<Server>((resolve) => {
      const listening: Server = listen({
        app,
        port: 0,
        host: '127.0.0.1',
        onListening: () => resolve(listening),
      });
    });
    closers.unshift(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await runtime.close();
    });
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  const url = await serve(store.store);
  const answers: string[] = [];

  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(url + path, {
      method,
      headers: {
        Authorization: `Bearer ${TEST_ADMIN_KEY}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    answers.push(text);
    const envelope = JSON.parse(text) as { data: unknown; message: string };
    return { status: response.status, data: envelope.data, message: envelope.message };
  };

  const gateway: TestGateway = {
    url,
    upstream,
    store,
    answers,
    admin,
    async model(name, behaviour, fields = {}) {
      const created = await admin('POST', '/api/model/', {
        name,
        upstream_url: upstream.url,
        upstream_model: behaviour,
        upstream_key: UPSTREAM_KEY,
        input_price: 2,
        output_price: 8,
        ...fields,
      });
      if (created.status !== 200) throw new Error(`model not created: ${JSON.stringify(created)}`);
      return created.data as Model;
    },
    async token(fields = {}) {
      const created = await admin('POST', '/api/token/', {
        name: 'Gateway test',
        remain_quota: 1_000_000,
        ...fields,
      });
      if (created.status !== 200) throw new Error(`token not created: ${JSON.stringify(created)}`);
      return created.data as Token & { key: string };
    },
    async get(id) {
      // A non-streamed answer is settled just after it leaves.
      for (const runtime of runtimes) await runtime.settled();
      await store.store.flushUsage();
      return (await admin('GET', `/api/token/${id}`)).data as Token;
    },
    client(key, options = {}) {
      return new OpenAI({
        apiKey: key,
        baseURL: `${options.url ?? url}/v1`,
        maxRetries: options.maxRetries ?? 0,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          answers.push(JSON.stringify([...response.headers]));
          // A stream is not copied: the copy would keep reading it after the client stopped.
          if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
            answers.push(await response.clone().text());
          }
          return response;
        },
      });
    },
    async secondInstance() {
      const databaseUrl = await store.databaseUrl();
      if (!databaseUrl) throw new Error('a second instance needs PostgreSQL');
      const second = createPostgresStore({ url: databaseUrl, secret: TEST_SECRET_BYTES });
      closers.push(() => second.close());
      return serve(second);
    },
    async close() {
      for (const close of closers) await close();
      await upstream.close();
      await store.dispose();
    },
  };
  return gateway;
}
