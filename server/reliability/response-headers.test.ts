/**
 * The security headers on every kind of answer, over a real socket: API success and failure of
 * every class, static files, the dashboard fallback, health and status, the answers node-server.ts
 * makes for requests it cannot read, and proxy mode. CORS headers only for listed origins.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProxyApp } from '../proxy-app';
import { makeTempDir, startTestService, TEST_ADMIN_KEY, type TestService } from '../test-support';
import {
  httpRequest,
  listenOnFreePort,
  rawRequest,
  type Listening,
  type RawAnswer,
} from './raw-http';

const ALLOWED = 'https://admin.example.com';
const OTHER = 'https://elsewhere.example.net';
const AUTH = `Authorization: Bearer ${TEST_ADMIN_KEY}`;
/** Ten wrong keys from here block it (on Linux all of 127.0.0.0/8 is this machine). */
const BLOCKED_ADDRESS = '127.0.0.9';

interface Row {
  label: string;
  request: string;
  status: number;
  /** The app's own answer under /api: the one place CORS headers may appear. */
  api: boolean;
  localAddress?: string;
}

const withOrigin = (origin: string) => [`Origin: ${origin}`];

/** Every kind of answer the token service gives, requested from `origin`. */
function serviceRows(origin: string): Row[] {
  const o = withOrigin(origin);
  const big = 'x'.repeat(70 * 1024);
  return [
    {
      label: 'API success',
      request: httpRequest('GET', '/api/token/', [AUTH, ...o]),
      status: 200,
      api: true,
    },
    {
      label: 'API verify',
      request: httpRequest(
        'POST',
        '/api/token/verify',
        [AUTH, ...o, 'Content-Type: application/json'],
        '{"key":"sk-unknown"}',
      ),
      status: 200,
      api: true,
    },
    {
      label: 'API 400',
      request: httpRequest('GET', '/api/token/abc', [AUTH, ...o]),
      status: 400,
      api: true,
    },
    { label: 'API 401', request: httpRequest('GET', '/api/token/', o), status: 401, api: true },
    {
      label: 'API 404',
      request: httpRequest('GET', '/api/nothing', [AUTH, ...o]),
      status: 404,
      api: true,
    },
    {
      label: 'API 405',
      request: httpRequest('PATCH', '/api/token/', [AUTH, ...o]),
      status: 405,
      api: true,
    },
    {
      label: 'API 413',
      request: httpRequest(
        'POST',
        '/api/token/',
        [AUTH, ...o, 'Content-Type: application/json'],
        big,
      ),
      status: 413,
      api: true,
    },
    {
      label: 'API 415',
      request: httpRequest('POST', '/api/token/', [AUTH, ...o, 'Content-Type: text/plain'], '{}'),
      status: 415,
      api: true,
    },
    {
      label: 'API 429',
      request: httpRequest('GET', '/api/token/', ['Authorization: Bearer guess', ...o]),
      status: 429,
      api: true,
      localAddress: BLOCKED_ADDRESS,
    },
    { label: 'status', request: httpRequest('GET', '/api/status', o), status: 200, api: true },
    {
      label: 'HEAD status',
      request: httpRequest('HEAD', '/api/status', o),
      status: 200,
      api: true,
    },
    { label: 'healthz', request: httpRequest('GET', '/healthz', o), status: 200, api: false },
    { label: 'index.html', request: httpRequest('GET', '/', o), status: 200, api: false },
    {
      label: 'index.html fallback',
      request: httpRequest('GET', '/tokens/42', o),
      status: 200,
      api: false,
    },
    {
      label: 'static file',
      request: httpRequest('GET', '/favicon.svg', o),
      status: 200,
      api: false,
    },
    {
      label: 'hashed asset',
      request: httpRequest('GET', '/assets/app.js', o),
      status: 200,
      api: false,
    },
    {
      label: 'missing asset',
      request: httpRequest('GET', '/assets/gone.js', o),
      status: 404,
      api: false,
    },
    {
      label: 'non-API 404',
      request: httpRequest('POST', '/somewhere', o),
      status: 404,
      api: false,
    },
    ...malformedRows(origin),
  ];
}

