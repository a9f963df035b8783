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

/** Raw JSON texts for numbers JSON.stringify cannot write. */
export const raw = (text: string) => ({ raw: text });

/** Values that are not text, not a quota, not an id: every field refuses them with a 400. */
export const NOT_TEXT: unknown[] = [null, 0, 1, -1, 1.5, true, false, [], {}, ['x'], { a: 'x' }];

export const NOT_QUOTA: unknown[] = [
  null,
  '5',
  '',
  true,
  [],
  {},
  [5],
  -1,
  -0.5,
  0.5,
  1.5,
  1e-7,
  999_999_999_999_999.9,
  1e15 + 1,
  1e16,
  2 ** 53,
  Number.MAX_VALUE,
  raw('9007199254740993'),
  raw('123456789012345678901234567890'),
  raw('1e309'),
  raw('-1e309'),
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
];

export const NOT_ID: unknown[] = [
  null,
  0,
  -1,
  -0,
  1.5,
  0.5,
  '1',
  '',
  'abc',
  true,
  [],
  {},
  [1],
  2 ** 53,
  1e20,
  raw('9007199254740993'),
  raw('1e309'),
  raw('-1e309'),
];
