/**
 * An emulator of one-api (songquanpeng/one-api) token management, for tests: the routes,
 * answers, status codes and quirks listed in shared/design/backends.md section 2.
 *
 *   npx tsx e2e/emulators/one-api.ts --port 3001 --token secret [--seed 25]
 */
import {
  atoiOrZero,
  bindJson,
  byteLength,
  closeOnSignals,
  deepCopy,
  enableRefusal,
  generateKey,
  goAtoi,
  isCidr,
  isMainModule,
  listen,
  makeLimiter,
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
  createRouter,
  type CommonEmulatorOptions,
  type EmulatorHandle,
  type GoFieldType,
  type Handler,
  type OneApiToken,
  type Route,
} from './shared';

export type { EmulatorHandle, OneApiToken } from './shared';

export interface OneApiEmulatorOptions extends CommonEmulatorOptions {
  /** Default: 480 requests per 3 minutes per client address, as one-api. */
  rateLimit?: CommonEmulatorOptions['rateLimit'];
}

/** The user the access token belongs to (a common user, role 1). */
export const ONE_API_USER_ID = 1;
export const ONE_API_DEFAULT_RATE_LIMIT = { max: 480, windowMs: 3 * 60 * 1000 };
/** config.ItemsPerPage: the list's fixed page size. */
export const ONE_API_PAGE_SIZE = 10;
const NAME_MAX_BYTES = 30;

/** model.Token as Gin binds a request body into it. */
const TOKEN_FIELDS: Record<string, GoFieldType> = {
  id: 'int',
  user_id: 'int',
  key: 'string',
  status: 'int',
  name: 'string',
  created_time: 'int64',
  accessed_time: 'int64',
  expired_time: 'int64',
  remain_quota: 'int64',
  unlimited_quota: 'bool',
  used_quota: 'int64',
  models: '*string',
  subnet: '*string',
};

/** Field order of one-api's JSON. */
function serialize(token: OneApiToken): OneApiToken {
  return {
    id: token.id,
    user_id: token.user_id,
    key: token.key,
    status: token.status,
    name: token.name,
    created_time: token.created_time,
    accessed_time: token.accessed_time,
    expired_time: token.expired_time,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    used_quota: token.used_quota,
    models: token.models,
    subnet: token.subnet,
  };
}

/** controller.validateToken, whose errors AddToken/UpdateToken prefix with 参数错误：. */
function validate(token: Record<string, unknown>): string | null {
  if (byteLength(token.name as string) > NAME_MAX_BYTES) return '参数错误：令牌名称过长';
  const subnet = token.subnet as string | null;
  if (subnet !== null && subnet !== '') {
    for (const part of subnet.split(',').map((item) => item.trim())) {
      if (!isCidr(part)) {
        return `参数错误：无效的网段：failed to parse subnet: invalid CIDR address: ${part}`;
      }
    }
  }
  return null;
}

