import type { App, AppContext } from './types';
import { fail } from './envelope';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type RouteHandler = (c: AppContext) => Response | Promise<Response>;

/**
 * Registers one path's handlers, then a catch-all for the path answering 405 with Allow:
 * a known path with the wrong method is not "no such route". Register literal paths
 * (/api/token/search) before parameterised ones (/api/token/:id) so each gets its own 405.
 */
export function resource(
  app: App,
  path: string,
  handlers: Partial<Record<Method, RouteHandler>>,
): void {
  const methods = Object.keys(handlers) as Method[];
  for (const method of methods) {
    const handler = handlers[method];
    if (handler) app.on(method, path, handler);
  }
  // Hono answers HEAD with the GET handler, so a GET path allows HEAD too.
  const allow = (methods.includes('GET') ? [...methods, 'HEAD'] : methods).join(', ');
  app.all(path, (c) =>
    fail(c, 405, `${c.req.method} is not allowed on ${c.req.path}: use ${allow}`, {
      Allow: allow,
    }),
  );
}
