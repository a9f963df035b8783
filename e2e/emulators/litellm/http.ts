/**
 * How a LiteLLM proxy (FastAPI) answers: JSON bodies, FastAPI's own 404 and 422, and LiteLLM's
 * ProxyException, whose message is Python's str() of whatever it was raised with, a dict too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  /** Path parameters, such as the key of /key/{key}/regenerate. */
  params: Record<string, string>;
  /** The raw body, read on first use. */
  body(): Promise<string>;
}

export type Route = (call: Call) => void | Promise<void>;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Starlette's answer to a path with no route. */
export const notFound = (res: ServerResponse) => sendJson(res, 404, { detail: 'Not Found' });

/** A Python str's repr: in '' unless it holds a ' and no ", with Python's escapes. */
function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replaceAll(quote, `\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

/** str() of a Python dict of texts, as LiteLLM turns an HTTPException's detail into a message. */
export const pythonDict = (entries: Record<string, string>) =>
  `{${Object.entries(entries)
    .map(([name, value]) => `${pythonString(name)}: ${pythonString(value)}`)
    .join(', ')}}`;

/** A float as Python prints it: -1.0, 2.5. */
export const pythonFloat = (value: number) =>
  Number.isInteger(value) ? `${value}.0` : String(value);

/**
 * LiteLLM's ProxyException as its exception handler answers it: OpenAI's error shape, `code` a
 * string, `param` the text "None" where none was given.
 */
export function proxyError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  param = 'None',
): void {
  sendJson(res, status, { error: { message, type, param, code: String(status) } });
}

/** An HTTPException raised with `{"error": text}` and turned into a ProxyException. */
export const dictError = (res: ServerResponse, status: number, text: string, type: string) =>
  proxyError(res, status, pythonDict({ error: text }), type);

/** A problem FastAPI (pydantic) finds in a request before the route runs. */
export interface Problem {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** FastAPI's answer to a request that does not validate. */
export const invalid = (res: ServerResponse, problems: Problem[]) =>
  sendJson(res, 422, { detail: problems });

/**
 * The JSON body as FastAPI reads it for a model: an object, or a 422 (answered here) for a body
 * that is not JSON or not an object. null when it has answered.
 */
export async function jsonBody(call: Call): Promise<Record<string, unknown> | null> {
  const text = await call.body();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    invalid(call.res, [
      { type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {} },
    ]);
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    invalid(call.res, [
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: body,
      },
    ]);
    return null;
  }
  return body as Record<string, unknown>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Serves `routes` ("METHOD /path", `{name}` for a path parameter); anything else is a 404. */
export function router(routes: Record<string, Route>) {
  const patterns = Object.entries(routes).map(([route, handle]) => {
    const [method, path] = route.split(' ') as [string, string];
    const names: string[] = [];
    const source = path.replace(/\{(\w+)\}/g, (_all, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { method, pattern: new RegExp(`^${source}$`), names, handle };
  });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://litellm.local');
    const method = req.method ?? 'GET';
    let text: Promise<string> | undefined;
    for (const { method: wanted, pattern, names, handle } of patterns) {
      const match = method === wanted ? pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
      );
      return handle({
        req,
        res,
        method,
        path: url.pathname,
        query: url.searchParams,
        params,
        body: () => (text ??= readBody(req)),
      });
    }
    notFound(res);
  };
}
