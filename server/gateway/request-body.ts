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

/** Node's request: its body is read by its events rather than an async iterator. */
type NodeBody = AsyncIterable<Uint8Array> & NodeJS.ReadableStream & { destroy(): void };

const isNodeBody = (body: AsyncIterable<Uint8Array>): body is NodeBody =>
  typeof (body as Partial<NodeBody>).on === 'function';

/**
 * The bytes of Node's request, by its events: with an async iterator over it, a node:http server
 * reading the bench's chat body took 2.6 µs more CPU a request (32.6 against 30.0 µs, 16
 * connections, 3 rounds alternated). Ended, like the iterator, by the stream's error or by its
 * closing before its end; past `limit`, the stream is destroyed, as leaving the iterator does.
 */
function readNodeBody(body: NodeBody, limit: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: unknown) => {
      body.removeListener('data', add);
      body.removeListener('end', end);
      body.removeListener('close', closed);
      reject(error);
    };
    const add = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        stop(tooLarge());
        body.destroy();
      } else chunks.push(chunk);
    };
    const end = () => {
      body.removeListener('close', closed);
      resolve(Buffer.concat(chunks));
    };
    const closed = () => stop(new Error('the request closed before its body ended'));
    body.on('data', add);
    body.once('end', end);
    body.once('error', stop);
    body.once('close', closed);
  });
}

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
  let bytes: Buffer;
  if (body === null) bytes = Buffer.alloc(0);
  else if (isNodeBody(body)) bytes = await readNodeBody(body, limit, tooLarge);
  else {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > limit) throw tooLarge();
      chunks.push(chunk);
    }
    bytes = Buffer.concat(chunks);
  }
  let text: string;
  let value: unknown;
  try {
    text = utf8.decode(bytes);
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
