/**
 * Pieces shared by the one-api and new-api emulators: token types, the Gin-like way both
 * gateways write JSON, body reading and Go-style JSON binding, key generation and masking,
 * the in-memory sliding-window rate limiter both gateways use, a tiny router with Gin's
 * trailing-slash redirect, and the standalone command line.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// ---------------------------------------------------------------------------------------------
// Token shapes
// ---------------------------------------------------------------------------------------------

/** Token status values of both gateways. */
export const TOKEN_STATUS = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;

/** Fields every gateway token has, in the order the gateways serialise them. */
export interface BaseToken {
  id: number;
  user_id: number;
  /** 48 characters [0-9A-Za-z], stored without `sk-`. */
  key: string;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  /** Unix seconds; -1 means never. */
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  used_quota: number;
}

/** one-api's token: `models` and `subnet` are nullable (`*string` in Go). */
export interface OneApiToken extends BaseToken {
  models: string | null;
  subnet: string | null;
}

/** new-api's token: it has no `models`/`subnet`, but these instead. */
export interface NewApiToken extends BaseToken {
  model_limits_enabled: boolean;
  /** Comma-separated model names. */
  model_limits: string;
  /** One IP or CIDR per line; nullable (`*string` in Go). */
  allow_ips: string | null;
  group: string;
  cross_group_retry: boolean;
}

export type StoredToken = OneApiToken | NewApiToken;

export interface EmulatorHandle<T extends BaseToken = StoredToken> {
  /** e.g. `http://127.0.0.1:3001` (no trailing slash). */
  url: string;
  port: number;
  close(): Promise<void>;
  /** A deep copy of every stored token (all users), whole keys, ordered by id. */
  tokens(): T[];
  /** Stores tokens as given, filling what is left out; returns copies of what was stored. */
  seed(tokens: Partial<T>[]): T[];
  /** Forgets every token and every rate-limit count: a fresh start at the same address. */
  reset(): void;
}

/** `false` turns a limiter off. */
export type RateLimitOption = { max: number; windowMs: number } | false;

/** Options both emulators understand. */
export interface CommonEmulatorOptions {
  /** 0 or absent: a free port. Always listens on 127.0.0.1. */
  port?: number;
  /** The access token (system token) the dashboard must send. */
  accessToken: string;
  /** Global limit on /api routes per client address (Gin's GlobalAPIRateLimit). */
  rateLimit?: RateLimitOption;
  /**
   * How an /api path with no route answers. `relay` (default) is what the real gateways do
   * (their NoRoute handler: 404 `{"error":{"message":"Invalid URL (POST /api/x)",...}}`);
   * `gin` is bare Gin's plain-text `404 page not found`.
   */
  notFound?: 'relay' | 'gin';
  /**
   * false (default): enabling (status 1) a token that is not enabled now is refused when its
   * expired_time has passed or its quota is used up. true: exactly the gateways' rule, which
   * also needs the stored status to be 3 (expired) / 4 (exhausted).
   */
  realEnableRule?: boolean;
  /** Clock in milliseconds, for tests; defaults to Date.now. */
  now?: () => number;
  /** Overrides `data.version` of /api/status. */
  version?: string;
}

// ---------------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------------

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 248 = 4 * 62: bytes at or above it are dropped so every character is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** A gateway token key: 48 characters [0-9A-Za-z] from the CSPRNG, without `sk-`. */
export function generateKey(length = 48): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length - out.length + 8)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** new-api's MaskTokenKey: first 4 + 10 stars + last 4 (shorter keys as the gateway does). */
export function maskKey(key: string): string {
  if (key === '') return '';
  if (key.length <= 4) return '*'.repeat(key.length);
  if (key.length <= 8) return `${key.slice(0, 2)}****${key.slice(-2)}`;
  return `${key.slice(0, 4)}**********${key.slice(-4)}`;
}

// ---------------------------------------------------------------------------------------------
// Writing answers the way Gin does
// ---------------------------------------------------------------------------------------------

