/**
 * An emulator of new-api (QuantumNous/new-api) token management, for tests: the routes,
 * answers, status codes and quirks listed in shared/design/backends.md section 3.
 *
 *   npx tsx e2e/emulators/new-api.ts --port 3002 --token secret --user-id 1 [--seed 25]
 *     [--no-user-header]   behave like a release that no longer wants New-Api-User
 */
import {
  atoiOrZero,
  bindJson,
  byteLength,
  closeOnSignals,
  createRouter,
  deepCopy,
  enableRefusal,
  generateKey,
  goAtoi,
  isMainModule,
  listen,
  makeLimiter,
  maskKey,
  MSG,
  parseArgs,
  seconds,
  sqlLike,
  TOKEN_STATUS,
  TokenStore,
  writeEnvelope,
  writeFail,
  writeNotFound,
  writeOk,
  writeTooManyRequests,
  type CommonEmulatorOptions,
  type EmulatorHandle,
  type GoFieldType,
  type Handler,
  type NewApiToken,
  type RateLimitOption,
  type Route,
} from './shared';

export type { EmulatorHandle, NewApiToken } from './shared';

export interface NewApiEmulatorOptions extends CommonEmulatorOptions {
  /** The id of the user the access token belongs to (a common user). Default 1. */
  userId?: number;
  /**
   * true (default): a release before v1.0, which wants `New-Api-User: <user id>` beside the
   * token and answers a wrong token with HTTP 200. false: a newer release, which ignores the
   * header and answers any auth failure with HTTP 401.
   */
  requireUserHeader?: boolean;
  /** Global limit on /api per client address. Default 180 per 3 minutes, as new-api. */
  rateLimit?: RateLimitOption;
  /**
   * CriticalRateLimit on the two reveal routes, one counter per client address shared by
   * both. Default 20 per 20 minutes. Over it: HTTP 429 with an empty body.
   */
  revealLimit?: RateLimitOption;
  /** SearchRateLimit on /api/token/search, per user. Default 10 per minute. */
  searchLimit?: RateLimitOption;
  /**
   * How `keyword` and `token` of /api/token/search match. `contains` (default): releases
   * that match `%keyword%` / `%token%`. `exact`: current releases, which match exactly unless
   * the text holds `%` wildcards (at most 2, not adjacent, 2+ other characters).
   */
  searchMode?: 'contains' | 'exact';
}

export const NEW_API_DEFAULT_RATE_LIMIT = { max: 180, windowMs: 3 * 60 * 1000 };
export const NEW_API_DEFAULT_REVEAL_LIMIT = { max: 20, windowMs: 20 * 60 * 1000 };
export const NEW_API_DEFAULT_SEARCH_LIMIT = { max: 10, windowMs: 60 * 1000 };
const NAME_MAX_BYTES = 50;
const BATCH_MAX = 100;
/** operation_setting.GetMaxUserTokens() default. */
const MAX_USER_TOKENS = 1000;
/** 1e9 * QuotaPerUnit. */
const MAX_QUOTA = 1_000_000_000 * 500_000;

const MSG_NEW = {
  userHeaderMissing: '无权进行此操作，未提供 New-Api-User',
  userHeaderFormat: '无权进行此操作，New-Api-User 格式错误',
  userHeaderMismatch: '无权进行此操作，New-Api-User 与登录用户不匹配',
  nameTooLong: '令牌名称过长',
  quotaNegative: '额度值不能为负数',
  quotaTooLarge: `额度值超出有效范围，最大值为 ${MAX_QUOTA}`,
  tooManyTokens: `已达到最大令牌数量限制 (${MAX_USER_TOKENS})`,
  invalidParams: '无效的参数',
  batchTooMany: `批量请求数量过多，最多 ${BATCH_MAX} 条`,
} as const;

/** tokenRequest (model.Token) as Gin binds a request body into it. */
const TOKEN_FIELDS: Record<string, GoFieldType> = {
  id: 'int',
  user_id: 'int',
  key: 'string',
  status: 'int',
  name: 'string',
  created_time: 'int64',
  accessed_time: 'int64',
  expired_time: 'int64',
  remain_quota: 'int',
  unlimited_quota: 'bool',
  model_limits_enabled: 'bool',
  model_limits: 'string',
  allow_ips: '*string',
  used_quota: 'int',
  group: 'string',
  cross_group_retry: 'bool',
};
const BATCH_FIELDS: Record<string, GoFieldType> = { ids: '[]int' };

