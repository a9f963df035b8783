import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const GATEWAY_DEFAULTS = {
  bodyBytes: 20 * 1024 * 1024,
  timeouts: { firstByteMs: 60_000, idleMs: 60_000, totalMs: 600_000 },
  keepAliveMs: 15_000,
};

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({}, [])).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      adminKey: undefined,
      demo: false,
      corsOrigins: [],
      trustProxy: null,
      upstreamUrl: undefined,
      upstreamTimeoutMs: 15_000,
      dashboardDir: undefined,
      gateway: GATEWAY_DEFAULTS,
      webhookAllowPrivate: false,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/tokendesk',
        ADMIN_KEY: 'an-admin-key',
        DEMO: '1',
        CORS_ORIGINS: 'https://admin.example.com, http://localhost:5173/ ,',
        UPSTREAM_URL: 'https://gateway.example.com/',
        UPSTREAM_TIMEOUT_MS: '5000',
        DASHBOARD_DIR: '/srv/tokendesk/dist',
        TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8',
        WEBHOOK_ALLOW_PRIVATE: '1',
      },
      [],
    );
    const { trustProxy, ...rest } = config;
    expect(['10.200.1.1', '192.0.2.7', 'fd00::5'].map((a) => trustProxy?.has(a))).toEqual([
      true,
      true,
      true,
    ]);
    expect(['11.0.0.1', '192.0.2.8', 'fe00::5'].map((a) => trustProxy?.has(a))).toEqual([
      false,
      false,
      false,
    ]);
    expect(rest).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/tokendesk',
      adminKey: 'an-admin-key',
      demo: true,
      corsOrigins: ['https://admin.example.com', 'http://localhost:5173'],
      upstreamUrl: new URL('https://gateway.example.com/'),
      upstreamTimeoutMs: 5000,
      dashboardDir: '/srv/tokendesk/dist',
      gateway: GATEWAY_DEFAULTS,
      webhookAllowPrivate: true,
    });
  });

  it('refuses a WEBHOOK_ALLOW_PRIVATE that is neither 1 nor 0', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' }, [])).toThrow(
      'WEBHOOK_ALLOW_PRIVATE must be 1 or 0, not "yes"',
    );
  });

  it('reads the gateway’s limits', () => {
    const gateway = loadConfig({
      GATEWAY_BODY_LIMIT: '1048576',
      GATEWAY_FIRST_BYTE_TIMEOUT_MS: '5000',
      GATEWAY_IDLE_TIMEOUT_MS: '2000',
      GATEWAY_TOTAL_TIMEOUT_MS: '30000',
    }).gateway;
    expect(gateway).toMatchObject({
      bodyBytes: 1_048_576,
      timeouts: { firstByteMs: 5_000, idleMs: 2_000, totalMs: 30_000 },
    });
  });

  it('turns demo mode on with --demo', () => {
    expect(loadConfig({}, ['--demo']).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }, []).demo).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, [], 'PORT must be a whole number from 0 to 65535, not "abc"'],
    [{ PORT: '70000' }, [], 'PORT must be a whole number from 0 to 65535, not "70000"'],
    [{ PORT: '-1' }, [], 'PORT must be a whole number'],
    [{ HOST: 'two words' }, [], 'HOST must be a host name or address'],
    [{ ADMIN_KEY: 'short' }, [], 'ADMIN_KEY must be at least 8 visible ASCII characters'],
    [
      { ADMIN_KEY: 'has a space in it' },
      [],
      'ADMIN_KEY must be at least 8 visible ASCII characters',
    ],
    [{ DEMO: 'yes' }, [], 'DEMO must be 1 or 0, not "yes"'],
    [{ CORS_ORIGINS: 'admin.example.com' }, [], '"admin.example.com" is not one'],
    [
      { CORS_ORIGINS: 'https://admin.example.com/path' },
      [],
      '"https://admin.example.com/path" is not one',
    ],
    [{ UPSTREAM_URL: 'ftp://gateway.example.com' }, [], 'UPSTREAM_URL must be the http or https'],
    [{ UPSTREAM_URL: 'https://gateway.example.com/?a=1' }, [], 'not "https://gateway'],
    [{ UPSTREAM_TIMEOUT_MS: '50' }, [], 'UPSTREAM_TIMEOUT_MS must be milliseconds from 100'],
    [{ UPSTREAM_TIMEOUT_MS: '1.5' }, [], 'not "1.5"'],
    [{}, ['--dmeo'], 'unknown argument "--dmeo" (the only one is --demo)'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, [], 'TRUST_PROXY must be a comma-separated list'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.local' }, [], '"proxy.local" is not one'],
    [{ TRUST_PROXY: '::1/129' }, [], '"::1/129" is not one'],
    [{ GATEWAY_BODY_LIMIT: '20MB' }, [], 'GATEWAY_BODY_LIMIT must be bytes from 1024'],
    [
      { GATEWAY_TOTAL_TIMEOUT_MS: '7200000' },
      [],
      'GATEWAY_TOTAL_TIMEOUT_MS must be milliseconds from 100 to 3600000',
    ],
  ] as const)('refuses %j %j with one clear line', (env, argv, message) => {
    expect(() => loadConfig(env, argv)).toThrow(ConfigError);
    expect(() => loadConfig(env, argv)).toThrow(message);
  });
});

