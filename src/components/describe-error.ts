import { isApiError, REQUEST_TIMEOUT_MS, type ApiError } from '../api/errors';
import { KEY_REFUSED_MESSAGE, tooManyWrongKeysWait } from '../contract/key-refusals';
import type { MessageKey } from '../lib/i18n/en';
import { MessageError } from '../lib/i18n/message-error';
import type { Translate } from '../lib/i18n/translate';

const KIND_MESSAGES = {
  network: 'error.network',
  blocked: 'error.blocked',
  timeout: 'error.timeout',
  'invalid-response': 'error.invalidResponse',
  server: 'error.server',
  rejected: 'error.rejected',
  unauthorized: 'error.unauthorized',
  'rate-limited': 'error.rateLimited',
} as const satisfies Record<string, MessageKey>;

/** A 429 from a route with a tighter limit of its own says which limit was reached. */
const LIMITED_MESSAGES = {
  search: 'error.searchLimited',
  reveal: 'error.revealLimited',
} as const satisfies Record<string, MessageKey>;

/**
 * Messages the gateways send in Chinese, and LiteLLM in English (with the dashboard's own about
 * what LiteLLM cannot do), recognised by a telling fragment.
 */
const KNOWN_SERVER_MESSAGES: Array<[RegExp, MessageKey]> = [
  [/Key with alias .* already exists/i, 'litellm.aliasTaken'],
  [/^Authentication Error/i, 'litellm.badKey'],
  [/cannot stop a refill/i, 'litellm.refillStays'],
  [/no IP ranges per key/i, 'litellm.subnet'],
  [/only a hash of each key/i, 'litellm.reveal'],
  [/令牌名称过长|name.*too long/i, 'upstream.nameTooLong'],
  [/令牌已过期|已过期/, 'upstream.expired'],
  [/额度已用尽|用尽/, 'upstream.exhausted'],
  [/access token/i, 'upstream.badKey'],
  [/New-Api-User/i, 'upstream.userHeader'],
  [/权限不足|无权/, 'upstream.forbidden'],
  // Not "rate limits": a role refusal lists them among what an operator may change.
  [/频繁|too many|rate limit(?!s)/i, 'upstream.rateLimited'],
  [/record not found|不存在/i, 'upstream.notFound'],
  [/额度.*负|negative/i, 'upstream.negativeQuota'],
];

/**
 * This service's refusals of a key, which it words for whoever calls the API (they name the
 * header to send), as a person at the dashboard needs them; null for any other message.
 */
function keyRefusal({ serverMessage }: ApiError, t: Translate): string | null {
  if (serverMessage === KEY_REFUSED_MESSAGE) return t('error.keyRefused');
  const seconds = tooManyWrongKeysWait(serverMessage);
  return seconds === null ? null : t('error.tooManyWrongKeys', { seconds });
}

/**
 * What to tell the person about a failure, in their language. The server's own words come
 * first, as they are (but for the service's words meant for API callers); our own explanations
 * are translated.
 */
export function describeError(error: unknown, t: Translate): string {
  if (error instanceof MessageError) return t(error.key, error.params);
  if (!isApiError(error))
    return t('error.unknown', { message: error instanceof Error ? error.message : String(error) });
  const refusal = keyRefusal(error, t);
  if (refusal) return refusal;
  if (error.kind === 'rate-limited' && error.limited) {
    const limit = t(LIMITED_MESSAGES[error.limited]);
    return error.serverMessage ? `${error.serverMessage} (${limit})` : limit;
  }
  if (error.serverMessage) {
    const known = KNOWN_SERVER_MESSAGES.find(([pattern]) => pattern.test(error.serverMessage));
    const translation = known ? t(known[1]) : null;
    return translation && translation !== error.serverMessage
      ? `${error.serverMessage} (${translation})`
      : error.serverMessage;
  }
  return t(KIND_MESSAGES[error.kind], {
    host: error.host,
    status: error.status ?? '',
    seconds: REQUEST_TIMEOUT_MS / 1000,
  });
}
