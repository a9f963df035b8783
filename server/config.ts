import { resolve } from 'node:path';
import { AddressRanges } from './address-ranges';
import { ConfigError, parseBoundedInteger } from './config-values';
import { parseGatewayConfig, type GatewayConfig } from './gateway/gateway-config';

export { ConfigError };

export interface Config {
  port: number;
  host: string;
  /** Absolute path: the database and the generated admin key live here. */
  dataDir: string;
  /** From the environment; when absent the service keeps one in the data directory. */
  adminKey: string | undefined;
  demo: boolean;
  /** Origins allowed to call the API from a browser; empty means no CORS headers at all. */
  corsOrigins: string[];
  /** Proxies whose X-Forwarded-For names the client; null: the connection's address is the client. */
  trustProxy: AddressRanges | null;
  /** Proxy mode: an existing one-api or new-api gateway that /api is forwarded to. */
  upstreamUrl: URL | undefined;
  /** How long to wait for the upstream's answer before a 504. */
  upstreamTimeoutMs: number;
  /** The built dashboard to serve at /; absent means the project's own dist/. */
  dashboardDir: string | undefined;
  /** PostgreSQL, shared by any number of instances; absent means SQLite in dataDir. */
  database: DatabaseConfig | undefined;
  /** TOKENDESK_SECRET: 32 bytes every instance shares (required with a database). */
  secret: Buffer | undefined;
  /** The OpenAI-compatible side, /v1: its body limit and timeouts. */
  gateway: GatewayConfig;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may go to loopback and private addresses. */
  webhookAllowPrivate: boolean;
}

export interface DatabaseConfig {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections each instance keeps open at most. */
  poolSize: number;
  /** A statement running longer is cancelled and its request fails. */
  statementTimeoutMs: number;
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, argv: readonly string[] = []): Config {
  const database = parseDatabase(env);
  const adminKey = parseAdminKey(env.ADMIN_KEY);
  const secret = parseSecret(env.TOKENDESK_SECRET);
  if (database && adminKey === undefined) {
    throw new ConfigError(
      'ADMIN_KEY is required with DATABASE_URL: every instance must share the same admin key',
    );
  }
  if (database && secret === undefined) {
    throw new ConfigError(
      `TOKENDESK_SECRET is required with DATABASE_URL: every instance must share the same one (${SECRET_HINT})`,
    );
  }
  return {
    port: parsePort(env.PORT),
    host: parseHost(env.HOST),
    dataDir: parseDataDir(env.DATA_DIR),
    adminKey,
    demo: parseDemo(env.DEMO, argv),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    upstreamUrl: parseUpstreamUrl(env.UPSTREAM_URL),
    upstreamTimeoutMs: parseUpstreamTimeout(env.UPSTREAM_TIMEOUT_MS),
    dashboardDir: env.DASHBOARD_DIR ? resolve(env.DASHBOARD_DIR) : undefined,
    database,
    secret,
    gateway: parseGatewayConfig(env),
    webhookAllowPrivate: parseSwitch(env.WEBHOOK_ALLOW_PRIVATE, 'WEBHOOK_ALLOW_PRIVATE'),
  };
}

