import { anyEnvelopeSchema } from '../contract/envelope';
import { ApiError, failureFor, type LimitedAction } from './errors';
import { liteLlmMessage } from './litellm-message';

/**
 * one-api and older new-api refuse a wrong key with HTTP 200 and success:false; these are the
 * words they use for it, so such an answer counts as a rejected key like a 401 does.
 */
const KEY_REFUSED = /access token|New-Api-User|未登录/i;

/** What an answer came to: its payload, or the failure it is. */
export type AnswerReading = { ok: true; payload: unknown } | { ok: false; failure: ApiError };

/** How a kind of server answers: where a success keeps its payload, how a refusal is worded. */
export interface AnswerShape {
  read(
    status: number,
    ok: boolean,
    body: unknown,
    host: string,
    limited?: LimitedAction,
  ): AnswerReading;
  /** For an answer shown as it came (the explorer): its refusal's words, or null for a success. */
  refusal(ok: boolean, body: unknown): string | null;
}

const notOurs = (status: number, host: string) =>
  new ApiError(
    'invalid-response',
    `The server at ${host} answered with something that is not a Tokendesk API response (HTTP ${status}): a proxy in front of it may be failing, or the address is wrong.`,
    status,
    '',
    host,
  );

/** This service, one-api and new-api: `{ success, message, data }`, a refusal even with 200. */
export const envelopeAnswers: AnswerShape = {
  read(status, ok, body, host, limited) {
    const parsed = anyEnvelopeSchema.safeParse(body);
    const serverMessage = parsed.success ? parsed.data.message : '';
    if (!ok) return { ok: false, failure: failureFor(status, serverMessage, host, limited) };
    if (!parsed.success) return { ok: false, failure: notOurs(status, host) };
    if (!parsed.data.success) {
      const failure = new ApiError(
        KEY_REFUSED.test(serverMessage) ? 'unauthorized' : 'rejected',
        serverMessage || 'The server refused the request without saying why.',
        status,
        serverMessage,
        host,
      );
      return { ok: false, failure };
    }
    return { ok: true, payload: parsed.data.data };
  },
  refusal(ok, body) {
    const envelope = anyEnvelopeSchema.safeParse(body);
    if (envelope.success) return ok && envelope.data.success ? null : envelope.data.message;
    return ok ? null : '';
  },
};

/** A LiteLLM proxy: the payload is the whole answer; a refusal is an HTTP failure, in its words. */
export const plainAnswers: AnswerShape = {
  read(status, ok, body, host, limited) {
    if (!ok) return { ok: false, failure: failureFor(status, liteLlmMessage(body), host, limited) };
    if (body === undefined) return { ok: false, failure: notOurs(status, host) };
    return { ok: true, payload: body };
  },
  refusal: (ok, body) => (ok ? null : liteLlmMessage(body)),
};
