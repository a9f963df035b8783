/** A response of the service, recorded to be replayed by the bare server. */
export interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

/** By answerKey() of the request they answer. */
export type CapturedResponses = Record<string, CapturedResponse>;

/** A request's method and path with its query, as the bare server finds its answer. */
export function answerKey(method: string, path: string): string {
  return `${method} ${path}`;
}

/** Set by Node for each connection: replaying them would contradict the connection in use. */
export const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);
