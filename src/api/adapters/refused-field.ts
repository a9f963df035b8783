import { issueField } from '../../contract/envelope';
import { TOKEN_WRITE_FIELDS, type TokenWriteField } from '../../contract/token';
import type { TokenBackend } from '../backend';
import { isApiError, type ApiError } from '../errors';

/** Which field of the token sent a server's refusal is about, as that server's answers tell. */
export type RefusedField = (error: ApiError) => TokenWriteField | null;

/** This service answers a refused write with 400, each problem led by its field (describeIssues). */
export const serviceRefusedField: RefusedField = (error) =>
  error.status === 400 ? issueField(error.serverMessage, TOKEN_WRITE_FIELDS) : null;

/**
 * The gateways refuse a write with success:false and a sentence of their own, in Chinese, that
 * names no field: these are the ones about a field the dashboard sends.
 */
const GATEWAY_REFUSALS: ReadonlyArray<readonly [string, TokenWriteField]> = [
  // Both: a name over the gateway's byte limit.
  ['令牌名称过长', 'name'],
  // one-api: a subnet that is not CIDR.
  ['无效的网段', 'subnet'],
  // new-api: a quota below 0 or over its maximum.
  ['额度值不能为负数', 'remain_quota'],
  ['额度值超出有效范围', 'remain_quota'],
  // Both, on enabling: the expiry has passed, or the quota is used up.
  ['令牌已过期', 'expired_time'],
  ['令牌可用额度已用尽', 'remain_quota'],
];

export const gatewayRefusedField: RefusedField = (error) =>
  error.kind === 'rejected'
    ? (GATEWAY_REFUSALS.find(([words]) => error.serverMessage.includes(words))?.[1] ?? null)
    : null;

/**
 * LiteLLM names the field of most refusals, by its own name: first in FastAPI's problems
 * ("max_budget: Input should be…"), within its sentences otherwise ("Key with alias 'x'…").
 * budget_duration is looked for before duration, which it holds.
 */
const LITELLM_FIELDS: ReadonlyArray<readonly [RegExp, TokenWriteField]> = [
  [/\bkey_alias\b|Key with alias/, 'name'],
  [/\bmax_budget\b/, 'remain_quota'],
  [/\bbudget_duration\b/, 'quota_reset_period'],
  [/\bduration\b/, 'expired_time'],
  [/\brpm_limit\b/, 'rpm_limit'],
  [/\bmodels?\b/, 'models'],
];

export const liteLlmRefusedField: RefusedField = (error) =>
  error.kind === 'rejected'
    ? (LITELLM_FIELDS.find(([words]) => words.test(error.serverMessage))?.[1] ?? null)
    : null;

/** The backend whose refused writes say which field they are about, where the server's answer does. */
export function namingRefusedFields(
  backend: TokenBackend,
  refusedField: RefusedField,
): TokenBackend {
  const named = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } catch (error) {
      if (!isApiError(error)) throw error;
      const field = error.field ?? refusedField(error);
      throw field ? error.concerning(field) : error;
    }
  };
  return {
    ...backend,
    create: (input) => named(backend.create(input)),
    update: (loaded, edit) => named(backend.update(loaded, edit)),
    setStatus: (id, status) => named(backend.setStatus(id, status)),
  };
}
