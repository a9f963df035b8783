/** What the service must answer: data on success; on failure a message, exact or naming fields. */
export type Outcome =
  | { status: 200; data: unknown }
  | { status: number; message: string }
  | { status: 400; mentions: string[] };

/** How a write's body is sent: as JSON, or in one of the ways the service must refuse. */
export type BodyFormat = 'json' | 'text' | 'broken' | 'array';

export const ok = (data: unknown): Outcome => ({ status: 200, data });
export const failure = (status: number, message: string): Outcome => ({ status, message });
export const invalid = (mentions: string[]): Outcome => ({ status: 400, mentions });
export const noSuchToken = (id: number) => failure(404, `no token has id ${id}`);
export const badPathId = () => failure(400, 'id must be a positive integer');

/** The refusal of a body that is not a JSON object, whatever it holds; null for one that is. */
export function bodyRefusal(format: BodyFormat, body: unknown): Outcome | null {
  if (format === 'text') {
    return failure(415, 'body must be JSON: send it with Content-Type: application/json');
  }
  if (format === 'broken') return failure(400, 'body is not valid JSON');
  if (format === 'array' || typeof body !== 'object' || body === null || Array.isArray(body)) {
    return failure(400, 'body must be a JSON object');
  }
  return null;
}

export const has = (body: object, name: string) => Object.hasOwn(body, name);
export const field = (body: object, name: string): unknown =>
  (body as Record<string, unknown>)[name];
