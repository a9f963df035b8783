import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test-support';
import { contentSecurityPolicy } from './security-headers';

let service: TestService;
beforeAll(() => {
  service = startTestService();
});
afterAll(async () => {
  await service.close();
});

const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe('routes', () => {
  it('answers 404 with an envelope for an unknown route under /api', async () => {
    for (const path of ['/api/nothing', '/api/token/1/secret', '/api/tokens', '/api']) {
      const response = await service.api('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.success).toBe(false);
      expect(response.message).toContain('no such API route: GET');
    }
  });

  it.each([
    ['PATCH', '/api/token/', 'GET, POST, PUT, HEAD'],
    ['DELETE', '/api/token', 'GET, POST, PUT, HEAD'],
    ['POST', '/api/token/search', 'GET, HEAD'],
    ['GET', '/api/token/batch', 'POST'],
    ['DELETE', '/api/token/batch', 'POST'],
    ['PUT', '/api/token/1', 'GET, DELETE, HEAD'],
    ['POST', '/api/token/1', 'GET, DELETE, HEAD'],
    ['GET', '/api/token/1/key', 'POST'],
    ['DELETE', '/api/option/', 'GET, PUT, HEAD'],
    ['POST', '/api/status', 'GET, HEAD'],
    ['DELETE', '/healthz', 'GET, HEAD'],
  ])('answers 405 with Allow for %s %s', async (method, path, allow) => {
    const response = await service.api(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe(allow);
    expect(response.message).toBe(
      `${method} is not allowed on ${path.replace(/\/$/, '')}: use ${allow}`,
    );
  });

  it('makes the trailing slash optional', async () => {
    for (const path of [
      '/api/token',
      '/api/token/',
      '/api/token/search',
      '/api/token/search/',
      '/api/status/',
      '/healthz/',
      '/api/option',
    ]) {
      expect((await service.api('GET', path)).status, path).toBe(200);
    }
  });

  it('answers HEAD on GET routes', async () => {
    const response = await service.request('HEAD', '/api/status');
    expect(response.status).toBe(200);
  });
});

describe('bodies', () => {
  const writes: [string, string][] = [
    ['POST', '/api/token/'],
    ['PUT', '/api/token/'],
    ['PUT', '/api/token/?status_only=true'],
    ['POST', '/api/token/batch'],
    ['PUT', '/api/option/'],
  ];

  it.each(writes)(
    '%s %s answers 415 without Content-Type: application/json',
    async (method, path) => {
      const wrongTypes: Record<string, string>[] = [
        {},
        { 'Content-Type': 'text/plain' },
        { 'Content-Type': 'application/x-www-form-urlencoded' },
      ];
      for (const headers of wrongTypes) {
        const response = await service.api(method, path, { body: '{"name":"x"}', headers });
        expect(response.status).toBe(415);
        expect(response.message).toBe(
          'body must be JSON: send it with Content-Type: application/json',
        );
      }
      expect((await service.list()).total).toBe(0);
    },
  );

  it('accepts application/json with a charset', async () => {
    const response = await service.api('POST', '/api/token/', {
      body: JSON.stringify({ name: 'Charset' }),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(200);
    await service.api('DELETE', `/api/token/${(response.data as { id: number }).id}`);
  });

  it.each(writes)('%s %s answers 400 for a body that is not JSON', async (method, path) => {
    for (const body of ['{"name":', '', 'name=x', "{'name':'x'}"]) {
      const response = await service.api(method, path, { body, headers: JSON_HEADERS });
      expect(response.status).toBe(400);
      expect(response.message).toBe('body is not valid JSON');
    }
  });

  it('answers 400 for JSON that is not an object', async () => {
    for (const body of ['[]', '[{"name":"x"}]', 'null', '"name"', '42', 'true']) {
      const response = await service.api('POST', '/api/token/', { body, headers: JSON_HEADERS });
      expect(response.status).toBe(400);
      expect(response.message).toBe('body must be a JSON object');
    }
  });

  it('answers 400 for bytes that are not UTF-8', async () => {
    const body = new Uint8Array([
      0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d,
    ]);
    const response = await service.api('POST', '/api/token/', { body, headers: JSON_HEADERS });
    expect(response.status).toBe(400);
    expect(response.message).toBe('body is not valid JSON');
  });

  it('answers 413 for a declared Content-Length over 64 KiB', async () => {
    const body = JSON.stringify({ name: 'Big', padding: 'x'.repeat(70_000) });
    const response = await service.api('POST', '/api/token/', {
      body,
      headers: { ...JSON_HEADERS, 'Content-Length': String(body.length) },
    });
    expect(response.status).toBe(413);
    expect(response.message).toBe('body is larger than 64 KiB');
  });

  it('answers 413 for a streamed body over 64 KiB that declares no length, or a false one', async () => {
    const chunks = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
          controller.enqueue(new TextEncoder().encode('{"name":"Big","padding":"'));
          for (let i = 0; i < 5; i += 1) controller.enqueue(chunk);
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
        },
      });
    for (const headers of [JSON_HEADERS, { ...JSON_HEADERS, 'Content-Length': '100' }]) {
      const response = await service.app.request('/api/token/', {
        method: 'POST',
        headers: { ...headers, Authorization: 'Bearer test-admin-key-0123456789' },
        body: chunks(),
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { message: string }).message).toBe(
        'body is larger than 64 KiB',
      );
    }
    expect((await service.list()).total).toBe(0);
  });

  it('accepts a body of exactly 64 KiB', async () => {
    const prefix = '{"name":"Exactly 64 KiB","padding":"';
    const suffix = '"}';
    const body = prefix + 'x'.repeat(64 * 1024 - prefix.length - suffix.length) + suffix;
    expect(new TextEncoder().encode(body).byteLength).toBe(65536);
    const response = await service.api('POST', '/api/token/', { body, headers: JSON_HEADERS });
    expect(response.status).toBe(200);
    await service.api('DELETE', `/api/token/${(response.data as { id: number }).id}`);
  });

  it('ignores a body sent to reveal, which takes none', async () => {
    const token = await service.createToken({ name: 'Reveal with body' });
    const response = await service.api('POST', `/api/token/${token.id}/key`, {
      body: 'not json',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ key: token.key });
    await service.api('DELETE', `/api/token/${token.id}`);
  });
});

describe('security headers', () => {
  const expected = {
    'Content-Security-Policy':
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };

  it.each([
    ['GET', '/api/token/', {}, 200],
    ['GET', '/api/token/', { auth: false as const }, 401],
    ['GET', '/api/nothing', {}, 404],
    ['PATCH', '/api/token/', {}, 405],
    ['POST', '/api/token/', { body: '{' }, 415],
    ['GET', '/api/status', {}, 200],
    ['GET', '/healthz', {}, 200],
    ['GET', '/', {}, 200],
    ['GET', '/tokens/42', {}, 200],
    ['POST', '/somewhere', {}, 404],
  ])('are on %s %s (%#)', async (method, path, options, status) => {
    const response = await service.request(method, path, options);
    expect(response.status).toBe(status);
    for (const [name, value] of Object.entries(expected))
      expect(response.headers.get(name)).toBe(value);
  });

  it('keep API answers out of caches', async () => {
    const response = await service.request('GET', '/api/token/');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('let a later proxy mode add connect-src origins', () => {
    expect(contentSecurityPolicy(['https://gateway.example.com'])).toContain(
      "connect-src 'self' https://gateway.example.com;",
    );
  });
});

describe('compression', () => {
  it('gzips a large JSON answer when the client accepts it', async () => {
    for (let i = 0; i < 30; i += 1) await service.createToken({ name: `Compressible ${i}` });
    const response = await service.request('GET', '/api/token/?size=30', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    const plain = await service.request('GET', '/api/token/?size=30');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
  });
});
