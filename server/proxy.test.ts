import { Hono } from 'hono';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi/document';
import { proxyHandler, upstreamUrl } from './proxy';
import { createProxyApp } from './proxy-app';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let upstream: Server;
let upstreamBase: URL;
const seen: Seen[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/gw/api/slow')) return; // never answers
      if (req.url?.startsWith('/gw/api/limited')) {
        res.writeHead(429);
        return res.end();
      }
      if (req.url?.startsWith('/gw/api/stream')) {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('first ');
        setTimeout(() => res.end('second'), 50);
        return;
      }
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Set-Cookie': 'session=upstream; Path=/',
      });
      res.end(JSON.stringify({ success: true, message: '', data: { echoed: body } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamBase = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/gw`);
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const appFor = (base: URL, timeoutMs = 2_000) =>
  new Hono().all('/api/*', proxyHandler({ upstream: base, timeoutMs }));

describe('proxy mode', () => {
  it('forwards method, path, query, body and the allowed headers, and no cookies', async () => {
    const response = await appFor(upstreamBase).request(
      'http://local/api/token/?p=0&order=used_quota',
      {
        method: 'PUT',
        headers: {
          Authorization: 'Bearer upstream-key',
          'New-Api-User': '7',
          'Content-Type': 'application/json',
          'Accept-Language': 'zh-CN',
          Cookie: 'dashboard=secret',
          'X-Other': 'no',
        },
        body: JSON.stringify({ id: 1, name: '新名字' }),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({
      success: true,
      message: '',
      data: { echoed: '{"id":1,"name":"新名字"}' },
    });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'PUT', url: '/gw/api/token/?p=0&order=used_quota' });
    expect(request.headers).toMatchObject({
      authorization: 'Bearer upstream-key',
      'new-api-user': '7',
      'content-type': 'application/json',
      'accept-language': 'zh-CN',
    });
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers['x-other']).toBeUndefined();
  });

  it('passes the upstream’s own statuses through, such as 429 with an empty body', async () => {
    const response = await appFor(upstreamBase).request('http://local/api/limited');
    expect(response.status).toBe(429);
    expect(await response.text()).toBe('');
  });

  it('streams answers as they come', async () => {
    const response = await appFor(upstreamBase).request('http://local/api/stream');
    expect(await response.text()).toBe('first second');
  });

  it('answers 504 with an envelope when the upstream is too slow', async () => {
    const response = await appFor(upstreamBase, 200).request('http://local/api/slow');
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('did not answer within 0.2 seconds'),
    });
  });

  it('answers 502 naming the upstream host when it cannot be reached', async () => {
    const response = await appFor(new URL('http://127.0.0.1:9')).request('http://local/api/status');
    expect(response.status).toBe(502);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain('127.0.0.1:9');
    expect(body.message).toContain('UPSTREAM_URL');
  });

  it('describes this service’s API itself, asking the upstream nothing', async () => {
    const app = createProxyApp({ upstream: upstreamBase, timeoutMs: 2_000, distDir: '/nowhere' });
    const before = seen.length;
    const document = await app.request('http://local/api/openapi.json');
    expect(document.status).toBe(200);
    expect(await document.json()).toEqual(openApiDocument());
    const page = await app.request('http://local/api/docs');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Create a token');
    expect(seen.length).toBe(before);
    await app.request('http://local/api/token/');
    expect(seen.length).toBe(before + 1);
  });

  it('forwards a LiteLLM proxy’s key, spend and OpenAI routes like /api, answers kept from caches', async () => {
    const app = createProxyApp({ upstream: upstreamBase, timeoutMs: 2_000, distDir: '/nowhere' });
    const paths = [
      '/key/list?page=2&size=100&return_full_object=true',
      '/key/generate',
      '/spend/logs?summarize=false',
      '/global/spend/logs',
      '/user/daily/activity?page=1',
      '/v1/models',
    ];
    for (const path of paths) {
      const before = seen.length;
      const response = await app.request(`http://local${path}`, {
        method: path === '/key/generate' ? 'POST' : 'GET',
        headers: {
          Authorization: 'Bearer sk-master',
          'Content-Type': 'application/json',
          Cookie: 'dashboard=secret',
          'X-Litellm-Api-Key': 'sk-other',
        },
        ...(path === '/key/generate' ? { body: '{"key_alias":"bot"}' } : {}),
      });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('set-cookie'), path).toBeNull();
      expect(seen.length, path).toBe(before + 1);
      const request = seen.at(-1)!;
      expect(request.url).toBe(`/gw${path}`);
      expect(request.headers.authorization).toBe('Bearer sk-master');
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers['x-litellm-api-key']).toBeUndefined();
    }
    expect(seen.at(-5)).toMatchObject({ method: 'POST', body: '{"key_alias":"bot"}' });
  });

  it('forwards nothing else of a LiteLLM proxy: its other routes get the dashboard', async () => {
    const app = createProxyApp({ upstream: upstreamBase, timeoutMs: 2_000, distDir: '/nowhere' });
    const before = seen.length;
    for (const path of [
      '/openapi.json',
      '/health/liveliness',
      '/user/info',
      '/user/daily/activity/aggregated',
      '/model/info',
      '/keys/list',
      '/team/list',
    ]) {
      const response = await app.request(`http://local${path}`);
      expect(await response.text(), path).toContain('dashboard is not built');
    }
    expect(seen.length).toBe(before);
  });

  it('joins the upstream path prefix and the request path', () => {
    expect(
      upstreamUrl(new URL('https://gw.example.com/base/'), 'http://x/api/token/?p=1').toString(),
    ).toBe('https://gw.example.com/base/api/token/?p=1');
  });
});
