import { getConnInfo } from '@hono/node-server/conninfo';
import { AddressRanges, family, plain } from '../address-ranges';
import type { AppContext } from './types';

/**
 * The address of the client a request comes from. Only when the connection comes from a trusted
 * proxy is X-Forwarded-For read, from its right end (the entry the nearest proxy added) leftwards
 * past further trusted proxies: the first other address is the client. Entries left of it were
 * written by the client and may be anything, so they are never read.
 */
export function clientAddress(c: AppContext, trusted: AddressRanges | null): string {
  // In-process requests (app.request in tests) have no socket: they share one 'local' address.
  if (!c.env?.incoming) return 'local';
  let address = plain(getConnInfo(c).remote.address ?? 'local');
  if (!trusted) return address;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter(Boolean);
  while (trusted.has(address)) {
    const next = hops.pop();
    // A hop that is not an address is not a client: the last trusted one stands.
    if (next === undefined || family(next) === null) break;
    address = next;
  }
  return address;
}