describe('loadConfig with PostgreSQL', () => {
  const SECRET = Buffer.alloc(32, 7).toString('base64');
  const URL_ = 'postgres://tokendesk:pw@db.example.com:5432/tokendesk';
  const shared = { DATABASE_URL: URL_, ADMIN_KEY: 'an-admin-key', TOKENDESK_SECRET: SECRET };

  it('uses SQLite without DATABASE_URL', () => {
    expect(loadConfig({}, []).database).toBeUndefined();
  });

  it('reads the database settings, with defaults for the pool and the statement timeout', () => {
    expect(loadConfig(shared, [])).toMatchObject({
      database: { url: URL_, poolSize: 10, statementTimeoutMs: 5000 },
      adminKey: 'an-admin-key',
      secret: Buffer.alloc(32, 7),
    });
    expect(
      loadConfig(
        { ...shared, DATABASE_POOL_SIZE: '25', DATABASE_STATEMENT_TIMEOUT_MS: '30000' },
        [],
      ).database,
    ).toEqual({ url: URL_, poolSize: 25, statementTimeoutMs: 30_000 });
  });

  it.each([
    [{ DATABASE_URL: URL_, TOKENDESK_SECRET: SECRET }, 'ADMIN_KEY is required with DATABASE_URL'],
    [
      { DATABASE_URL: URL_, ADMIN_KEY: 'an-admin-key' },
      'TOKENDESK_SECRET is required with DATABASE_URL',
    ],
    [{ ...shared, TOKENDESK_SECRET: 'c2hvcnQ=' }, 'TOKENDESK_SECRET must be 32 random bytes'],
    [{ TOKENDESK_SECRET: `${SECRET.slice(0, -2)}!=` }, 'TOKENDESK_SECRET must be 32 random bytes'],
    [{ ...shared, DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must be a PostgreSQL address'],
    [{ ...shared, DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a PostgreSQL address'],
    [
      { ...shared, DATABASE_POOL_SIZE: '0' },
      'DATABASE_POOL_SIZE must be connections from 1 to 100, not "0"',
    ],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE must be connections from 1 to 100'],
    [
      { ...shared, DATABASE_STATEMENT_TIMEOUT_MS: '10' },
      'DATABASE_STATEMENT_TIMEOUT_MS must be milliseconds from 100 to 600000, not "10"',
    ],
  ])('refuses %j with one clear line', (env, message) => {
    expect(() => loadConfig(env, [])).toThrow(ConfigError);
    expect(() => loadConfig(env, [])).toThrow(message);
  });

  it('never repeats the password of a malformed address', () => {
    expect(() =>
      loadConfig({ ...shared, DATABASE_URL: 'postgres//user:secret-pw@db' }, []),
    ).toThrow(/^(?!.*secret-pw)/);
  });
});