/** Field order of new-api's JSON; the untagged gorm.DeletedAt comes out as `DeletedAt`. */
function serialize(token: NewApiToken, key = token.key) {
  return {
    id: token.id,
    user_id: token.user_id,
    key,
    status: token.status,
    name: token.name,
    created_time: token.created_time,
    accessed_time: token.accessed_time,
    expired_time: token.expired_time,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits,
    allow_ips: token.allow_ips,
    used_quota: token.used_quota,
    group: token.group,
    cross_group_retry: token.cross_group_retry,
    DeletedAt: null,
  };
}

const masked = (token: NewApiToken) => serialize(token, maskKey(token.key));

function stored(token: NewApiToken): NewApiToken {
  const { DeletedAt: _deleted, ...rest } = serialize(token);
  return deepCopy(rest);
}

/** common.GetPageQuery: p is 1-based; page_size, ps or size; 10 by default; at most 100. */
function pageQuery(query: URLSearchParams): { page: number; size: number } {
  const page = Math.max(1, atoiOrZero(query.get('p')));
  let size = atoiOrZero(query.get('page_size'));
  if (size === 0) size = atoiOrZero(query.get('ps'));
  if (size === 0) size = atoiOrZero(query.get('size'));
  if (size < 1) size = 10;
  return { page, size: Math.min(size, 100) };
}

/** The current release's sanitizeLikePattern: `%` stays a wildcard, everything else literal. */
function exactPattern(input: string): { pattern: string } | { error: string } {
  if (input.includes('%%')) return { error: '搜索模式中不允许包含连续的 % 通配符' };
  const wildcards = input.split('%').length - 1;
  if (wildcards > 2) return { error: '搜索模式中最多允许包含 2 个 % 通配符' };
  const escaped = input.replace(/!/g, '!!').replace(/_/g, '!_');
  if (wildcards > 0 && byteLength(escaped.replace(/%/g, '')) < 2) {
    return { error: '使用模糊搜索时，关键词长度至少为 2 个字符' };
  }
  return { pattern: escaped };
}

/** Go's strings.Trim(token, "sk-"): drops those characters from both ends. */
function trimSkChars(text: string): string {
  return text.replace(/^[sk-]+/, '').replace(/[sk-]+$/, '');
}

