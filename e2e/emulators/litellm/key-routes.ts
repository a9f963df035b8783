/** LiteLLM's /key routes, as key_management_endpoints.py answers them to the master key. */
import type { ServerResponse } from 'node:http';
import {
  dictError,
  invalid,
  jsonBody,
  proxyError,
  pythonFloat,
  sendJson,
  type Call,
  type Problem,
  type Route,
} from './http';
import {
  budgetResetAt,
  durationSeconds,
  hashKey,
  isoTime,
  keyRow,
  newKey,
  type KeyStore,
  type StoredKey,
} from './key-store';
import { keyRequest, queryBool, queryInt } from './validation';

export interface KeyRoutesContext {
  store: KeyStore;
  now: () => number;
  /** Whether /key/aliases exists (releases from mid 2025). */
  aliasesRoute: boolean;
}

const SORT_COLUMNS = ['spend', 'max_budget', 'created_at', 'updated_at', 'token', 'key_alias'];
const ENTERPRISE =
  'Regenerating Virtual Keys is an Enterprise feature, You must be a LiteLLM Enterprise user to use this feature. If you have a license please set `LITELLM_LICENSE` in your env. Get a 7 day trial key here: https://www.litellm.ai/enterprise#trial. \nPricing: https://www.litellm.ai/#pricing';

/** The fields a key request sets, or null once its problems are answered with FastAPI's 422. */
async function keyFields(call: Call, required: string[] = []) {
  const body = await jsonBody(call);
  if (!body) return null;
  const request = keyRequest(body, required);
  if ('problems' in request) {
    invalid(call.res, request.problems);
    return null;
  }
  return request.fields;
}

/** Postgres orders nulls last going up and first going down; ties by token, descending. */
function compareBy(column: string, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return (a: StoredKey, b: StoredKey) => {
    const x = a[column as keyof StoredKey] as string | number | null;
    const y = b[column as keyof StoredKey] as string | number | null;
    if (x === y) return a.token < b.token ? 1 : -1;
    if (x === null) return sign;
    if (y === null) return -sign;
    return (x < y ? -1 : 1) * sign;
  };
}

