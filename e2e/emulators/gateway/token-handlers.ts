/**
 * Get, create, update, delete and seed: the same code in both gateways, apart from the quirks
 * a TokenDialect names (the struct a body binds into, checks, own fields, how answers look).
 */
import { writeFail, writeOk } from './gin-answers';
import { atoiOrZero, bindJson, goAtoi, type Bound, type GoFieldType } from './go-binding';
import { generateKey } from './keys';
import type { Handler } from './router';
import type { TokenStore } from './token-store';
import { enableRefusal, MSG } from './token-rules';
import { seconds, TOKEN_STATUS, type BaseToken, type OwnFields } from './types';

/**
 * The fields of the gateway's token struct as a body binds into them: those both have, with
 * the Go type of their quota columns, then the gateway's `own`.
 */
export function tokenBodyFields(
  quota: 'int' | 'int64',
  own: Record<string, GoFieldType>,
): Record<string, GoFieldType> {
  return {
    id: 'int',
    user_id: 'int',
    key: 'string',
    status: 'int',
    name: 'string',
    created_time: 'int64',
    accessed_time: 'int64',
    expired_time: 'int64',
    remain_quota: quota,
    unlimited_quota: 'bool',
    used_quota: quota,
    ...own,
  };
}

export interface TokenDialect<T extends BaseToken> {
  /** The Go struct create and update bind their body into, and its fields. */
  body: { struct: string; fields: Record<string, GoFieldType> };
  /** The checks create and update make on the body first: a message refuses it. */
  validate(input: Bound): string | null;
  /** A refusal to create, given how many tokens the user has; null to go on. */
  refuseCreate(count: number): string | null;
  /**
   * The gateway's own fields as update writes them from the body, or as create stores them
   * (`creating`), where gorm leaves zero values to the column defaults.
   */
  ownFields(input: Bound, creating: boolean): OwnFields<T>;
  /** The gateway's own fields of a seeded token, what is left out filled in. */
  seedFields(partial: Partial<T>): OwnFields<T>;
  /** A deep copy in the field order of the gateway's JSON, key whole. */
  copy(token: T): T;
  /** The token as the gateway's answers show it. */
  present(token: T): unknown;
  /** Whether create answers with the new token (one-api) or with no data (new-api). */
  createAnswersToken: boolean;
}

export interface TokenHandlers<T extends BaseToken> {
  getToken: Handler;
  addToken: Handler;
  updateToken: Handler;
  deleteToken: Handler;
  /** Stores tokens as given, filling what is left out; returns copies. */
  seed(tokens: Partial<T>[]): T[];
}

/** GetTokenByIds: the user's token with that id, or why there is none. */
function findOwn<T extends BaseToken>(
  store: TokenStore<T>,
  id: number,
  userId: number,
): { token: T } | { error: string } {
  if (id === 0) return { error: MSG.idEmpty };
  const token = store.get(id, userId);
  return token ? { token } : { error: MSG.notFound };
}

/** A GET or POST on the user's token `:id`, answering `answer(token)`; Go's errors otherwise. */
export function ownTokenRoute<T extends BaseToken>(
  store: TokenStore<T>,
  userId: number,
  answer: (token: T) => unknown,
): Handler {
  return ({ res, params }) => {
    const id = goAtoi(params.id ?? '');
    if (!id.ok) return writeFail(res, id.message);
    const found = findOwn(store, id.value, userId);
    if ('error' in found) return writeFail(res, found.error);
    writeOk(res, answer(found.token));
  };
}

export function tokenHandlers<T extends BaseToken>(
  dialect: TokenDialect<T>,
  env: { store: TokenStore<T>; userId: number; now: () => number; realEnableRule: boolean },
): TokenHandlers<T> {
  const { store, userId, now } = env;

  const own = (id: number) => findOwn(store, id, userId);

  /** The body bound and checked, or the message refusing it. */
  const readInput = async (body: () => Promise<string>): Promise<Bound | string> => {
    const bound = bindJson(await body(), dialect.body.struct, dialect.body.fields);
    if (!bound.ok) return bound.message;
    return dialect.validate(bound.value) ?? bound.value;
  };

  const getToken = ownTokenRoute(store, userId, dialect.present);

  const addToken: Handler = async ({ res, body }) => {
    const input = await readInput(body);
    if (typeof input === 'string') return writeFail(res, input);
    const refusal = dialect.refuseCreate(store.ofUser(userId).length);
    if (refusal) return writeFail(res, refusal);
    const at = seconds(now);
    const expiry = input.expired_time as number;
    const token = store.insert({
      user_id: userId,
      key: generateKey(),
      // Column defaults stand in for zero values: status 1, expired_time -1.
      status: TOKEN_STATUS.enabled,
      name: input.name as string,
      created_time: at,
      accessed_time: at,
      expired_time: expiry === 0 ? -1 : expiry,
      remain_quota: input.remain_quota as number,
      unlimited_quota: input.unlimited_quota as boolean,
      used_quota: 0,
      ...dialect.ownFields(input, true),
    } as Omit<T, 'id'>);
    writeOk(res, dialect.createAnswersToken ? dialect.present(token) : undefined);
  };

  const updateToken: Handler = async ({ res, query, body }) => {
    const input = await readInput(body);
    if (typeof input === 'string') return writeFail(res, input);
    const found = own(input.id as number);
    if ('error' in found) return writeFail(res, found.error);
    const token = found.token;
    const status = input.status as number;
    const refusal = enableRefusal(token, status, seconds(now), env.realEnableRule);
    if (refusal) return writeFail(res, refusal);
    if ((query.get('status_only') ?? '') !== '') {
      token.status = status;
    } else {
      // Every editable field is written, a field left out as its zero value.
      Object.assign(token, {
        name: input.name,
        expired_time: input.expired_time,
        remain_quota: input.remain_quota,
        unlimited_quota: input.unlimited_quota,
        ...dialect.ownFields(input, false),
      });
    }
    writeOk(res, dialect.present(token));
  };

  const deleteToken: Handler = ({ res, params }) => {
    const found = own(atoiOrZero(params.id ?? ''));
    if ('error' in found) return writeFail(res, found.error);
    store.delete(found.token.id);
    writeOk(res);
  };

  const seed = (tokens: Partial<T>[]): T[] =>
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
        ...dialect.seedFields(partial),
      } as Omit<T, 'id'> & { id: number });
      return dialect.copy(token);
    });

  return { getToken, addToken, updateToken, deleteToken, seed };
}