export async function startOneApiEmulator(
  options: OneApiEmulatorOptions,
): Promise<EmulatorHandle<OneApiToken>> {
  const now = options.now ?? Date.now;
  const userId = ONE_API_USER_ID;
  const store = new TokenStore<OneApiToken>();
  let apiLimiter = makeLimiter(options.rateLimit, ONE_API_DEFAULT_RATE_LIMIT, now);
  const startTime = seconds(now);

  /** GlobalAPIRateLimit: first middleware of the /api group, before any auth. */
  const rateLimit: Handler = ({ res, ip }) => {
    if (!apiLimiter.take(`GA${ip}`)) writeTooManyRequests(res);
  };

  /** middleware.UserAuth with an access token (no session cookie in these tests). */
  const userAuth: Handler = ({ req, res }) => {
    const header = req.headers.authorization;
    if (!header) {
      writeEnvelope(res, 401, false, MSG.notLoggedIn);
      return;
    }
    // model.ValidateAccessToken: strings.Replace(token, "Bearer ", "", 1), so a bare token works.
    const token = header.replace('Bearer ', '');
    if (token === '' || token !== options.accessToken) writeFail(res, MSG.accessTokenInvalid);
  };

  /** RootAuth on a common user: refused with HTTP 200, like every one-api auth failure past 401. */
  const rootAuth: Handler = ({ res }) => writeFail(res, MSG.insufficientPrivilege);

  const findOwn = (id: number): { token: OneApiToken } | { error: string } => {
    if (id === 0) return { error: MSG.idEmpty };
    const token = store.get(id, userId);
    return token ? { token } : { error: MSG.notFound };
  };

  const getStatus: Handler = ({ res }) =>
    writeOk(res, {
      version: options.version ?? 'v0.6.10',
      start_time: startTime,
      email_verification: false,
      github_oauth: false,
      github_client_id: '',
      lark_client_id: '',
      system_name: 'One API',
      logo: '',
      footer_html: '',
      wechat_qrcode: '',
      wechat_login: false,
      server_address: 'http://localhost:3000',
      turnstile_check: false,
      turnstile_site_key: '',
      top_up_link: '',
      chat_link: '',
      quota_per_unit: 500000,
      display_in_currency: true,
    });

  const getSelf: Handler = ({ res }) =>
    writeOk(res, {
      id: userId,
      username: 'emulator',
      password: '',
      display_name: 'Emulator',
      role: 1,
      status: 1,
      email: '',
      github_id: '',
      wechat_id: '',
      lark_id: '',
      oidc_id: '',
      verification_code: '',
      access_token: '',
      quota: 0,
      used_quota: store.ofUser(userId).reduce((sum, token) => sum + token.used_quota, 0),
      request_count: 0,
      group: 'default',
      aff_code: 'EMUL',
      inviter_id: 0,
    });

  const listTokens: Handler = ({ res, query }) => {
    const page = Math.max(0, atoiOrZero(query.get('p')));
    const order = query.get('order') ?? '';
    const rows = store.ofUser(userId);
    // Array.prototype.sort is stable: ties keep id order, as SQLite returns rows.
    if (order === 'remain_quota') {
      rows.sort(
        (a, b) =>
          Number(b.unlimited_quota) - Number(a.unlimited_quota) || b.remain_quota - a.remain_quota,
      );
    } else if (order === 'used_quota') {
      rows.sort((a, b) => b.used_quota - a.used_quota);
    } else {
      rows.sort((a, b) => b.id - a.id);
    }
    const start = page * ONE_API_PAGE_SIZE;
    writeOk(res, rows.slice(start, start + ONE_API_PAGE_SIZE).map(serialize));
  };

  const searchTokens: Handler = ({ res, query }) => {
    // name LIKE keyword% with the keyword unescaped; no ORDER BY, so SQLite's id order.
    const pattern = `${query.get('keyword') ?? ''}%`;
    writeOk(
      res,
      store
        .ofUser(userId)
        .filter((token) => sqlLike(token.name, pattern))
        .map(serialize),
    );
  };

  const getToken: Handler = ({ res, params }) => {
    const id = goAtoi(params.id ?? '');
    if (!id.ok) return writeFail(res, id.message);
    const found = findOwn(id.value);
    if ('error' in found) return writeFail(res, found.error);
    writeOk(res, serialize(found.token));
  };

  const addToken: Handler = async ({ res, body }) => {
    const bound = bindJson(await body(), 'model.Token', TOKEN_FIELDS);
    if (!bound.ok) return writeFail(res, bound.message);
    const input = bound.value;
    const invalid = validate(input);
    if (invalid) return writeFail(res, invalid);
    const at = seconds(now);
    const token = store.insert({
      user_id: userId,
      key: generateKey(),
      // gorm leaves zero values to the column defaults: status 1, expired_time -1, subnet ''.
      status: TOKEN_STATUS.enabled,
      name: input.name as string,
      created_time: at,
      accessed_time: at,
      expired_time: (input.expired_time as number) === 0 ? -1 : (input.expired_time as number),
      remain_quota: input.remain_quota as number,
      unlimited_quota: input.unlimited_quota as boolean,
      used_quota: 0,
      models: input.models as string | null,
      subnet: (input.subnet as string | null) ?? '',
    });
    writeOk(res, serialize(token));
  };

  const updateToken: Handler = async ({ res, query, body }) => {
    const bound = bindJson(await body(), 'model.Token', TOKEN_FIELDS);
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
      token.models = input.models as string | null;
      token.subnet = input.subnet as string | null;
    }
    writeOk(res, serialize(token));
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
    api('GET', '/api/token/search', userAuth, searchTokens),
    api('GET', '/api/token/:id', userAuth, getToken),
    api('POST', '/api/token/', userAuth, addToken),
    api('PUT', '/api/token/', userAuth, updateToken),
    api('DELETE', '/api/token/:id', userAuth, deleteToken),
  ];
  const notFoundMode = options.notFound ?? 'relay';
  const router = createRouter(routes, ({ res, method, path }) =>
    writeNotFound(res, notFoundMode, method, path),
  );

  const server = await listen(router, options.port ?? 0);

  const seed = (tokens: Partial<OneApiToken>[]): OneApiToken[] =>
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
        // Unlimited tokens are never charged, so they never gain used_quota.
        used_quota: unlimited ? 0 : (partial.used_quota ?? 0),
        models: partial.models === undefined ? '' : partial.models,
        subnet: partial.subnet === undefined ? '' : partial.subnet,
      });
      return deepCopy(serialize(token));
    });

  return {
    url: server.url,
    port: server.port,
    close: server.close,
    tokens: () => store.all().map((token) => deepCopy(serialize(token))),
    seed,
    reset: () => {
      store.clear();
      apiLimiter = makeLimiter(options.rateLimit, ONE_API_DEFAULT_RATE_LIMIT, now);
    },
  };
}

function demoTokens(count: number): Partial<OneApiToken>[] {
  const names = ['production', 'staging', 'ci', 'alice-laptop', 'bob-notebook', 'batch-jobs'];
  return Array.from({ length: count }, (_, i) => ({
    name: `${names[i % names.length]}-${i + 1}`,
    remain_quota: (i % 7) * 250000,
    used_quota: (i % 5) * 120000,
    unlimited_quota: i % 9 === 0,
    status: i % 11 === 5 ? TOKEN_STATUS.disabled : TOKEN_STATUS.enabled,
  }));
}

if (isMainModule(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  const token = args.get('token');
  if (!token || token === 'true') {
    console.error(
      'usage: npx tsx e2e/emulators/one-api.ts --token <access token> [--port 3001] [--seed N]',
    );
    process.exit(2);
  }
  const handle = await startOneApiEmulator({
    port: Number(args.get('port') ?? 0),
    accessToken: token,
  });
  const seedCount = Number(args.get('seed') ?? 0);
  if (seedCount > 0) handle.seed(demoTokens(seedCount));
  console.log(`one-api emulator listening on ${handle.url}`);
  closeOnSignals(handle);
}