export function keyRoutes({ store, now, aliasesRoute }: KeyRoutesContext): Record<string, Route> {
  const refuseNegative = (res: ServerResponse, budget: unknown, type: string) => {
    if (typeof budget !== 'number' || budget >= 0) return false;
    dictError(res, 400, `max_budget cannot be negative. Received: ${pythonFloat(budget)}`, type);
    return true;
  };
  const aliasTaken = (res: ServerResponse, alias: unknown, except?: string) => {
    const taken = store.all().some((row) => row.key_alias === alias && row.token !== except);
    if (typeof alias !== 'string' || !taken) return false;
    proxyError(
      res,
      400,
      `Key with alias '${alias}' already exists. Unique key aliases across all keys are required.`,
      'bad_request_error',
      'key_alias',
    );
    return true;
  };
  const expiresIn = (res: ServerResponse, duration: string) => {
    const seconds = durationSeconds(duration, now());
    if (seconds === null) {
      proxyError(
        res,
        500,
        `Unsupported duration unit, passed duration: ${duration}`,
        'internal_server_error',
      );
      return undefined;
    }
    return isoTime(now() + seconds * 1000);
  };

  const generate: Route = async (call) => {
    const fields = await keyFields(call);
    if (!fields) return;
    const type = 'internal_server_error';
    if (refuseNegative(call.res, fields.max_budget, type)) return;
    if (aliasTaken(call.res, fields.key_alias)) return;
    const key = typeof fields.key === 'string' ? fields.key : newKey();
    const { key: _key, duration, budget_duration: period, ...rest } = fields;
    const expires = typeof duration === 'string' ? expiresIn(call.res, duration) : null;
    if (expires === undefined) return;
    const row = keyRow(
      key,
      {
        ...(rest as Partial<StoredKey>),
        models: (rest.models as string[] | null) ?? [],
        metadata: (rest.metadata as Record<string, unknown> | null) ?? {},
        expires,
        budget_duration: typeof period === 'string' ? period : null,
        budget_reset_at: typeof period === 'string' ? budgetResetAt(period, now()) : null,
      },
      now(),
    );
    store.put(row);
    sendJson(call.res, 200, { ...row, key, token_id: row.token });
  };

  const update: Route = async (call) => {
    const fields = await keyFields(call, ['key']);
    if (!fields) return;
    const type = 'auth_error';
    if (refuseNegative(call.res, fields.max_budget, type)) return;
    const row = store.find(String(fields.key));
    if (!row) return dictError(call.res, 404, 'Team not found, passed team_id=None', type);
    if (aliasTaken(call.res, fields.key_alias, row.token)) return;
    const { key, duration, budget_duration: period, ...written } = fields;
    // Exactly what was sent is written, nulls included; a null refill period is ignored.
    const change: Partial<StoredKey> = { ...(written as Partial<StoredKey>) };
    if ('duration' in fields) {
      const expires =
        duration === null || duration === '-1' ? null : expiresIn(call.res, String(duration));
      if (expires === undefined) return;
      change.expires = expires;
    }
    if (typeof period === 'string' && period) {
      change.budget_duration = period;
      change.budget_reset_at = budgetResetAt(period, now());
    }
    change.updated_at = isoTime(now());
    store.put({ ...row, ...change });
    sendJson(call.res, 200, { key, ...change, token: row.token });
  };

  const info: Route = (call) => {
    const key = call.query.get('key');
    const row = key ? store.find(key) : undefined;
    if (!row) {
      return proxyError(call.res, 404, 'Key not found in database', 'not_found_error', 'key');
    }
    const { token: _token, ...kept } = row;
    sendJson(call.res, 200, { key, info: kept });
  };

  const list: Route = (call) => {
    const problems: Problem[] = [];
    const page = queryInt(call.query, 'page', 1, { ge: 1 }, problems);
    const size = queryInt(call.query, 'size', 10, { ge: 1, le: 100 }, problems);
    if (problems.length > 0) return invalid(call.res, problems);
    const sortBy = call.query.get('sort_by');
    const sortOrder = (call.query.get('sort_order') ?? 'desc').toLowerCase();
    if (sortBy !== null && !SORT_COLUMNS.includes(sortBy)) {
      const columns = SORT_COLUMNS.join(', ');
      return dictError(
        call.res,
        400,
        `Invalid sort column. Must be one of: ${columns}`,
        'internal_server_error',
      );
    }
    if (sortBy !== null && sortOrder !== 'asc' && sortOrder !== 'desc') {
      return dictError(
        call.res,
        400,
        "Invalid sort order. Must be 'asc' or 'desc'",
        'internal_server_error',
      );
    }
    const alias = call.query.get('key_alias');
    const hash = call.query.get('key_hash');
    const rows = store
      .all()
      .filter((row) => (!alias || row.key_alias === alias) && (!hash || row.token === hash))
      .sort(
        sortBy
          ? compareBy(sortBy, sortOrder as 'asc' | 'desc')
          : (a, b) => compareBy('created_at', 'desc')(a, b),
      );
    const keys = rows.slice((page - 1) * size, page * size);
    sendJson(call.res, 200, {
      keys: queryBool(call.query, 'return_full_object', false)
        ? keys
        : keys.map((row) => row.token),
      total_count: rows.length,
      current_page: page,
      total_pages: Math.ceil(rows.length / size),
    });
  };

  const aliases: Route = (call) => {
    const problems: Problem[] = [];
    const page = queryInt(call.query, 'page', 1, { ge: 1 }, problems);
    const size = queryInt(call.query, 'size', 50, { ge: 1, le: 100 }, problems);
    if (problems.length > 0) return invalid(call.res, problems);
    const search = call.query.get('search')?.toLowerCase() ?? '';
    // key_alias ILIKE %search%, aliases only, in alias order.
    const found = store
      .all()
      .flatMap((row) => (row.key_alias ? [row.key_alias] : []))
      .filter((alias) => alias.toLowerCase().includes(search))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    sendJson(call.res, 200, {
      aliases: found.slice((page - 1) * size, page * size),
      total_count: found.length,
      current_page: page,
      total_pages: found.length > 0 ? Math.ceil(found.length / size) : 0,
      size,
    });
  };

  const blocking =
    (blocked: boolean): Route =>
    async (call) => {
      const body = await jsonBody(call);
      if (!body) return;
      if (typeof body.key !== 'string') {
        return invalid(call.res, [
          { type: 'missing', loc: ['body', 'key'], msg: 'Field required', input: body },
        ]);
      }
      if (!body.key.startsWith('sk-') && !/^[0-9a-f]{64}$/.test(body.key)) {
        return proxyError(call.res, 400, 'Invalid key format.', 'bad_request_error', 'key');
      }
      const row = store.find(body.key);
      if (!row)
        return proxyError(call.res, 404, `Key ${body.key} not found`, 'bad_request_error', 'key');
      const updated = { ...row, blocked, updated_at: isoTime(now()) };
      store.put(updated);
      sendJson(call.res, 200, updated);
    };

  const remove: Route = async (call) => {
    const body = await jsonBody(call);
    if (!body) return;
    const keys = Array.isArray(body.keys) ? body.keys.map(String) : null;
    const aliasesGiven = Array.isArray(body.key_aliases) ? body.key_aliases.map(String) : null;
    if (!keys?.length && !aliasesGiven?.length) {
      return proxyError(call.res, 500, 'Invalid request type', 'internal_server_error');
    }
    const hashes = keys
      ? keys.map((key) => (key.startsWith('sk-') ? hashKey(key) : key))
      : store
          .all()
          .flatMap((row) => (aliasesGiven!.includes(row.key_alias ?? '') ? [row.token] : []));
    const found = hashes.filter((hash) => store.find(hash));
    if (found.length === 0)
      return dictError(call.res, 404, 'No keys found', 'internal_server_error');
    for (const hash of found) store.remove(hash);
    sendJson(call.res, 200, { deleted_keys: keys ?? aliasesGiven });
  };

  const regenerate: Route = (call) =>
    proxyError(call.res, 500, ENTERPRISE, 'internal_server_error');

  return {
    'POST /key/generate': generate,
    'POST /key/update': update,
    'GET /key/info': info,
    'GET /key/list': list,
    ...(aliasesRoute ? { 'GET /key/aliases': aliases } : {}),
    'POST /key/block': blocking(true),
    'POST /key/unblock': blocking(false),
    'POST /key/delete': remove,
    'POST /key/regenerate': regenerate,
    'POST /key/{key}/regenerate': regenerate,
  };
}
