/** Why a call failed, so the screens can say what to do next without parsing messages. */
export type ApiErrorKind =
  | 'unauthorized' // 401: the admin key was refused
  | 'rate-limited' // 429: too many attempts
  | 'rejected' // the server answered and refused (4xx, or 200 with success:false)
  | 'server' // 5xx
  | 'network' // no answer at all
  | 'timeout' // no answer in time
  | 'invalid-response'; // an answer that is not the expected JSON

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  /** The server's own words, shown as they come. */
  readonly serverMessage: string;
  /** The server's host, for messages such as "Cannot reach the server at …". */
  readonly host: string;

  constructor(
    kind: ApiErrorKind,
    message: string,
    status: number | null,
    serverMessage = '',
    host = '',
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.serverMessage = serverMessage;
    this.host = host;
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
