/**
 * Verify and usage reports as docs/api.md states them, written again without the service's
 * code, on the model's tokens.
 */
import { BlockList, isIP } from 'node:net';
import type { BodyFormat, Outcome } from './outcomes';
import { badPathId, bodyRefusal, field, has, invalid, noSuchToken, ok } from './outcomes';
import {
  QUERY_TEXT_MAX,
  characters,
  normalizeKey,
  subnetEntry,
  validId,
  validPathId,
  validQuota,
} from './rules';
import type { ModelToken, TokenModel } from './token-model';

const MODEL_MAX = 100;
const REQUEST_ID_MAX = 128;
const DAY = 86_400;

const validKey = (value: unknown): value is string =>
  typeof value === 'string' &&
  characters(value.trim()) >= 1 &&
  characters(value.trim()) <= QUERY_TEXT_MAX;
const validModel = (value: unknown): value is string =>
  typeof value === 'string' && characters(value) <= MODEL_MAX;
/** IPv4 or IPv6, without an interface's zone. */
const validIp = (value: unknown): value is string =>
  typeof value === 'string' && isIP(value) !== 0 && !value.includes('%');

/** The names of the fields of `body` that break their rule. */
function problems(body: object, rules: Array<[string, (value: unknown) => boolean, boolean]>) {
  return rules
    .filter(([name, valid, required]) => (has(body, name) ? !valid(field(body, name)) : required))
    .map(([name]) => name);
}

/** Per model: each rotated token's previous key (the token says until when it verifies). */
const previousKeys = new WeakMap<TokenModel, Map<number, string>>();

function previousOf(model: TokenModel): Map<number, string> {
  let previous = previousKeys.get(model);
  if (!previous) previousKeys.set(model, (previous = new Map()));
  return previous;
}

/** The previous key of a token, whether or not it still verifies; for commands to send. */
export function previousKey(model: TokenModel, id: number): string | undefined {
  return previousOf(model).get(id);
}

/** The token a gateway's key names: by its current key, or its previous one within the grace. */
function tokenByKey(model: TokenModel, key: string): ModelToken | undefined {
  const wanted = normalizeKey(key);
  const tokens = [...model.tokens.values()];
  return (
    tokens.find((token) => token.key === wanted) ??
    tokens.find(
      (token) =>
        previousOf(model).get(token.id) === wanted && token.previous_key_valid_until > model.now,
    )
  );
}

const GRACE_MAX = 604_800;

/** Per model: each rate-limited token's VALID verifies in the minute it last had one. */
const minuteWindows = new WeakMap<TokenModel, Map<number, { minute: number; count: number }>>();

function minuteCounts(model: TokenModel): Map<number, { minute: number; count: number }> {
  let windows = minuteWindows.get(model);
  if (!windows) minuteWindows.set(model, (windows = new Map()));
  return windows;
}

/** A rotation: the answer's data once the service's new key is known. */
export function modelRotate(
  model: TokenModel,
  rawId: string,
  format: BodyFormat,
  body: unknown,
): Outcome | { accept: (key: string) => unknown } {
  const id = validPathId(rawId);
  if (id === null) return badPathId();
  const refusal = bodyRefusal(format, body);
  if (refusal) return refusal;
  const input = body as object;
  const grace = has(input, 'grace_seconds') ? field(input, 'grace_seconds') : 0;
  if (!(typeof grace === 'number' && Number.isInteger(grace) && grace >= 0 && grace <= GRACE_MAX)) {
    return invalid(['grace_seconds']);
  }
  const token = model.tokens.get(id);
  if (!token) return noSuchToken(id);
  return {
    accept: (key) => {
      model.issue(key);
      const until = model.now + grace;
      const before = model.view(token, 'masked');
      previousOf(model).set(id, token.key);
      token.key = key;
      token.previous_key_valid_until = until;
      const after = model.view(token, 'masked');
      model.audit.record({ action: 'token.rotate', token_id: id, before, after });
      return { key, token: after, previous_key_valid_until: until };
    },
  };
}

/** A comma-separated list of addresses and CIDR ranges; an entry that is neither allows nothing. */
function inSubnet(subnet: string, ip: string | undefined): boolean {
  const entries = subnet
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return true;
  if (ip === undefined) return false;
  const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  return entries.some((entry) => {
    const range = subnetEntry(entry);
    if (range === null) return false;
    const list = new BlockList();
    if (range.prefix === undefined) list.addAddress(range.address, range.type);
    else list.addSubnet(range.address, range.prefix, range.type);
    return list.check(address, family);
  });
}