/** 1 or true, 0 or false; unset is off. */
function parseSwitch(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0, not "${value}"`);
}

const DATABASE_URL_EXAMPLE = 'postgres://tokendesk:password@db.example.com:5432/tokendesk';

function parseDatabase(env: Env): DatabaseConfig | undefined {
  const poolSize = parseBoundedInteger(env.DATABASE_POOL_SIZE, 'DATABASE_POOL_SIZE', {
    min: 1,
    max: 100,
    fallback: 10,
    unit: 'connections',
  });
  const statementTimeoutMs = parseBoundedInteger(
    env.DATABASE_STATEMENT_TIMEOUT_MS,
    'DATABASE_STATEMENT_TIMEOUT_MS',
    { min: 100, max: 600_000, fallback: 5000, unit: 'milliseconds' },
  );
  const value = env.DATABASE_URL?.trim();
  if (value === undefined || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  // The address may hold a password: the message never repeats it.
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname) {
    throw new ConfigError(
      `DATABASE_URL must be a PostgreSQL address like ${DATABASE_URL_EXAMPLE} (or unset, for SQLite in DATA_DIR)`,
    );
  }
  return { url: value, poolSize, statementTimeoutMs };
}

const SECRET_BYTES = 32;
const SECRET_HINT = `${SECRET_BYTES} random bytes in base64, as \`openssl rand -base64 ${SECRET_BYTES}\` prints`;

/** TOKENDESK_SECRET's bytes; undefined when unset; throws ConfigError when malformed. */
export function parseSecret(value: string | undefined): Buffer | undefined {
  if (value === undefined || value === '') return undefined;
  const trimmed = value.trim();
  const bytes = Buffer.from(trimmed, 'base64');
  // Buffer.from skips what is not base64: encoding back shows whether every character counted.
  if (bytes.length !== SECRET_BYTES || bytes.toString('base64') !== trimmed) {
    throw new ConfigError(`TOKENDESK_SECRET must be ${SECRET_HINT}; the value is not`);
  }
  return bytes;
}

function parseUpstreamUrl(value: string | undefined): URL | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(
      `UPSTREAM_URL must be the http or https address of a one-api or new-api gateway, like https://gateway.example.com, not "${value}"`,
    );
  }
  return url;
}

const UPSTREAM_TIMEOUT_DEFAULT_MS = 15_000;

function parseUpstreamTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return UPSTREAM_TIMEOUT_DEFAULT_MS;
  const ms = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  if (!(ms >= 100 && ms <= 600_000)) {
    throw new ConfigError(
      `UPSTREAM_TIMEOUT_MS must be milliseconds from 100 to 600000, not "${value}"`,
    );
  }
  return ms;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  // 0 asks the operating system for a free port, which tests and scripts use.
  if (!(port >= 0 && port <= 65535)) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${value}"`);
  }
  return port;
}

function parseHost(value: string | undefined): string {
  if (value === undefined || value === '') return '127.0.0.1';
  if (/\s/.test(value))
    throw new ConfigError(`HOST must be a host name or address, not "${value}"`);
  return value;
}

function parseDataDir(value: string | undefined): string {
  return resolve(value === undefined || value === '' ? './data' : value);
}

const ADMIN_KEY_MIN = 8;

function parseAdminKey(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  // The key travels in an HTTP header, so only visible ASCII survives every client unchanged.
  if (!/^[\x21-\x7e]+$/.test(value) || value.length < ADMIN_KEY_MIN) {
    throw new ConfigError(
      `ADMIN_KEY must be at least ${ADMIN_KEY_MIN} visible ASCII characters without spaces (or unset, to let the service make one)`,
    );
  }
  return value;
}

function parseDemo(value: string | undefined, argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg !== '--demo')
      throw new ConfigError(`unknown argument "${arg}" (the only one is --demo)`);
  }
  if (argv.includes('--demo')) return true;
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new ConfigError(`DEMO must be 1 or 0, not "${value}"`);
}

function parseCorsOrigins(value: string | undefined): string[] {
  if (value === undefined) return [];
  const origins: string[] = [];
  for (const item of value.split(',')) {
    const candidate = item.trim().replace(/\/$/, '');
    if (candidate === '') continue;
    if (!isOrigin(candidate)) {
      throw new ConfigError(
        `CORS_ORIGINS must be a comma-separated list of origins like https://admin.example.com, and "${candidate}" is not one`,
      );
    }
    origins.push(candidate);
  }
  return origins;
}

function isOrigin(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === candidate;
  } catch {
    return false;
  }
}

function parseTrustProxy(value: string | undefined): AddressRanges | null {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const trusted = AddressRanges.parse(entries);
  if (typeof trusted === 'string') {
    throw new ConfigError(
      `TRUST_PROXY must be a comma-separated list of proxy addresses or CIDR ranges like 10.0.0.0/8, and "${trusted}" is not one`,
    );
  }
  return trusted;
}