export async function startNewApiEmulator(
  options: NewApiEmulatorOptions,
): Promise<EmulatorHandle<NewApiToken>> {
  const now = options.now ?? Date.now;
  const userId = options.userId ?? 1;
  const legacy = options.requireUserHeader ?? true;
  const searchMode = options.searchMode ?? 'contains';
  const store = new TokenStore<NewApiToken>();
  const limiters = () => ({
    api: makeLimiter(options.rateLimit, NEW_API_DEFAULT_RATE_LIMIT, now),
    reveal: makeLimiter(options.revealLimit, NEW_API_DEFAULT_REVEAL_LIMIT, now),
    search: makeLimiter(options.searchLimit, NEW_API_DEFAULT_SEARCH_LIMIT, now),
  });
  let limiter = limiters();
  const startTime = seconds(now);

  const rateLimit: Handler = ({ res, ip }) => {
    if (!limiter.api.take(`GA${ip}`)) writeTooManyRequests(res);
  };
  const criticalRateLimit: Handler = ({ res, ip }) => {
    if (!limiter.reveal.take(`CT${ip}`)) writeTooManyRequests(res);
  };
  const searchRateLimit: Handler = ({ res }) => {
    if (!limiter.search.take(`SR:user:${userId}`)) writeTooManyRequests(res);
  };

  /** Older releases' authHelper: token first (bad one: HTTP 200), then New-Api-User. */
  const legacyAuth: Handler = ({ req, res }) => {
    const header = req.headers.authorization;
    if (!header) return writeEnvelope(res, 401, false, MSG.notLoggedIn);
    const token = header.replace('Bearer ', '');
    if (token === '' || token !== options.accessToken)
      return writeFail(res, MSG.accessTokenInvalid);
    const userHeader = req.headers['new-api-user'];
    const value = Array.isArray(userHeader) ? userHeader[0] : userHeader;
    if (!value) return writeEnvelope(res, 401, false, MSG_NEW.userHeaderMissing);
    const parsed = goAtoi(value);
    if (!parsed.ok) return writeEnvelope(res, 401, false, MSG_NEW.userHeaderFormat);
    if (parsed.value !== userId) return writeEnvelope(res, 401, false, MSG_NEW.userHeaderMismatch);
  };

  /** Newer releases: `Bearer <t>` or a bare token; anything else, or a wrong token: 401. */
  const currentAuth: Handler = ({ req, res }) => {
    const parts = (req.headers.authorization ?? '').trim().split(/\s+/).filter(Boolean);
    let token: string | undefined;
    if (parts.length === 2 && parts[0]?.toLowerCase() === 'bearer') token = parts[1];
    else if (parts.length === 1) token = parts[0];
    if (token === undefined || token !== options.accessToken) {
      writeEnvelope(res, 401, false, MSG.accessTokenInvalid, undefined, {
        code: 'AUTH_UNAUTHORIZED',
      });
    }
  };
  const userAuth = legacy ? legacyAuth : currentAuth;

  /** RootAuth on a common user. */
  const rootAuth: Handler = ({ res }) =>
    legacy
      ? writeFail(res, MSG.insufficientPrivilege)
      : writeEnvelope(res, 403, false, MSG.insufficientPrivilege, undefined, {
          code: 'AUTH_INSUFFICIENT_PRIVILEGE',
        });

  const findOwn = (id: number): { token: NewApiToken } | { error: string } => {
    if (id === 0) return { error: MSG.idEmpty };
    const token = store.get(id, userId);
    return token ? { token } : { error: MSG.notFound };
  };

  const getStatus: Handler = ({ res }) =>
    writeOk(res, {
      version: options.version ?? (legacy ? 'v0.9.9' : 'v1.0.0'),
      start_time: startTime,
      email_verification: false,
      github_oauth: false,
      github_client_id: '',
      linuxdo_oauth: false,
      telegram_oauth: false,
      system_name: 'New API',
      logo: '',
      footer_html: '',
      wechat_qrcode: '',
      wechat_login: false,
      server_address: 'http://localhost:3000',
      price: 7.3,
      min_topup: 1,
      turnstile_check: false,
      turnstile_site_key: '',
      top_up_link: '',
      docs_link: '',
      quota_per_unit: 500000,
      display_in_currency: true,
      quota_display_type: 'USD',
      usd_exchange_rate: 7.3,
      enable_batch_update: false,
      enable_drawing: false,
      enable_task: true,
      enable_data_export: true,
      data_export_default_time: 'hour',
      default_collapse_sidebar: false,
      mj_notify_enabled: false,
      chats: [],
      demo_site_enabled: false,
      self_use_mode_enabled: false,
      default_use_auto_group: false,
      setup: true,
    });

  const getSelf: Handler = ({ res }) =>
    writeOk(res, {
      id: userId,
      username: 'emulator',
      display_name: 'Emulator',
      role: 1,
      status: 1,
      email: '',
      group: 'default',
      quota: 0,
      used_quota: store.ofUser(userId).reduce((sum, token) => sum + token.used_quota, 0),
      request_count: 0,
      aff_code: 'EMUL',
      setting: '',
    });

  const page = (rows: NewApiToken[], query: URLSearchParams) => {
    const { page: number, size } = pageQuery(query);
    const start = (number - 1) * size;
    return {
      page: number,
      page_size: size,
      total: rows.length,
      items: rows.slice(start, start + size).map(masked),
    };
  };

  const listTokens: Handler = ({ res, query }) => {
    const rows = store.ofUser(userId).sort((a, b) => b.id - a.id);
    writeOk(res, page(rows, query));
  };

  const searchTokens: Handler = ({ res, query }) => {
    const keyword = query.get('keyword') ?? '';
    let key = query.get('token') ?? '';
    let rows = store.ofUser(userId).sort((a, b) => b.id - a.id);
    if (searchMode === 'contains') {
      key = key === '' ? '' : trimSkChars(key);
      rows = rows.filter(
        (token) => sqlLike(token.name, `%${keyword}%`) && sqlLike(token.key, `%${key}%`),
      );
    } else {
      if (key.startsWith('sk-')) key = key.slice(3);
      for (const [field, text] of [
        ['name', keyword],
        ['key', key],
      ] as const) {
        if (text === '') continue;
        const pattern = exactPattern(text);
        if ('error' in pattern) return writeFail(res, pattern.error);
        rows = rows.filter((token) => sqlLike(token[field], pattern.pattern, '!'));
      }
    }
    writeOk(res, page(rows, query));
  };

  const getToken: Handler = ({ res, params }) => {
    const id = goAtoi(params.id ?? '');
    if (!id.ok) return writeFail(res, id.message);
    const found = findOwn(id.value);
    if ('error' in found) return writeFail(res, found.error);
    writeOk(res, masked(found.token));
  };

  const getTokenKey: Handler = ({ res, params }) => {
    const id = goAtoi(params.id ?? '');
    if (!id.ok) return writeFail(res, id.message);
    const found = findOwn(id.value);
    if ('error' in found) return writeFail(res, found.error);
    writeOk(res, { key: found.token.key });
  };

  const readIds = async (body: () => Promise<string>): Promise<number[] | string> => {
    const bound = bindJson(await body(), 'controller.TokenBatch', BATCH_FIELDS);
    if (!bound.ok) return MSG_NEW.invalidParams;
    const ids = (bound.value.ids as number[] | null) ?? [];
    if (ids.length === 0) return MSG_NEW.invalidParams;
    if (ids.length > BATCH_MAX) return MSG_NEW.batchTooMany;
    return ids;
  };

  const getTokenKeys: Handler = async ({ res, body }) => {
    const ids = await readIds(body);
    if (typeof ids === 'string') return writeFail(res, ids);
    const keys: Record<string, string> = {};
    for (const id of ids) {
      const token = store.get(id, userId);
      if (token) keys[String(id)] = token.key;
    }
    writeOk(res, { keys });
  };

  const deleteTokens: Handler = async ({ res, body }) => {
    const ids = await readIds(body);
    if (typeof ids === 'string') return writeFail(res, ids);
    let count = 0;
    for (const id of new Set(ids)) {
      if (store.get(id, userId)) {
        store.delete(id);
        count++;
      }
    }
    writeOk(res, count);
  };

  /** Name, then quota: the checks AddToken and UpdateToken both make first. */
  const validate = (input: Record<string, unknown>): string | null => {
    if (byteLength(input.name as string) > NAME_MAX_BYTES) return MSG_NEW.nameTooLong;
    if (!(input.unlimited_quota as boolean)) {
      if ((input.remain_quota as number) < 0) return MSG_NEW.quotaNegative;
      if ((input.remain_quota as number) > MAX_QUOTA) return MSG_NEW.quotaTooLarge;
    }
    return null;
  };

  const addToken: Handler = async ({ res, body }) => {
    const bound = bindJson(await body(), 'controller.tokenRequest', TOKEN_FIELDS);
    if (!bound.ok) return writeFail(res, bound.message);
    const input = bound.value;
    const invalid = validate(input);
    if (invalid) return writeFail(res, invalid);
    if (store.ofUser(userId).length >= MAX_USER_TOKENS)
      return writeFail(res, MSG_NEW.tooManyTokens);
    const at = seconds(now);
    const group = input.group as string;
    store.insert({
      user_id: userId,
      key: generateKey(),
      // gorm leaves zero values to the column defaults: status 1, expired_time -1, allow_ips ''.
      status: TOKEN_STATUS.enabled,
      name: input.name as string,
      created_time: at,
      accessed_time: at,
      expired_time: (input.expired_time as number) === 0 ? -1 : (input.expired_time as number),
      remain_quota: input.remain_quota as number,
      unlimited_quota: input.unlimited_quota as boolean,
      model_limits_enabled: input.model_limits_enabled as boolean,
      model_limits: input.model_limits as string,
      allow_ips: (input.allow_ips as string | null) ?? '',
      used_quota: 0,
      group,
      cross_group_retry: group === 'auto' && (input.cross_group_retry as boolean),
    });
    // No id, no key: the dashboard has to reload the list to find the new token.
    writeOk(res);
  };

  const updateToken: Handler = async ({ res, query, body }) => {
    const bound = bindJson(await body(), 'controller.tokenRequest', TOKEN_FIELDS);
    if (!bound.ok) return writeFail(res, bound.message);
    const input = bound.value;
    const invalid = validate(input);
    if (invalid) return writeFail(res, invalid);
    const found = findOwn(input.id as number);
    if ('error' in found) return writeFail(res, found.error);
    const token = found.token;
    const refusal = enableRefusal(
      token,
      input.status as number,
      seconds(now),
      options.realEnableRule ?? false,
    );
    if (refusal) return writeFail(res, refusal);
    if ((query.get('status_only') ?? '') !== '') {
      token.status = input.status as number;
    } else {
      // Every editable field is written, a field left out as its zero value.
      token.name = input.name as string;
      token.expired_time = input.expired_time as number;
      token.remain_quota = input.remain_quota as number;
      token.unlimited_quota = input.unlimited_quota as boolean;
      token.model_limits_enabled = input.model_limits_enabled as boolean;
      token.model_limits = input.model_limits as string;
      token.allow_ips = input.allow_ips as string | null;
      token.group = input.group as string;
      token.cross_group_retry = token.group === 'auto' && (input.cross_group_retry as boolean);
    }
    writeOk(res, masked(token));
  };

  const deleteToken: Handler = ({ res, params }) => {
    const found = findOwn(atoiOrZero(params.id ?? ''));
    if ('error' in found) return writeFail(res, found.error);
    store.delete(found.token.id);
    writeOk(res);
  };

  const api = (method: string, pattern: string, ...handlers: Handler[]): Route => ({
    method,
    pattern,
    handlers: [rateLimit, ...handlers],
  });
  const routes: Route[] = [
    api('GET', '/api/status', getStatus),
    api('GET', '/api/user/self', userAuth, getSelf),
    api('GET', '/api/option/', userAuth, rootAuth),
    api('PUT', '/api/option/', userAuth, rootAuth),
    api('GET', '/api/token/', userAuth, listTokens),
    api('GET', '/api/token/search', userAuth, searchRateLimit, searchTokens),
    api('GET', '/api/token/:id', userAuth, getToken),
    api('POST', '/api/token/:id/key', userAuth, criticalRateLimit, getTokenKey),
    api('POST', '/api/token/', userAuth, addToken),
    api('PUT', '/api/token/', userAuth, updateToken),
    api('DELETE', '/api/token/:id', userAuth, deleteToken),
    api('POST', '/api/token/batch', userAuth, deleteTokens),
    api('POST', '/api/token/batch/keys', userAuth, criticalRateLimit, getTokenKeys),
  ];
  const notFoundMode = options.notFound ?? 'relay';
  const router = createRouter(routes, ({ res, method, path }) =>
    writeNotFound(res, notFoundMode, method, path),
  );

  const server = await listen(router, options.port ?? 0);

  const seed = (tokens: Partial<NewApiToken>[]): NewApiToken[] =>
    tokens.map((partial) => {
      const at = seconds(now);
      const id = partial.id ?? store.peekNextId();
      const unlimited = partial.unlimited_quota ?? false;
      const token = store.insert({
        id,
        user_id: partial.user_id ?? userId,
        key: partial.key ?? generateKey(),
        status: partial.status ?? TOKEN_STATUS.enabled,
        name: partial.name ?? `token-${id}`,
        created_time: partial.created_time ?? at,
        accessed_time: partial.accessed_time ?? partial.created_time ?? at,
        expired_time: partial.expired_time ?? -1,
        remain_quota: partial.remain_quota ?? 500000,
        unlimited_quota: unlimited,
        model_limits_enabled: partial.model_limits_enabled ?? false,
        model_limits: partial.model_limits ?? '',
        allow_ips: partial.allow_ips === undefined ? '' : partial.allow_ips,
        // Unlimited tokens are never charged, so they never gain used_quota.
        used_quota: unlimited ? 0 : (partial.used_quota ?? 0),
        group: partial.group ?? '',
        cross_group_retry: partial.cross_group_retry ?? false,
      });
      return stored(token);
    });

  return {
    url: server.url,
    port: server.port,
    close: server.close,
    tokens: () => store.all().map(stored),
    seed,
    reset: () => {
      store.clear();
      limiter = limiters();
    },
  };
}

