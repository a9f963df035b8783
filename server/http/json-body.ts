import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { ApiError } from './failures';
import { limitUndeclared } from './fast-paths';
import type { AppContext } from './types';
import { parseWith } from './validate';

export const BODY_LIMIT_BYTES = 64 * 1024;

const tooLarge = () => new ApiError(413, 'body is larger than 64 KiB');

// fatal: bytes that are not UTF-8 are not JSON, rather than silently replaced.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** On every route that reads a body: 413 over 64 KiB, declared or streamed, before reading on. */
export const limitBody = limitUndeclared(
  bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: () => {
      throw tooLarge();
    },
  }),
  BODY_LIMIT_BYTES,
  tooLarge,
);

/**
 * Reads, parses and validates a JSON body (after limitBody): 415 without Content-Type:
 * application/json, 400 for anything that is not a valid object.
 */
export async function readJsonBody<S extends z.ZodType>(
  c: AppContext,
  schema: S,
): Promise<z.output<S>> {
  if (!isJsonMediaType(c.req.header('content-type'))) {
    throw new ApiError(415, 'body must be JSON: send it with Content-Type: application/json');
  }
  let value: unknown;
  try {
    const bytes = await c.req.arrayBuffer();
    // limitBody trusts a Content-Length, which only a request made in-process can contradict.
    if (bytes.byteLength > BODY_LIMIT_BYTES) throw tooLarge();
    value = JSON.parse(utf8.decode(bytes));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Not UTF-8, not JSON, or a client gone before its whole body arrived.
    throw new ApiError(400, 'body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'body must be a JSON object');
  }
  return parseWith(schema, value);
}

function isJsonMediaType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