/** Go's json.Marshal escapes these; gin.H maps come out with their keys sorted. */
export function goJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function writeJson(res: ServerResponse, status: number, body: unknown): void {
  const text = goJson(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * The `{success, message, data}` envelope. It is a gin.H (a Go map), so the keys are sorted;
 * `data` is only present when given, `extra` adds keys such as new-api's `code`.
 */
export function writeEnvelope(
  res: ServerResponse,
  status: number,
  success: boolean,
  message: string,
  data?: unknown,
  extra: Record<string, unknown> = {},
): void {
  const body: Record<string, unknown> = { ...extra, success, message };
  if (data !== undefined) body.data = data;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(body).sort()) sorted[key] = body[key];
  writeJson(res, status, sorted);
}

export function writeOk(res: ServerResponse, data?: unknown): void {
  writeEnvelope(res, 200, true, '', data);
}

/** Every business error of both gateways: HTTP 200 with success:false. */
export function writeFail(res: ServerResponse, message: string): void {
  writeEnvelope(res, 200, false, message);
}

/** Gin's `c.Status(429); c.Abort()`: no body at all. */
export function writeTooManyRequests(res: ServerResponse): void {
  res.writeHead(429, { 'Content-Length': '0' });
  res.end();
}

export function writeNotFound(
  res: ServerResponse,
  mode: 'relay' | 'gin',
  method: string,
  path: string,
): void {
  if (mode === 'gin') {
    const text = '404 page not found';
    res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
    return;
  }
  writeJson(res, 404, {
    error: {
      message: `Invalid URL (${method} ${path})`,
      type: 'invalid_request_error',
      param: '',
      code: '',
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Reading requests
// ---------------------------------------------------------------------------------------------

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Gin's default ClientIP: X-Forwarded-For (first), X-Real-IP, then the socket address. */
export function clientAddress(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  if (first) return first;
  const real = req.headers['x-real-ip'];
  const realIp = (Array.isArray(real) ? real[0] : real)?.trim();
  if (realIp) return realIp;
  return req.socket.remoteAddress ?? 'unknown';
}

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/** Go's strconv.Atoi, with its error messages. */
export function goAtoi(text: string): { ok: true; value: number } | { ok: false; message: string } {
  if (!/^[+-]?\d+$/.test(text)) {
    return { ok: false, message: `strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax` };
  }
  const big = BigInt(text);
  if (big > INT64_MAX || big < INT64_MIN) {
    return {
      ok: false,
      message: `strconv.Atoi: parsing ${JSON.stringify(text)}: value out of range`,
    };
  }
  return { ok: true, value: Number(big) };
}

/** `p, _ := strconv.Atoi(c.Query("p"))`: anything unparsable is 0. */
export function atoiOrZero(text: string | null): number {
  const parsed = goAtoi(text ?? '');
  return parsed.ok ? parsed.value : 0;
}

/** Go types a JSON body is bound to; `*string` accepts null. */
export type GoFieldType = 'int' | 'int64' | 'bool' | 'string' | '*string' | '[]int';

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

function syntaxError(raw: string, error: unknown): string {
  const first = raw.trimStart()[0];
  if (first !== undefined && !'{["-0123456789tfn'.includes(first)) {
    return `invalid character '${first}' looking for beginning of value`;
  }
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON|Unterminated|Unexpected end/i.test(message)) return 'unexpected EOF';
  const token = /Unexpected token '?(.)/.exec(message)?.[1];
  const position = /position (\d+)/.exec(message)?.[1];
  const char = token ?? (position === undefined ? undefined : raw[Number(position)]);
  return char === undefined ? 'unexpected EOF' : `invalid character '${char}' in JSON input`;
}

/**
 * Gin's ShouldBindJSON into a Go struct: the zero value of every field, overwritten by what
 * the body holds; a wrong JSON type fails with Go's message; unknown keys are ignored.
 */
export function bindJson(
  raw: string,
  structName: string,
  fields: Record<string, GoFieldType>,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  const value: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(fields)) {
    value[name] =
      type === 'bool'
        ? false
        : type === 'string'
          ? ''
          : type === '*string'
            ? null
            : type === '[]int'
              ? null
              : 0;
  }
  if (raw.trim() === '') return { ok: false, message: 'EOF' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return { ok: false, message: syntaxError(raw, error) };
  }
  if (parsed === null) return { ok: true, value };
  if (jsonKind(parsed) !== 'object') {
    return {
      ok: false,
      message: `json: cannot unmarshal ${jsonKind(parsed) === 'bool' ? 'bool' : jsonKind(parsed)} into Go value of type ${structName}`,
    };
  }
  const where = (field: string) => `Go struct field ${structName.split('.').pop()}.${field}`;
  for (const [field, type] of Object.entries(fields)) {
    if (!Object.prototype.hasOwnProperty.call(parsed, field)) continue;
    const given = (parsed as Record<string, unknown>)[field];
    const kind = jsonKind(given);
    if (kind === 'null') {
      if (type === '*string' || type === '[]int') value[field] = null;
      continue;
    }
    const fail = (what: string) => ({
      ok: false as const,
      message: `json: cannot unmarshal ${what} into ${where(field)} of type ${type}`,
    });
    if (type === 'int' || type === 'int64') {
      if (kind !== 'number') return fail(kind);
      if (!Number.isInteger(given)) return fail(`number ${String(given)}`);
      value[field] = given;
    } else if (type === 'bool') {
      if (kind !== 'bool') return fail(kind);
      value[field] = given;
    } else if (type === 'string' || type === '*string') {
      if (kind !== 'string') return fail(kind);
      value[field] = given;
    } else {
      if (kind !== 'array') return fail(kind);
      const ids: number[] = [];
      for (const item of given as unknown[]) {
        if (typeof item !== 'number' || !Number.isInteger(item)) {
          return fail(typeof item === 'number' ? `number ${item}` : jsonKind(item));
        }
        ids.push(item);
      }
      value[field] = ids;
    }
  }
  return { ok: true, value };
}

/** Bytes, as Go's len() counts a string. */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * SQL LIKE as SQLite (the gateways' default database) runs it: `%` any run, `_` one
 * character, ASCII case-insensitive. `escape` makes the character after it literal.
 */
export function sqlLike(value: string, pattern: string, escape?: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (escape !== undefined && char === escape && i + 1 < pattern.length) {
      source += (pattern[++i] as string).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'is').test(value);
}

/** Go's net.ParseCIDR, enough to tell a valid `a.b.c.d/n` or IPv6 `x::/n` from the rest. */
export function isCidr(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return false;
  const address = text.slice(0, slash);
  const bits = text.slice(slash + 1);
  const version = isIP(address);
  if (version === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

// ---------------------------------------------------------------------------------------------
// Rules and messages both gateways share
// ---------------------------------------------------------------------------------------------

export const MSG = {
  notLoggedIn: '无权进行此操作，未登录且未提供 access token',
  accessTokenInvalid: '无权进行此操作，access token 无效',
  insufficientPrivilege: '无权进行此操作，权限不足',
  idEmpty: 'id 或 userId 为空！',
  notFound: 'record not found',
  expiredCannotEnable: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
  exhaustedCannotEnable: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
} as const;

/**
 * Why a request asking for status 1 (enabled) is refused, or null. See
 * CommonEmulatorOptions.realEnableRule for the two rules.
 */
export function enableRefusal(
  stored: BaseToken,
  requestedStatus: number,
  nowSeconds: number,
  realRule: boolean,
): string | null {
  if (requestedStatus !== TOKEN_STATUS.enabled) return null;
  const expired = stored.expired_time !== -1 && stored.expired_time <= nowSeconds;
  const exhausted = stored.remain_quota <= 0 && !stored.unlimited_quota;
  if (realRule) {
    if (stored.status === TOKEN_STATUS.expired && expired) return MSG.expiredCannotEnable;
    if (stored.status === TOKEN_STATUS.exhausted && exhausted) return MSG.exhaustedCannotEnable;
    return null;
  }
  if (stored.status === TOKEN_STATUS.enabled) return null;
  if (expired) return MSG.expiredCannotEnable;
  if (exhausted) return MSG.exhaustedCannotEnable;
  return null;
}

/** Ids handed out like an auto-increment column; explicit ids from seeds must be new. */
export class TokenStore<T extends BaseToken> {
  private readonly rows = new Map<number, T>();
  private nextId = 1;

  insert(row: Omit<T, 'id'> & { id?: number }): T {
    const id = row.id ?? this.nextId;
    if (!Number.isInteger(id) || id < 1) throw new Error(`token id must be a positive integer`);
    if (this.rows.has(id)) throw new Error(`a token with id ${id} is already stored`);
    const stored = { ...row, id } as T;
    this.rows.set(id, stored);
    this.nextId = Math.max(this.nextId, id + 1);
    return stored;
  }

  get(id: number, userId: number): T | undefined {
    const row = this.rows.get(id);
    return row && row.user_id === userId ? row : undefined;
  }

  delete(id: number): void {
    this.rows.delete(id);
  }

  /** Rows of one user in id order. */
  ofUser(userId: number): T[] {
    return this.all().filter((row) => row.user_id === userId);
  }

  all(): T[] {
    return [...this.rows.values()].sort((a, b) => a.id - b.id);
  }

  peekNextId(): number {
    return this.nextId;
  }

  clear(): void {
    this.rows.clear();
    this.nextId = 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Rate limiting
// ---------------------------------------------------------------------------------------------

/**
 * The gateways' InMemoryRateLimiter: per key, the times of the last `max` allowed requests;
 * a request is allowed when fewer than `max` are held or the oldest is at least `windowMs`
 * old. Refused requests are not recorded.
 */
export class SlidingWindowLimiter {
  private readonly store = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  take(key: string): boolean {
    const at = this.now();
    const queue = this.store.get(key) ?? [];
    this.store.set(key, queue);
    if (queue.length < this.max) {
      queue.push(at);
      return true;
    }
    if (at - (queue[0] as number) >= this.windowMs) {
      queue.shift();
      queue.push(at);
      return true;
    }
    return false;
  }
}

/** A limiter from an option, or one that always allows when the option is `false`. */
export function makeLimiter(
  option: RateLimitOption | undefined,
  fallback: { max: number; windowMs: number },
  now: () => number,
): { take(key: string): boolean } {
  if (option === false) return { take: () => true };
  const { max, windowMs } = option ?? fallback;
  return new SlidingWindowLimiter(max, windowMs, now);
}

// ---------------------------------------------------------------------------------------------
// Routing
// ---------------------------------------------------------------------------------------------

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  ip: string;
  /** The raw body, read on first use. */
  body(): Promise<string>;
}

export type Handler = (ctx: RequestContext) => void | Promise<void>;

export interface Route {
  method: string;
  /** Segments; `:name` matches one non-empty segment. Static routes win over params. */
  pattern: string;
  /** Run in order; a handler that has answered stops the chain (like Gin's Abort). */
  handlers: Handler[];
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    const actual = have[i] as string;
    if (segment.startsWith(':')) {
      if (actual === '') return null;
      params[segment.slice(1)] = decodeURIComponent(actual);
    } else if (segment !== actual) return null;
  }
  return params;
}

function staticRank(pattern: string): number {
  return pattern.split('/').filter((segment) => segment.startsWith(':')).length;
}

export function findRoute(
  routes: Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | null {
  const candidates = routes
    .filter((route) => route.method === method)
    .sort((a, b) => staticRank(a.pattern) - staticRank(b.pattern));
  for (const route of candidates) {
    const params = matchPattern(route.pattern, path);
    if (params) return { route, params };
  }
  return null;
}

/**
 * Serves `routes` like a Gin engine: the matching route's handlers; else Gin's
 * RedirectTrailingSlash (301 for GET, 307 otherwise) when the path with or without its
 * trailing slash has a route; else `notFound`.
 */
export function createRouter(routes: Route[], notFound: Handler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    const path = url.pathname;
    let bodyText: Promise<string> | undefined;
    const context = (params: Record<string, string>): RequestContext => ({
      req,
      res,
      method,
      path,
      query: url.searchParams,
      params,
      ip: clientAddress(req),
      body: () => (bodyText ??= readBody(req)),
    });
    const found = findRoute(routes, method, path);
    if (found) {
      const ctx = context(found.params);
      for (const handler of found.route.handlers) {
        await handler(ctx);
        if (res.headersSent || res.writableEnded) return;
      }
      return;
    }
    if (path.length > 1) {
      const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
      if (findRoute(routes, method, other)) {
        const location = `${other}${url.search}`;
        const code = method === 'GET' ? 301 : 307;
        const text = method === 'GET' ? `<a href="${location}">Moved Permanently</a>.\n\n` : '';
        res.writeHead(code, {
          Location: location,
          ...(text ? { 'Content-Type': 'text/html; charset=utf-8' } : {}),
          'Content-Length': Buffer.byteLength(text),
        });
        res.end(text);
        return;
      }
    }
    await notFound(context({}));
  };
}

// ---------------------------------------------------------------------------------------------
// Starting and stopping
// ---------------------------------------------------------------------------------------------

export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port = 0,
): Promise<{ server: Server; url: string; port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      // A bug in the emulator: answer like Gin's Recovery middleware.
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Length': '0' });
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Whole seconds, as the gateways' common.GetTimestamp(). */
export function seconds(now: () => number): number {
  return Math.floor(now() / 1000);
}

export function deepCopy<T>(value: T): T {
  return structuredClone(value);
}

// ---------------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------------

/** `--name value` and `--flag` pairs into a map. */
export function parseArgs(argv: string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) {
      args.set(arg.slice(2, eq), arg.slice(eq + 1));
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      args.set(arg.slice(2), next);
      i++;
    } else args.set(arg.slice(2), 'true');
  }
  return args;
}

/** True when `moduleUrl` is the script node was started with (tsx or node --import tsx). */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(resolve(script)).href === moduleUrl;
}

/** Stops the emulator on Ctrl-C or SIGTERM. */
export function closeOnSignals(handle: { close(): Promise<void> }): void {
  const stop = () => {
    handle.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
