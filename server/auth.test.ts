import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FailureLimiter } from './failure-limiter';
import {
  startTestService,
  TEST_ADMIN_KEY,
  type RequestOptions,
  type TestService,
} from './test-support';

let clock = 1_000_000;
let service: TestService;
let tokenId: number;

beforeAll(async () => {
  service = startTestService({ now: () => clock });
  tokenId = (await service.createToken({ name: 'Guarded', remain_quota: 5 })).id;
});
afterAll(async () => {
  await service.close();
});

/** Every route under /api/token and /api/option, with a body that would succeed if authorised. */
const guardedRoutes = (): [string, string, RequestOptions][] => [
  ['GET', '/api/token/', {}],
  ['GET', '/api/token/search?keyword=Guarded', {}],
  ['GET', '/api/token/summary', {}],
  ['GET', `/api/token/${tokenId}`, {}],
  ['POST', '/api/token/', { json: { name: 'Intruder' } }],
  ['PUT', '/api/token/', { json: { id: tokenId, name: 'Renamed by intruder' } }],
  ['PUT', '/api/token/?status_only=true', { json: { id: tokenId, status: 2 } }],
  ['DELETE', `/api/token/${tokenId}`, {}],
  ['POST', '/api/token/batch', { json: { ids: [tokenId] } }],
  ['POST', `/api/token/${tokenId}/key`, {}],
  ['GET', '/api/option/', {}],
  ['PUT', '/api/option/', { json: { key: 'QuotaPerUnit', value: 1 } }],
  ['GET', '/api/token/999/unknown', {}],
];

const wrongCredentials: [string, false | string][] = [
  ['missing header', false],
  ['other scheme', `Basic ${Buffer.from(`admin:${TEST_ADMIN_KEY}`).toString('base64')}`],
  ['key without scheme', TEST_ADMIN_KEY],
  ['wrong key', 'Bearer wrong-key-of-some-length'],
  ['right key with extra', `Bearer ${TEST_ADMIN_KEY}x`],
  ['empty bearer', 'Bearer '],
];

describe('admin key', () => {
  let address = 0;
  // A fresh address per case keeps these tests clear of the failure limiter.
  const from = () => `192.0.2.${(address += 1)}`;

  it.each(wrongCredentials)(
    'refuses every guarded route with %s: 401, nothing done',
    async (_kind, auth) => {
      for (const [method, path, options] of guardedRoutes()) {
        const response = await service.api(method, path, { ...options, auth, from: from() });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.success).toBe(false);
        expect(response.data).toBeNull();
        expect(response.message).toBe(
          'The admin key is missing or wrong: send it as "Authorization: Bearer <admin key>"',
        );
        expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="Tokendesk"');
        expect(response.message).not.toContain(TEST_ADMIN_KEY);
        expect(response.message).not.toContain('wrong-key');
      }
      const token = await service.api('GET', `/api/token/${tokenId}`, { from: from() });
      expect(token.data).toMatchObject({ name: 'Guarded', status: 1 });
      const page = await service.list();
      expect(page.total).toBe(1);
      const options = await service.api('GET', '/api/option/', { from: from() });
      expect(options.data).toContainEqual({ key: 'QuotaPerUnit', value: '500000' });
    },
  );

  it('accepts the key with the scheme in any case', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await service.api('GET', '/api/token/', {
        auth: `${scheme} ${TEST_ADMIN_KEY}`,
        from: from(),
      });
      expect(response.status).toBe(200);
    }
  });

  it('leaves /api/status and /healthz open', async () => {
    expect((await service.api('GET', '/api/status', { auth: false })).status).toBe(200);
    expect((await service.api('GET', '/healthz', { auth: false })).status).toBe(200);
  });
});

describe('failure limiter', () => {
  afterEach(() => {
    // Past every window: the next test starts with a clean slate.
    clock += 3_600_000;
  });

  it('answers 429 after 10 failures in a minute, even with the right key, until the minute has passed', async () => {
    const attacker = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) {
      clock += 1_000;
      const response = await service.api('GET', '/api/token/', {
        auth: 'Bearer guess',
        from: attacker,
      });
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    // The first failure was at +1 s, so the block lasts until +61 s; it is now +10 s.
    clock += 1_000;
    const blocked = await service.api('GET', '/api/token/', { from: attacker });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe('50');
    expect(blocked.message).toBe(
      'Too many wrong admin keys from this address: try again in 50 seconds',
    );

    const elsewhere = await service.api('GET', '/api/token/', { from: '203.0.113.9' });
    expect(elsewhere.status).toBe(200);
    const local = await service.api('GET', '/api/token/');
    expect(local.status).toBe(200);

    clock += 49_000;
    expect((await service.api('GET', '/api/token/', { from: attacker })).status).toBe(429);
    clock += 1_000;
    expect((await service.api('GET', '/api/token/', { from: attacker })).status).toBe(200);
  });

  it('does nothing for a blocked address, whatever the route', async () => {
    const attacker = '198.51.100.8';
    for (let i = 0; i < 10; i += 1)
      await service.api('GET', '/api/option/', { auth: false, from: attacker });
    const response = await service.api('POST', '/api/token/', {
      json: { name: 'Blocked' },
      from: attacker,
    });
    expect(response.status).toBe(429);
    expect((await service.list()).total).toBe(1);
  });

  it('forgets failures older than a minute', async () => {
    const clumsy = '198.51.100.9';
    for (let i = 0; i < 9; i += 1)
      await service.api('GET', '/api/token/', { auth: false, from: clumsy });
    clock += 61_000;
    for (let i = 0; i < 9; i += 1)
      await service.api('GET', '/api/token/', { auth: false, from: clumsy });
    expect((await service.api('GET', '/api/token/', { from: clumsy })).status).toBe(200);
  });

  it('does not count the open routes', async () => {
    const visitor = '198.51.100.10';
    for (let i = 0; i < 20; i += 1)
      await service.api('GET', '/api/status', { auth: false, from: visitor });
    expect((await service.api('GET', '/api/token/', { from: visitor })).status).toBe(200);
  });
});

describe('FailureLimiter', () => {
  it('remembers a bounded number of addresses, dropping stale ones first', () => {
    let now = 0;
    const limiter = new FailureLimiter({
      maxFailures: 2,
      windowMs: 1_000,
      maxTracked: 3,
      now: () => now,
    });
    limiter.recordFailure('a');
    limiter.recordFailure('a');
    now = 2_000;
    for (const address of ['b', 'c', 'd']) limiter.recordFailure(address);
    // 'a' was stale: dropped first, the live three kept.
    expect(limiter.trackedAddresses).toBe(3);
    limiter.recordFailure('e');
    limiter.recordFailure('e');
    expect(limiter.trackedAddresses).toBe(3);
    expect(limiter.retryAfterMs('e')).toBe(1_000);
    for (let i = 0; i < 1_000; i += 1) limiter.recordFailure(`flood-${i}`);
    expect(limiter.trackedAddresses).toBe(3);
  });
});
