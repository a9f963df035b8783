import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FailureLimiter } from './failure-limiter';
import { httpRequest, listenOnFreePort, rawRequest } from './reliability/raw-http';
import {
  snapshotStore,
  startTestService,
  TEST_ADMIN_KEY,
  type RequestOptions,
  type TestService,
} from './test-support';

// The real comparison, watched: which buffers the admin key check hands to it.
const { timingSafeEqual } = vi.hoisted(() => ({ timingSafeEqual: vi.fn() }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  timingSafeEqual.mockImplementation(actual.timingSafeEqual);
  return { ...actual, timingSafeEqual };
});

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

const KEY = TEST_ADMIN_KEY;
const oneCharOff = (at: number) =>
  `${KEY.slice(0, at)}${KEY[at] === 'x' ? 'y' : 'x'}${KEY.slice(at + 1)}`;

/**
 * docs/api.md: a missing header, another scheme or a wrong key is 401. A bare key has no scheme, so
 * it is refused like any other scheme. Blanks between "Bearer" and the key are allowed, as
 * RFC 7235 allows (1*SP); HTTP itself drops blanks around a header value.
 */
const wrongCredentials: [string, false | string][] = [
  ['missing header', false],
  ['empty header', ''],
  ['scheme alone', 'Bearer'],
  ['empty bearer', 'Bearer '],
  ['other scheme', `Basic ${Buffer.from(`admin:${KEY}`).toString('base64')}`],
  ['Basic with the key alone', `Basic ${Buffer.from(KEY).toString('base64')}`],
  ['Token scheme', `Token ${KEY}`],
  ['key without scheme', KEY],
  ['scheme with a colon', `Bearer: ${KEY}`],
  ['scheme joined to the key', `Bearer${KEY}`],
  ['scheme twice', `Bearer Bearer ${KEY}`],
  ['key split by a space', `Bearer ${KEY.slice(0, 10)} ${KEY.slice(10)}`],
  ['key and another word', `Bearer ${KEY} extra`],
  ['two keys in one header', `Bearer wrong-key, Bearer ${KEY}`],
  ['wrong key', 'Bearer wrong-key-of-some-length'],
  ['first character different', `Bearer ${oneCharOff(0)}`],
  ['last character different', `Bearer ${oneCharOff(KEY.length - 1)}`],
  ['middle character different', `Bearer ${oneCharOff(12)}`],
  ['one character short', `Bearer ${KEY.slice(0, -1)}`],
  ['right key with extra', `Bearer ${KEY}x`],
  ['key twice', `Bearer ${KEY}${KEY}`],
  ['key in upper case', `Bearer ${KEY.toUpperCase()}`],
  ['key with sk- in front', `Bearer sk-${KEY}`],
  ['key with a Latin-1 letter', `Bearer ${KEY}\u00e9`],
  ['key of 8 KiB', `Bearer ${'k'.repeat(8192)}`],
];