/** Requests node-server.ts answers itself: the app never sees them. */
function malformedRows(origin: string): Row[] {
  const o = withOrigin(origin);
  return [
    {
      label: 'NUL in the path',
      request: httpRequest('GET', '/api/token/\u0000', o),
      status: 400,
      api: false,
    },
    {
      label: 'header too large',
      request: httpRequest('GET', '/api/status', [...o, `X-Big: ${'a'.repeat(20_000)}`]),
      status: 431,
      api: false,
    },
    { label: 'target "*"', request: httpRequest('GET', '*', o), status: 400, api: false },
    {
      label: 'no Host',
      request: `GET /api/status HTTP/1.1\r\nOrigin: ${origin}\r\nConnection: close\r\n\r\n`,
      status: 400,
      api: false,
    },
  ];
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function expectSecurityHeaders(label: string, answer: RawAnswer, connectSrc: string[]): void {
  const csp = directives(answer.headers['content-security-policy'] ?? '');
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc, label).toBeDefined();
  expect(scriptSrc, label).not.toContain("'unsafe-inline'");
  expect(scriptSrc, label).not.toContain("'unsafe-eval'");
  expect(csp.get('connect-src'), label).toEqual(["'self'", ...connectSrc]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
  expect(answer.headers['referrer-policy'], label).toBe('no-referrer');
}

const corsHeaders = (answer: RawAnswer) =>
  Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));

let root: string;
let distDir: string;
let plain: TestService;
let withCors: TestService;
let broken: TestService;
let listening: Record<'plain' | 'withCors' | 'broken', Listening>;
let upstream: Server;
let upstreamOrigin: string;
let proxy: Listening;
let proxyNowhere: Listening;
let nowhereOrigin: string;

