import type { TokenWriteField } from '../contract/token';

/**
 * Longer than the service's own wait for a gateway in proxy mode (15 s by default), so that its
 * answer naming the gateway reaches the person instead of a bare timeout here.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Why a call failed, so the screens can say what to do next without parsing messages. */
export type ApiErrorKind =
  | 'unauthorized' // 401: the admin key was refused
  | 'rate-limited' // 429: too many attempts
  | 'rejected' // the server answered and refused (4xx, or 200 with success:false)
  | 'server' // 5xx
  | 'network' // no answer at all
  | 'blocked' // the page's security policy refused to connect to that server
  | 'timeout' // no answer in time
  | 'invalid-response'; // an answer that is not the expected JSON

/** Routes a gateway limits more tightly than the rest, so a 429 there can say what is limited. */
export type LimitedAction = 'search' | 'reveal';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  /** The server's own words, shown as they come. */
  readonly serverMessage: string;
  /** The server's host, for messages such as "Cannot reach the server at …". */
  readonly host: string;
  /** On a 429: the tighter limit that was reached, when the route has one. */
  readonly limited: LimitedAction | null;
  /** On a refused write: the field of the token the refusal is about, when the answer says. */
  readonly field: TokenWriteField | null;

  constructor(
    kind: ApiErrorKind,
    message: string,
    status: number | null,
    serverMessage = '',
    host = '',
    limited: LimitedAction | null = null,
    field: TokenWriteField | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.serverMessage = serverMessage;
    this.host = host;
    this.limited = limited;
    this.field = field;
  }

  /** The same failure, known to be about one field of the token that was sent. */
  concerning(field: TokenWriteField): ApiError {
    return new ApiError(
      this.kind,
      this.message,
      this.status,
      this.serverMessage,
      this.host,
      this.limited,
      field,
    );
  }

  /**
   * Worth retrying by itself: the server may come back. An answer that is not the API's counts
   * too: it is mostly a proxy's error page while the service behind it is away.
   */
  get transient(): boolean {
    return ['network', 'timeout', 'server', 'invalid-response'].includes(this.kind);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const LIMITED_MESSAGES: Record<LimitedAction, string> = {
  search: 'The server limits how often one may search: wait a moment, then search again.',
  reveal: 'The server limits how many keys can be revealed: try again later.',
};

/** The error for an HTTP failure: its class from the status, the server's words when it gave some. */
export function failureFor(
  status: number,
  serverMessage: string,
  host: string,
  limited: LimitedAction | undefined,
): ApiError {
  if (status === 401) {
    return new ApiError(
      'unauthorized',
      serverMessage || 'The admin key was rejected.',
      status,
      serverMessage,
      host,
    );
  }
  if (status === 429) {
    return new ApiError(
      'rate-limited',
      serverMessage ||
        (limited ? LIMITED_MESSAGES[limited] : 'Too many requests: wait a minute, then try again.'),
      status,
      serverMessage,
      host,
      limited ?? null,
    );
  }
  if (status >= 500) {
    return new ApiError(
      'server',
      serverMessage || `The server at ${host} failed (HTTP ${status}). Try again shortly.`,
      status,
      serverMessage,
      host,
    );
  }
  return new ApiError(
    'rejected',
    serverMessage || `The server at ${host} refused the request (HTTP ${status}).`,
    status,
    serverMessage,
    host,
  );
}
