import { openAiFailure, type OpenAiFailure } from './openai-error';

/** A refusal the gateway answers in OpenAI's shape; thrown from anywhere in a request. */
export class GatewayRefusal extends Error {
  constructor(readonly failure: OpenAiFailure) {
    super(failure.body.error.message);
  }
}

export const invalidRequest = (message: string, param: string | null = null) =>
  new GatewayRefusal(openAiFailure(400, 'invalid_request_error', message, { param }));

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a request's JSON body, up to `limit` bytes whatever its Content-Length says: 413 beyond,
 * 400 for anything that is not a JSON object. OpenAI's clients always send JSON, so the media
 * type is not insisted on.
 */
export async function readRequestBody(
  body: AsyncIterable<Uint8Array> | null,
  declaredLength: string | undefined,
  limit: number,
): Promise<{ value: Record<string, unknown>; text: string }> {
  const tooLarge = () =>
    new GatewayRefusal(
      openAiFailure(
        413,
        'invalid_request_error',
        `The request body is larger than ${limit} bytes.`,
      ),
    );
  if (declaredLength !== undefined && Number(declaredLength) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (body) {
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > limit) throw tooLarge();
      chunks.push(chunk);
    }
  }
  let text: string;
  let value: unknown;
  try {
    text = utf8.decode(Buffer.concat(chunks));
    value = JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidRequest('The request body must be a JSON object.');
  }
  return { value: value as Record<string, unknown>, text };
}

/** A whole number from a body field, or null when absent; anything else is the client's error. */
export function countField(body: Record<string, unknown>, field: string): number | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalidRequest(`${field} must be a whole number, 1 or more.`, field);
  }
  return value;
}