beforeAll(async () => {
  root = makeTempDir('tokendesk-headers-');
  distDir = join(root, 'dist');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Tokendesk</title>');
  writeFileSync(join(distDir, 'assets', 'app.js'), 'console.log(1);');
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  plain = startTestService({ distDir });
  withCors = startTestService({ distDir, corsOrigins: [ALLOWED] });
  broken = startTestService({ distDir });
  // A database that no longer answers: every store call throws.
  await broken.store.close();
  listening = {
    plain: await listenOnFreePort(plain.app),
    withCors: await listenOnFreePort(withCors.app),
    broken: await listenOnFreePort(broken.app),
  };
  for (const port of [listening.plain.port, listening.withCors.port]) {
    for (let i = 0; i < 10; i += 1) {
      await rawRequest(port, httpRequest('GET', '/api/token/'), { localAddress: BLOCKED_ADDRESS });
    }
  }

  // An upstream that sends headers of its own, which must not reach the browser.
  upstream = createServer((request, response) => {
    if (request.url?.startsWith('/api/slow')) return;
    const status = request.url?.startsWith('/api/token')
      ? 401
      : request.url === '/api/status'
        ? 200
        : 404;
    response.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Security-Policy': "script-src 'unsafe-inline' 'unsafe-eval' *",
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Credentials': 'true',
      'Referrer-Policy': 'unsafe-url',
    });
    response.end(JSON.stringify({ success: status === 200, message: '', data: null }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const upstreamUrl = new URL(upstreamOrigin);
  proxy = await listenOnFreePort(
    createProxyApp({ upstream: upstreamUrl, timeoutMs: 300, distDir }),
    [upstreamOrigin],
  );

  // A port that was free a moment ago: nothing answers there.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  nowhereOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  proxyNowhere = await listenOnFreePort(
    createProxyApp({ upstream: new URL(nowhereOrigin), timeoutMs: 300, distDir }),
    [nowhereOrigin],
  );
});

afterAll(async () => {
  for (const server of [...Object.values(listening), proxy, proxyNowhere]) await server.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await plain.close();
  await withCors.close();
  await broken.close();
  rmSync(root, { recursive: true, force: true });
});

async function answer(port: number, row: Row): Promise<RawAnswer> {
  const got = await rawRequest(port, row.request, { localAddress: row.localAddress });
  expect(got.status, row.label).toBe(row.status);
  return got;
}

describe('security headers and CORS on every answer', () => {
  it('token service without CORS_ORIGINS: all headers, no Access-Control-* even for an Origin', async () => {
    for (const row of serviceRows(ALLOWED)) {
      const got = await answer(listening.plain.port, row);
      expectSecurityHeaders(row.label, got, []);
      expect(corsHeaders(got), row.label).toEqual([]);
    }
  });

  it('token service with CORS_ORIGINS: Access-Control-Allow-Origin for a listed origin under /api only', async () => {
    for (const row of serviceRows(ALLOWED)) {
      const got = await answer(listening.withCors.port, row);
      expectSecurityHeaders(row.label, got, []);
      expect(corsHeaders(got), row.label).toEqual(row.api ? ['access-control-allow-origin'] : []);
      if (row.api) expect(got.headers['access-control-allow-origin'], row.label).toBe(ALLOWED);
    }
    const preflight = await rawRequest(
      listening.withCors.port,
      httpRequest('OPTIONS', '/api/token/', [
        ...withOrigin(ALLOWED),
        'Access-Control-Request-Method: PUT',
        'Access-Control-Request-Headers: authorization, content-type',
      ]),
    );
    expect(preflight.status).toBe(204);
    expectSecurityHeaders('preflight', preflight, []);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('token service with CORS_ORIGINS: nothing for an origin it does not list', async () => {
    for (const row of serviceRows(OTHER)) {
      const got = await answer(listening.withCors.port, row);
      expectSecurityHeaders(row.label, got, []);
      expect(corsHeaders(got), row.label).toEqual([]);
    }
    const preflight = await rawRequest(
      listening.withCors.port,
      httpRequest('OPTIONS', '/api/token/', [
        ...withOrigin(OTHER),
        'Access-Control-Request-Method: PUT',
      ]),
    );
    expect(preflight.status).toBe(401);
    expect(corsHeaders(preflight)).toEqual([]);
  });

  it('a fault of the service (500) and an unhealthy database (503) carry them too', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const row of [
        {
          label: '500 under /api',
          request: httpRequest('GET', '/api/token/', [AUTH]),
          status: 500,
          api: true,
        },
        {
          label: '500 of /api/status',
          request: httpRequest('GET', '/api/status'),
          status: 500,
          api: true,
        },
        {
          label: '503 of /healthz',
          request: httpRequest('GET', '/healthz'),
          status: 503,
          api: false,
        },
      ]) {
        const got = await answer(listening.broken.port, row);
        expectSecurityHeaders(row.label, got, []);
        expect(JSON.parse(got.body)).toMatchObject({ success: false, data: null });
        expect(corsHeaders(got)).toEqual([]);
      }
    } finally {
      quiet.mockRestore();
    }
  });

  it('proxy mode: connect-src names the upstream, and the upstream’s own headers are not passed on', async () => {
    const rows: Row[] = [
      { label: 'proxied 200', request: httpRequest('GET', '/api/status'), status: 200, api: true },
      { label: 'proxied 401', request: httpRequest('GET', '/api/token/'), status: 401, api: true },
      { label: 'proxied 404', request: httpRequest('GET', '/api/unknown'), status: 404, api: true },
      {
        label: 'upstream too slow',
        request: httpRequest('GET', '/api/slow'),
        status: 504,
        api: true,
      },
      { label: 'healthz', request: httpRequest('GET', '/healthz'), status: 200, api: false },
      { label: 'index.html', request: httpRequest('GET', '/'), status: 200, api: false },
      {
        label: 'index.html fallback',
        request: httpRequest('GET', '/tokens'),
        status: 200,
        api: false,
      },
      {
        label: 'hashed asset',
        request: httpRequest('GET', '/assets/app.js'),
        status: 200,
        api: false,
      },
      {
        label: 'missing asset',
        request: httpRequest('GET', '/assets/gone.js'),
        status: 404,
        api: false,
      },
      ...malformedRows(ALLOWED),
    ];
    for (const row of rows) {
      const got = await answer(proxy.port, row);
      expectSecurityHeaders(row.label, got, [upstreamOrigin]);
      expect(corsHeaders(got), row.label).toEqual([]);
    }
    for (const row of [
      {
        label: 'upstream unreachable',
        request: httpRequest('GET', '/api/status'),
        status: 502,
        api: true,
      },
      ...malformedRows(ALLOWED),
    ]) {
      const got = await answer(proxyNowhere.port, row);
      expectSecurityHeaders(row.label, got, [nowhereOrigin]);
      expect(corsHeaders(got), row.label).toEqual([]);
    }
  });
});
