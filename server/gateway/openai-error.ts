import type { RateLimitState, VerifyCode } from '../../src/contract/verify';

/** What OpenAI's clients read from a failure: `{ error: { message, type, param, code } }`. */
export interface OpenAiFailure {
  status: number;
  body: { error: { message: string; type: string; param: string | null; code: string } };
  headers: Record<string, string>;
}

export function openAiFailure(
  status: number,
  code: string,
  message: string,
  { type = typeOf(status), param = null, headers = {} }: Partial<FailureExtras> = {},
): OpenAiFailure {
  return { status, body: { error: { message, type, param, code } }, headers };
}

interface FailureExtras {
  type: string;
  param: string | null;
  headers: Record<string, string>;
}

/** OpenAI's error types by status, which SDKs map to their error classes. */
function typeOf(status: number): string {
  if (status === 401) return 'invalid_request_error';
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/**
 * One message for a model that does not exist, is switched off or is not the key's: a caller
 * cannot tell them apart, so cannot probe which models the gateway has.
 */
export const modelNotFound = (model: string) =>
  openAiFailure(
    404,
    'model_not_found',
    `The model "${model}" does not exist or this key may not use it.`,
    { param: 'model' },
  );

/**
 * A refused key as OpenAI's clients know it. `insufficient_quota` says `x-should-retry: false`,
 * so an SDK gives up at once instead of retrying a budget that will not grow by waiting; a rate
 * limit says when to come back.
 */
export function refusal(
  code: Exclude<VerifyCode, 'VALID'>,
  model: string,
  rate: RateLimitState | null,
  now: number,
): OpenAiFailure {
  switch (code) {
    case 'NOT_FOUND':
      return openAiFailure(
        401,
        'invalid_api_key',
        'Incorrect API key provided: no key of this gateway matches it.',
      );
    case 'DISABLED':
      return openAiFailure(401, 'invalid_api_key', 'This API key has been disabled.');
    case 'EXPIRED':
      return openAiFailure(401, 'invalid_api_key', 'This API key has expired.');
    case 'MODEL_NOT_ALLOWED':
      return modelNotFound(model);
    case 'IP_NOT_ALLOWED':
      return openAiFailure(
        403,
        'ip_not_allowed',
        'This API key may not be used from this address.',
      );
    case 'RATE_LIMITED':
      return openAiFailure(
        429,
        'rate_limit_exceeded',
        `Rate limit reached for this API key: ${rate?.limit ?? 0} requests per minute. Try again in ${retryAfter(rate, now)} s.`,
        { headers: rateHeaders(rate, now) },
      );
    case 'EXHAUSTED':
      return openAiFailure(
        429,
        'insufficient_quota',
        'This API key has too little quota left for this request. Ask its administrator for more, or send a shorter request or a lower max_tokens.',
        { type: 'insufficient_quota', headers: { 'x-should-retry': 'false' } },
      );
  }
}

function retryAfter(rate: RateLimitState | null, now: number): number {
  return Math.max(1, (rate?.reset_time ?? now + 60) - now);
}

/** OpenAI's rate-limit headers, for the requests-per-minute window of the key. */
export function rateHeaders(rate: RateLimitState | null, now: number): Record<string, string> {
  if (!rate) return {};
  const reset = retryAfter(rate, now);
  return {
    'retry-after': String(reset),
    'x-ratelimit-limit-requests': String(rate.limit),
    'x-ratelimit-remaining-requests': String(rate.remaining),
    'x-ratelimit-reset-requests': `${reset}s`,
  };
}

export const upstreamFailure = (status: 502 | 504, message: string) =>
  openAiFailure(status, 'upstream_error', message, { type: 'upstream_error' });