describe('admin key', () => {
  let address = 0;
  // A fresh address per case keeps these tests clear of the failure limiter.
  const from = () => `192.0.2.${(address += 1)}`;

  it.each(wrongCredentials)(
    'refuses every guarded route with %s: 401, nothing done',
    async (_kind, auth) => {
      const before = await snapshotStore(service.store);
      for (const [method, path, options] of guardedRoutes()) {
        const response = await service.api(method, path, { ...options, auth, from: from() });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.success).toBe(false);
        expect(response.data).toBeNull();
        expect(response.message).toBe(
          'The admin key is missing, wrong or revoked: send a valid one as "Authorization: Bearer <admin key>"',
        );
        expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="Tokendesk"');
        expect(response.message).not.toContain(TEST_ADMIN_KEY);
        expect(response.message).not.toContain('wrong-key');
      }
      expect(await snapshotStore(service.store)).toEqual(before);
    },
  );

  it('accepts the key with the scheme in any case and any run of blanks after it', async () => {
    for (const auth of [
      `Bearer ${KEY}`,
      `bearer ${KEY}`,
      `BEARER ${KEY}`,
      `Bearer   ${KEY}`,
      `Bearer ${KEY}  `,
    ]) {
      const response = await service.api('GET', '/api/token/', { auth, from: from() });
      expect(response.status, auth).toBe(200);
    }
  });

  it('compares every presented key in constant time: one timingSafeEqual over two SHA-256 digests, whatever its length', async () => {
    const presented: (false | string)[] = [
      ...wrongCredentials.map(([, auth]) => auth),
      `Bearer ${'k'.repeat(60_000)}`,
      `Bearer ${KEY}`,
    ];
    for (const auth of presented) {
      timingSafeEqual.mockClear();
      const response = await service.api('GET', '/api/token/', { auth, from: from() });
      expect(timingSafeEqual, String(auth).slice(0, 40)).toHaveBeenCalledTimes(1);
      const [given, expected] = timingSafeEqual.mock.calls[0] as [Buffer, Buffer];
      expect(given).toHaveLength(32);
      expect(expected).toHaveLength(32);
      expect(timingSafeEqual.mock.results[0]?.value).toBe(response.status === 200);
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

  it('answers 429 to wrong keys after 10 failures in a minute, until the minute has passed, and lets the right key in', async () => {
    const attacker = '198.51.100.7';
    const guess = { auth: 'Bearer guess', from: attacker };
    for (let i = 0; i < 10; i += 1) {
      clock += 1_000;
      const response = await service.api('GET', '/api/token/', guess);
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    // The first failure was at +1 s, so the block lasts until +61 s; it is now +10 s.
    clock += 1_000;
    const blocked = await service.api('GET', '/api/token/', guess);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe('50');
    expect(blocked.message).toBe(
      'Too many wrong admin keys from this address: try again in 50 seconds',
    );
    expect((await service.api('GET', '/api/token/', { auth: false, from: attacker })).status).toBe(
      429,
    );

    // An administrator behind the same address is not locked out: a 256-bit key is not guessed.
    expect((await service.api('GET', '/api/token/', { from: attacker })).status).toBe(200);
    const elsewhere = await service.api('GET', '/api/token/', { from: '203.0.113.9' });
    expect(elsewhere.status).toBe(200);

    clock += 49_000;
    expect((await service.api('GET', '/api/token/', guess)).status).toBe(429);
    clock += 1_000;
    expect((await service.api('GET', '/api/token/', guess)).status).toBe(401);
  });

  it('answers 429 with Retry-After on every guarded route for a blocked address, does nothing, and serves other addresses', async () => {
    const attacker = '198.51.100.8';
    for (let i = 0; i < 10; i += 1)
      await service.api('GET', '/api/option/', { auth: false, from: attacker });
    const before = await snapshotStore(service.store);
    for (const [method, path, options] of guardedRoutes()) {
      const response = await service.api(method, path, {
        ...options,
        auth: 'Bearer guess',
        from: attacker,
      });
      expect(response.status, `${method} ${path}`).toBe(429);
      expect(response.headers.get('Retry-After')).toBe('60');
      expect(response).toMatchObject({ success: false, data: null });
      expect(response.message).toMatch(/^Too many wrong admin keys from this address/);
    }
    expect(await snapshotStore(service.store)).toEqual(before);
    const elsewhere = await service.api('GET', '/api/token/', { from: '203.0.113.10' });
    expect(elsewhere.status).toBe(200);
  });

  it('tells addresses apart over a real socket', async () => {
    const listening = await listenOnFreePort(service.app);
    try {
      const get = (auth: string[], localAddress: string) =>
        rawRequest(listening.port, httpRequest('GET', '/api/token/', auth), { localAddress });
      for (let i = 0; i < 10; i += 1) {
        expect((await get(['Authorization: Bearer guess'], '127.0.0.2')).status).toBe(401);
      }
      const blocked = await get(['Authorization: Bearer guess'], '127.0.0.2');
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBe('60');
      expect(JSON.parse(blocked.body)).toMatchObject({ success: false, data: null });
      expect((await get(['Authorization: Bearer guess'], '127.0.0.3')).status).toBe(401);
      expect((await get([`Authorization: Bearer ${KEY}`], '127.0.0.2')).status).toBe(200);
    } finally {
      await listening.close();
    }
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

describe('behind trusted proxies (TRUST_PROXY)', () => {
  let behind: TestService;
  beforeAll(() => {
    behind = startTestService({ now: () => clock, trustProxy: ['10.0.0.0/8', '2001:db8::1'] });
  });
  afterAll(() => behind.close());
  afterEach(() => {
    clock += 3_600_000;
  });

  const guess = (from: string, forwardedFor?: string) =>
    behind.api('GET', '/api/token/', {
      auth: 'Bearer guess',
      from,
      headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor },
    });

  it('counts failures per client named by the trusted proxy, so one stranger locks out no one else', async () => {
    for (let i = 0; i < 10; i += 1) await guess('10.0.0.5', '198.51.100.20');
    expect((await guess('10.0.0.5', '198.51.100.20')).status).toBe(429);
    // Another client through the same balancer, and the same one through another proxy.
    expect((await guess('10.0.0.5', '198.51.100.21')).status).toBe(401);
    expect((await guess('::ffff:10.9.9.9', '198.51.100.20')).status).toBe(429);
    expect((await guess('2001:db8::1', '198.51.100.20')).status).toBe(429);
  });

  it('reads X-Forwarded-For from the right, past trusted hops only', async () => {
    // The client wrote the first entry itself; the proxy appended the address it saw.
    for (let i = 0; i < 10; i += 1) await guess('10.0.0.5', `203.0.113.${i}, 198.51.100.30`);
    expect((await guess('10.0.0.5', '198.51.100.30')).status).toBe(429);
    expect((await guess('10.0.0.5', '198.51.100.30, 10.1.2.3')).status).toBe(429);
    expect((await guess('10.0.0.5', '203.0.113.0')).status).toBe(401);
  });

  it('ignores X-Forwarded-For from an address it does not trust', async () => {
    for (let i = 0; i < 10; i += 1) await guess('192.0.2.50', `198.51.100.${100 + i}`);
    // Each request named another client; all came from 192.0.2.50, which is what counts.
    expect((await guess('192.0.2.50', '198.51.100.200')).status).toBe(429);
    expect((await guess('192.0.2.51')).status).toBe(401);
  });

  it('takes the proxy itself as the client when it forwards no usable address', async () => {
    for (let i = 0; i < 10; i += 1) await guess('10.0.0.6', 'unknown');
    expect((await guess('10.0.0.6')).status).toBe(429);
    expect((await guess('10.0.0.7')).status).toBe(401);
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
