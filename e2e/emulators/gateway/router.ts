/** A tiny router that serves routes the way a Gin engine does, trailing-slash redirect included. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  ip: string;
  /** The raw body, read on first use. */
  body(): Promise<string>;
}

export type Handler = (ctx: RequestContext) => void | Promise<void>;

export interface Route {
  method: string;
  /** Segments; `:name` matches one non-empty segment. Static routes win over params. */
  pattern: string;
  /** Run in order; a handler that has answered stops the chain (like Gin's Abort). */
  handlers: Handler[];
}

/** Handlers run as one, each only while none before it has answered. */
export function chain(...handlers: Handler[]): Handler {
  return async (ctx) => {
    for (const handler of handlers) {
      await handler(ctx);
      if (ctx.res.headersSent || ctx.res.writableEnded) return;
    }
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Gin's default ClientIP: X-Forwarded-For (first), X-Real-IP, then the socket address. */
function clientAddress(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  if (first) return first;
  const real = req.headers['x-real-ip'];
  const realIp = (Array.isArray(real) ? real[0] : real)?.trim();
  if (realIp) return realIp;
  return req.socket.remoteAddress ?? 'unknown';
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    const actual = have[i] as string;
    if (segment.startsWith(':')) {
      if (actual === '') return null;
      params[segment.slice(1)] = decodeURIComponent(actual);
    } else if (segment !== actual) return null;
  }
  return params;
}

function paramCount(pattern: string): number {
  return pattern.split('/').filter((segment) => segment.startsWith(':')).length;
}

function findRoute(
  routes: Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | null {
  const candidates = routes
    .filter((route) => route.method === method)
    .sort((a, b) => paramCount(a.pattern) - paramCount(b.pattern));
  for (const route of candidates) {
    const params = matchPattern(route.pattern, path);
    if (params) return { route, params };
  }
  return null;
}

/** Gin's RedirectTrailingSlash: 301 for GET, 307 otherwise, to the path that has a route. */
function redirect(res: ServerResponse, method: string, location: string): void {
  const code = method === 'GET' ? 301 : 307;
  const text = method === 'GET' ? `<a href="${location}">Moved Permanently</a>.\n\n` : '';
  res.writeHead(code, {
    Location: location,
    ...(text ? { 'Content-Type': 'text/html; charset=utf-8' } : {}),
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Serves `routes` like a Gin engine: the matching route's handlers; else a redirect when the
 * path with or without its trailing slash has a route; else `notFound`.
 */
export function createRouter(routes: Route[], notFound: Handler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    const path = url.pathname;
    let bodyText: Promise<string> | undefined;
    const context = (params: Record<string, string>): RequestContext => ({
      req,
      res,
      method,
      path,
      query: url.searchParams,
      params,
      ip: clientAddress(req),
      body: () => (bodyText ??= readBody(req)),
    });
    const found = findRoute(routes, method, path);
    if (found) return chain(...found.route.handlers)(context(found.params));
    if (path.length > 1) {
      const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
      if (findRoute(routes, method, other)) return redirect(res, method, `${other}${url.search}`);
    }
    await notFound(context({}));
  };
}