function demoTokens(count: number): Partial<NewApiToken>[] {
  const names = ['production', 'staging', 'ci', 'alice-laptop', 'bob-notebook', 'batch-jobs'];
  return Array.from({ length: count }, (_, i) => ({
    name: `${names[i % names.length]}-${i + 1}`,
    remain_quota: (i % 7) * 250000,
    used_quota: (i % 5) * 120000,
    unlimited_quota: i % 9 === 0,
    status: i % 11 === 5 ? TOKEN_STATUS.disabled : TOKEN_STATUS.enabled,
    model_limits_enabled: i % 4 === 1,
    model_limits: i % 4 === 1 ? 'gpt-4o,gpt-4o-mini' : '',
    allow_ips: i % 6 === 2 ? '10.0.0.0/8\n192.168.1.10' : '',
    group: i % 3 === 0 ? 'default' : '',
  }));
}

if (isMainModule(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  const token = args.get('token');
  if (!token || token === 'true') {
    console.error(
      'usage: npx tsx e2e/emulators/new-api.ts --token <access token> [--port 3002] ' +
        '[--user-id 1] [--no-user-header] [--seed N]',
    );
    process.exit(2);
  }
  const handle = await startNewApiEmulator({
    port: Number(args.get('port') ?? 0),
    accessToken: token,
    userId: Number(args.get('user-id') ?? 1),
    requireUserHeader: !args.has('no-user-header'),
  });
  const seedCount = Number(args.get('seed') ?? 0);
  if (seedCount > 0) handle.seed(demoTokens(seedCount));
  console.log(`new-api emulator listening on ${handle.url}`);
  closeOnSignals(handle);
}
