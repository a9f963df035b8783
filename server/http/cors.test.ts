import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test-support';

const ALLOWED = 'https://admin.example.com';
const OTHER = 'https://evil.example.net';

let withCors: TestService;
let withoutCors: TestService;
beforeAll(() => {
  withCors = startTestService({ corsOrigins: [ALLOWED] });
  withoutCors = startTestService();
});
afterAll(async () => {
  await withCors.close();
  await withoutCors.close();
});

const preflight = (service: TestService, origin: string) =>
  service.request('OPTIONS', '/api/token/', {
    auth: false,
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': 'authorization, content-type',
    },
  });

describe('CORS', () => {
  it('answers a preflight from a listed origin without asking for the admin key', async () => {
    const response = await preflight(withCors, ALLOWED);
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED);
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, POST, PUT, DELETE');
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(
      'Authorization, Content-Type',
    );
    expect(response.headers.get('Vary')).toContain('Origin');
  });

  it('lets a listed origin read answers, failures included', async () => {
    const ok = await withCors.request('GET', '/api/token/', { headers: { Origin: ALLOWED } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED);
    const refused = await withCors.request('GET', '/api/token/', {
      auth: false,
      headers: { Origin: ALLOWED },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED);
  });

  it('gives any other origin no CORS header at all', async () => {
    // Not a preflight answer: the request goes on to the admin key check.
    const pre = await preflight(withCors, OTHER);
    expect(pre.status).toBe(401);
    for (const [name] of pre.headers) expect(name).not.toMatch(/^access-control-/);
    const response = await withCors.request('GET', '/api/status', { headers: { Origin: OTHER } });
    expect(response.status).toBe(200);
    for (const [name] of response.headers) expect(name).not.toMatch(/^access-control-/);
    expect(response.headers.get('Vary')).toContain('Origin');
  });

  it('sends no CORS header when CORS_ORIGINS is not set', async () => {
    const pre = await preflight(withoutCors, ALLOWED);
    expect(pre.status).toBe(401);
    for (const [name] of pre.headers) expect(name).not.toMatch(/^access-control-/);
    const response = await withoutCors.request('GET', '/api/token/', {
      headers: { Origin: ALLOWED },
    });
    for (const [name] of response.headers) expect(name).not.toMatch(/^access-control-/);
  });
});
