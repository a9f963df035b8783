import { Hono } from 'hono';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi/document';
import { OPENAI_ROUTES, proxyHandler, upstreamUrl } from './proxy';
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
/** Lets the streamed answer's second event go. */
let releaseSecond: () => void = () => {};
/** Whether the endless answer's request was closed by the proxy. */
let endlessClosed = false;

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
      if (req.url?.startsWith('/gw/v1/chat/completions')) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'X-Other': 'no' });
        res.write('data: {"first":true}\n\n');
        releaseSecond = () => res.end('data: [DONE]\n\n');
        return;
      }
      if (req.url?.startsWith('/gw/v1/endless')) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('data: {"first":true}\n\n');
        res.on('close', () => (endlessClosed = true));
        return;
      }
      if (req.url?.startsWith('/gw/v1/limited')) {
        res.writeHead(429, {
          'Content-Type': 'application/json',
          'Retry-After': '12',
          'X-Ratelimit-Remaining-Requests': '0',
          'Set-Cookie': 'session=upstream; Path=/',
        });
        return res.end('{"error":{"message":"slow down","code":"rate_limit_exceeded"}}');
      }
      if (req.url?.startsWith('/gw/v1/slow')) return; // never answers
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
  new Hono()
    .all('/api/*', proxyHandler({ upstream: base, timeoutMs }))
    .all('/v1/*', proxyHandler({ upstream: base, timeoutMs }, OPENAI_ROUTES));

const decoder = new TextDecoder();

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

  it('forwards /v1 with the token key, its body and type only, and streams each event as it comes', async () => {
    const response = await appFor(upstreamBase).request('http://local/v1/chat/completions', {
      method: 'POST',
      headers: {
        Authorization: 'Bearer sk-token-key',
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        'New-Api-User': '7',
        Cookie: 'dashboard=secret',
      },
      body: '{"model":"m","stream":true}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-other')).toBeNull();
    const reader = response.body!.getReader();
    // The second event is sent only once the first has been read here: a proxy that gathered
    // the answer before passing it on would wait for ever.
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('data: {"first":true}\n\n');
    releaseSecond();
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      rest += decoder.decode(next.value);
    }
    expect(rest).toBe('data: [DONE]\n\n');
    const request = seen.at(-1)!;
    expect(request.body).toBe('{"model":"m","stream":true}');
    expect(request.headers).toMatchObject({
      authorization: 'Bearer sk-token-key',
      'content-type': 'application/json',
      accept: 'text/event-stream',
    });
    expect(request.headers['new-api-user']).toBeUndefined();
    expect(request.headers.cookie).toBeUndefined();
  });

  it('passes a /v1 refusal on with its status, body and rate-limit headers, and no cookie', async () => {
    const response = await appFor(upstreamBase).request('http://local/v1/limited', {
      headers: { Authorization: 'Bearer sk-token-key' },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('12');
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({
      error: { message: 'slow down', code: 'rate_limit_exceeded' },
    });
  });

  it('answers a /v1 gateway too slow or away in OpenAI’s shape', async () => {
    const slow = await appFor(upstreamBase, 200).request('http://local/v1/slow');
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual({
      error: {
        message: expect.stringContaining('did not answer within 0.2 seconds'),
        type: 'upstream_error',
        param: null,
        code: 'upstream_error',
      },
    });
    const away = await appFor(new URL('http://127.0.0.1:9')).request('http://local/v1/models');
    expect(away.status).toBe(502);
    expect(await away.json()).toMatchObject({
      error: { message: expect.stringContaining('127.0.0.1:9'), code: 'upstream_error' },
    });
  });

  it('stops the request upstream when the client goes away mid-answer', async () => {
    const client = new AbortController();
    const response = await appFor(upstreamBase).request('http://local/v1/endless', {
      signal: client.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    client.abort();
    await expect.poll(() => endlessClosed, { timeout: 2_000 }).toBe(true);
  });

  it('forwards a LiteLLM proxy’s key and spend routes like /api, answers kept from caches', async () => {
    const app = createProxyApp({ upstream: upstreamBase, timeoutMs: 2_000, distDir: '/nowhere' });
    const paths = [
      '/key/list?page=2&size=100&return_full_object=true',
      '/key/generate',
      '/spend/logs?summarize=false',
      '/global/spend/logs',
      '/user/daily/activity?page=1',
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
    expect(seen.at(-4)).toMatchObject({ method: 'POST', body: '{"key_alias":"bot"}' });
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
