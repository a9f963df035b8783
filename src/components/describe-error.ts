import { isApiError } from '../api/errors';
import type { MessageKey } from '../lib/i18n/en';
import type { Params } from '../lib/i18n/translate';

type Translate = (key: MessageKey, params?: Params) => string;

const KIND_MESSAGES = {
  network: 'error.network',
  timeout: 'error.timeout',
  'invalid-response': 'error.invalidResponse',
  server: 'error.server',
  rejected: 'error.rejected',
  unauthorized: 'error.unauthorized',
  'rate-limited': 'error.rateLimited',
} as const satisfies Record<string, MessageKey>;

/**
 * What to tell the person about a failure, in their language. The server's own words come
 * first, as they are; our own explanations are translated.
 */
export function describeError(error: unknown, t: Translate): string {
  if (!isApiError(error))
    return t('error.unknown', { message: error instanceof Error ? error.message : String(error) });
  if (error.serverMessage) return error.serverMessage;
  return t(KIND_MESSAGES[error.kind], { host: error.host, status: error.status ?? '' });
}
