/** Writing answers the way Gin does: Go's JSON escaping, sorted gin.H keys, bare statuses. */
import type { ServerResponse } from 'node:http';

/** Go's json.Marshal escapes these; gin.H maps come out with their keys sorted. */
function goJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function writeJson(res: ServerResponse, status: number, body: unknown): void {
  const text = goJson(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * The `{success, message, data}` envelope. It is a gin.H (a Go map), so the keys are sorted;
 * `data` is only present when given, `extra` adds keys such as new-api's `code`.
 */
export function writeEnvelope(
  res: ServerResponse,
  status: number,
  success: boolean,
  message: string,
  data?: unknown,
  extra: Record<string, unknown> = {},
): void {
  const body: Record<string, unknown> = { ...extra, success, message };
  if (data !== undefined) body.data = data;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(body).sort()) sorted[key] = body[key];
  writeJson(res, status, sorted);
}

export function writeOk(res: ServerResponse, data?: unknown): void {
  writeEnvelope(res, 200, true, '', data);
}

/** Every business error of both gateways: HTTP 200 with success:false. */
export function writeFail(res: ServerResponse, message: string): void {
  writeEnvelope(res, 200, false, message);
}

/** Gin's `c.Status(429); c.Abort()`: no body at all. */
export function writeTooManyRequests(res: ServerResponse): void {
  res.writeHead(429, { 'Content-Length': '0' });
  res.end();
}

export function writeNotFound(
  res: ServerResponse,
  mode: 'relay' | 'gin',
  method: string,
  path: string,
): void {
  if (mode === 'gin') {
    const text = '404 page not found';
    res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
    return;
  }
  writeJson(res, 404, {
    error: {
      message: `Invalid URL (${method} ${path})`,
      type: 'invalid_request_error',
      param: '',
      code: '',
    },
  });
}
