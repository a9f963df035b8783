import type { z } from 'zod';
import { ApiError } from './envelope';
import type { AppContext } from './types';
import { parseWith } from './validate';

export const BODY_LIMIT_BYTES = 64 * 1024;

const tooLarge = () => new ApiError(413, 'body is larger than 64 KiB');

/**
 * Reads, parses and validates a JSON body: 413 over 64 KiB (declared or actually sent),
 * 415 without Content-Type: application/json, 400 for anything that is not a valid object.
 */
export async function readJsonBody<S extends z.ZodType>(
  c: AppContext,
  schema: S,
): Promise<z.output<S>> {
  if (Number(c.req.header('content-length') ?? 0) > BODY_LIMIT_BYTES) throw tooLarge();
  if (!isJsonMediaType(c.req.header('content-type'))) {
    throw new ApiError(415, 'body must be JSON: send it with Content-Type: application/json');
  }
  let value: unknown;
  try {
    value = JSON.parse(await readText(c.req.raw));
  } catch (error) {
    if (error instanceof ApiError) throw error;
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

/** Counts what actually arrives: a chunked body has no Content-Length to trust. */
async function readText(request: Request): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  // fatal: bytes that are not UTF-8 are not JSON, rather than silently replaced.
  return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
}
