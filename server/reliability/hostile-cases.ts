/**
 * The inputs hostile-input.test.ts sends: every route and method, with broken, oversized,
 * mistyped and tricky requests, each with the status the contract (docs/api.md) asks for. The
 * cases themselves are in hostile-body-cases.ts, hostile-field-cases.ts, hostile-path-cases.ts.
 */

/** A request through the app (as fetch would send it) and the status it must get. */
export interface HostileCase {
  label: string;
  method: string;
  path: string;
  /** Sent as is; a Uint8Array gets no Content-Type unless one is given. */
  body?: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  headers?: Record<string, string>;
  status: number;
}

/** Tokens every case may refer to: one to update, reveal and verify, an id that never existed. */
export interface Ids {
  existing: number;
  /** The whole key of `existing`: a verify with it would charge. */
  existingKey: string;
  missing: number;
}

export const JSON_TYPE = { 'Content-Type': 'application/json' };

export const json = (value: unknown) => JSON.stringify(value);
