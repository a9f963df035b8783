import { vi } from 'vitest';

/** What the server says to one call: an HTTP status and a JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
  signal?: AbortSignal;
}

/** A JSON answer, or a Response of its own (a stream). */
type Route = (call: Call) => Answer | Response | Promise<Answer | Response>;

export const ok = (data: unknown): Answer => ({
  status: 200,
  body: { success: true, message: '', data },
});

export const refused = (status: number, message: string): Answer => ({
  status,
  body: { success: false, message, data: null },
});

/** This service's /api/status, which names no system (that is how it is told from a gateway). */
export const SERVICE_STATUS = ok({
  version: '1.0.0',
  quota_per_unit: 500_000,
  display_in_currency: true,
});

/**
 * Stands in for the server at the network boundary: each "METHOD /path" route answers its
 * calls, anything else is a 404. Undo with vi.unstubAllGlobals().
 */
export function fakeServer(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url: new URL(input),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        signal: init.signal ?? undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.url.pathname}`];
      const answer = route ? await route(call) : refused(404, 'Not found');
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    /** The calls that change something, as "METHOD /path". */
    writes: () =>
      calls.filter((call) => call.method !== 'GET').map((c) => `${c.method} ${c.url.pathname}`),
  };
}

/** A network that is down: every call fails the way fetch does when nothing answers. */
export function unreachableServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}
