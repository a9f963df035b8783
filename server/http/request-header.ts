import type { AppContext } from './types';

/**
 * A request header (name in lower case) as the Fetch API gives it, every field of that name
 * joined by ", ", read from Node's parsed request when there is one: c.req.header() would first
 * copy all the request's headers into a Fetch Headers object, a large part of a small request.
 */
export function requestHeader(c: AppContext, name: string): string | undefined {
  const raw = c.env?.incoming?.rawHeaders;
  if (!raw) return c.req.header(name);
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const field = raw[i] as string;
    if (field.length !== name.length || field.toLowerCase() !== name) continue;
    const line = raw[i + 1] as string;
    value = value === undefined ? line : `${value}, ${line}`;
  }
  return value;
}
