/** A response of the service, recorded to be replayed by the bare server. */
export interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

/** By request method. */
export type CapturedResponses = Record<string, CapturedResponse>;

/** Set by Node for each connection: replaying them would contradict the connection in use. */
export const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);
