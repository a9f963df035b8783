import { anyEnvelopeSchema } from '../contract/envelope';
import { openAiErrorSchema } from '../contract/openai-answers';

/** Why a call with a token's key was refused, so the screens can say what to do about it. */
export type ChatRefusalKind =
  | 'quota' // the key's quota cannot pay for the request
  | 'rate-limited' // too many requests: wait `retryAfter` seconds
  | 'model' // the model does not exist, or the key may not use it
  | 'key-disabled'
  | 'key-expired'
  | 'key-unknown' // no key of the server matches it
  | 'address' // the key may not be used from here
  | 'upstream' // the model's upstream failed or refused
  | 'request' // the request itself was refused
  | 'unexpected' // an answer that is not what OpenAI's API gives
  | 'network'; // no answer at all, or none in time

/** A refusal as the client gets it: the status, the server's code and words, and when to retry. */
export class ChatRefusal extends Error {
  constructor(
    readonly kind: ChatRefusalKind,
    message: string,
    readonly status: number | null = null,
    readonly code: string = '',
    /** Seconds to wait, from Retry-After, on a rate limit. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ChatRefusal';
  }
}

export const isChatRefusal = (error: unknown): error is ChatRefusal => error instanceof ChatRefusal;

/*
 * The gateways' own words for what OpenAI names by code: one-api and new-api answer in Chinese,
 * with codes of their own or none. This service's messages are caught by their codes.
 */
const QUOTA_CODES = [
  'insufficient_quota',
  'insufficient_user_quota',
  'pre_consume_token_quota_failed',
];
const QUOTA_WORDS = /额度已用尽|额度不足|quota is not enough|insufficient quota/i;
const MODEL_WORDS = /无权使用模型|无权访问模型|无可用渠道/;
const DISABLED_WORDS = /disabled|状态不可用/i;
const EXPIRED_WORDS = /expired|已过期/i;
const ADDRESS_WORDS = /不在令牌允许访问的列表|无法解析客户端 IP/;
const UPSTREAM_CODES = ['upstream_error', 'upstream_refused'];

/** The words of a refusal's body: OpenAI's error, a gateway's envelope, or its bare text. */
function wordsOf(body: string): { message: string; code: string; type: string } {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { message: body.trim().slice(0, 300), code: '', type: '' };
  }
  const error = openAiErrorSchema.safeParse(value);
  if (error.success) {
    const { message, code, type } = error.data.error;
    return { message, code: String(code ?? ''), type: type ?? '' };
  }
  const envelope = anyEnvelopeSchema.safeParse(value);
  return { message: envelope.success ? envelope.data.message : '', code: '', type: '' };
}

/** Retry-After in seconds, from a number of seconds or a date. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The refusal an answer stands for: its class from OpenAI's codes, the status, and the gateways'
 * own words; the message the server's own, or one saying the status when it gave none.
 * `status` is null for an error event sent once the answer had begun.
 */
export function chatRefusalOf(status: number | null, headers: Headers, body: string): ChatRefusal {
  const { message, code, type } = wordsOf(body);
  const said = message || (status === null ? 'The answer ended with an error.' : `HTTP ${status}`);
  const refusal = (kind: ChatRefusalKind, retryAfter: number | null = null) =>
    new ChatRefusal(kind, said, status, code, retryAfter);
  if (QUOTA_CODES.includes(code) || type === 'insufficient_quota' || QUOTA_WORDS.test(message)) {
    return refusal('quota');
  }
  if (status === 429 || code === 'rate_limit_exceeded') {
    return refusal('rate-limited', retryAfterSeconds(headers.get('retry-after')));
  }
  if (code === 'model_not_found' || MODEL_WORDS.test(message)) return refusal('model');
  if (status === 401 || code === 'invalid_api_key') {
    if (DISABLED_WORDS.test(message)) return refusal('key-disabled');
    if (EXPIRED_WORDS.test(message)) return refusal('key-expired');
    return refusal('key-unknown');
  }
  if (code === 'ip_not_allowed' || ADDRESS_WORDS.test(message)) return refusal('address');
  if (UPSTREAM_CODES.includes(code) || status === null || status >= 500) return refusal('upstream');
  return refusal('request');
}