export function modelVerify(model: TokenModel, format: BodyFormat, body: unknown): Outcome {
  const refusal = bodyRefusal(format, body);
  if (refusal) return refusal;
  const input = body as object;
  const wrong = problems(input, [
    ['key', validKey, true],
    ['model', validModel, false],
    ['ip', validIp, false],
    ['cost', validQuota, false],
  ]);
  if (wrong.length > 0) return invalid(wrong);
  const request = {
    key: field(input, 'key') as string,
    model: field(input, 'model') as string | undefined,
    ip: field(input, 'ip') as string | undefined,
    cost: (field(input, 'cost') as number | undefined) ?? 0,
  };
  const token = tokenByKey(model, request.key);
  if (!token) {
    return ok({
      valid: false,
      code: 'NOT_FOUND',
      token_id: null,
      name: null,
      remain_quota: null,
      unlimited_quota: null,
      expired_time: null,
      rate_limit: null,
    });
  }
  const models = token.models
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const minute = model.now - (model.now % 60);
  const window = minuteCounts(model).get(token.id);
  const counted = window?.minute === minute ? window.count : 0;
  const code =
    token.status === 2
      ? 'DISABLED'
      : token.expired_time !== -1 && token.expired_time <= model.now
        ? 'EXPIRED'
        : request.model !== undefined && models.length > 0 && !models.includes(request.model.trim())
          ? 'MODEL_NOT_ALLOWED'
          : !inSubnet(token.subnet, request.ip)
            ? 'IP_NOT_ALLOWED'
            : token.rpm_limit > 0 && counted >= token.rpm_limit
              ? 'RATE_LIMITED'
              : !token.unlimited_quota &&
                  (token.remain_quota === 0 || token.remain_quota < request.cost)
                ? 'EXHAUSTED'
                : 'VALID';
  const windowShown = token.rpm_limit > 0 && ['VALID', 'RATE_LIMITED', 'EXHAUSTED'].includes(code);
  const count = code === 'VALID' ? counted + 1 : counted;
  if (code === 'VALID' && token.rpm_limit > 0) {
    minuteCounts(model).set(token.id, { minute, count });
  }
  if (code === 'VALID') {
    if (!token.unlimited_quota) token.remain_quota -= request.cost;
    token.used_quota += request.cost;
    token.accessed_time = Math.max(token.accessed_time, model.now);
  }
  return ok({
    valid: code === 'VALID',
    code,
    token_id: token.id,
    name: token.name,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    expired_time: token.expired_time,
    rate_limit: windowShown
      ? { limit: token.rpm_limit, remaining: token.rpm_limit - count, reset_time: minute + 60 }
      : null,
  });
}

/** Request ids reported per token, with when: a report counts once within 24 hours. */
const reported = new WeakMap<TokenModel, Map<string, number>>();

export function modelReport(model: TokenModel, format: BodyFormat, body: unknown): Outcome {
  const refusal = bodyRefusal(format, body);
  if (refusal) return refusal;
  const input = body as object;
  const wrong = problems(input, [
    ['key', validKey, false],
    ['token_id', validId, false],
    ['quota', validQuota, true],
    ['model', validModel, false],
    [
      'request_id',
      (value) => typeof value === 'string' && value.length >= 1 && value.length <= REQUEST_ID_MAX,
      false,
    ],
  ]);
  if (wrong.length > 0) return invalid(wrong);
  if (has(input, 'key') === has(input, 'token_id')) return invalid(['key', 'token_id']);
  const id = field(input, 'token_id') as number | undefined;
  const token =
    id !== undefined ? model.tokens.get(id) : tokenByKey(model, field(input, 'key') as string);
  if (!token) {
    return id !== undefined
      ? { status: 404, message: `no token has id ${id}` }
      : { status: 404, message: 'no token has this key' };
  }
  const quota = field(input, 'quota') as number;
  const requestId = field(input, 'request_id') as string | undefined;
  if (requestId !== undefined) {
    const seen = reported.get(model) ?? new Map<string, number>();
    reported.set(model, seen);
    const key = `${token.id}\u0000${requestId}`;
    const last = seen.get(key);
    if (last !== undefined && last > model.now - DAY) {
      return ok({
        token_id: token.id,
        charged: 0,
        held: 0,
        remain_quota: token.remain_quota,
        used_quota: token.used_quota,
        duplicate: true,
      });
    }
    seen.set(key, model.now);
  }
  if (!token.unlimited_quota) token.remain_quota = Math.max(0, token.remain_quota - quota);
  token.used_quota += quota;
  return ok({
    token_id: token.id,
    charged: quota,
    // The model's verifies make no holds (no request_id): there is none to settle.
    held: 0,
    remain_quota: token.remain_quota,
    used_quota: token.used_quota,
    duplicate: false,
  });
}
