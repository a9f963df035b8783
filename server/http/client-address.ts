import { getConnInfo } from '@hono/node-server/conninfo';
import { BlockList, isIP } from 'node:net';
import type { AppContext } from './types';

/** `::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 peer, is 192.0.2.1. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

/** The proxies whose X-Forwarded-For is believed: addresses and CIDR ranges, IPv4 or IPv6. */
export class TrustedProxies {
  private readonly list = new BlockList();

  /** Entries as TRUST_PROXY lists them; null for the first that is not an address or range. */
  static parse(entries: readonly string[]): TrustedProxies | string {
    const trusted = new TrustedProxies();
    for (const entry of entries) {
      const [address = '', bits, ...rest] = entry.split('/');
      const kind = family(plain(address));
      const prefix = bits === undefined ? null : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
      const widest = kind === 'ipv4' ? 32 : 128;
      if (!kind || rest.length > 0 || (prefix !== null && !(prefix <= widest))) return entry;
      if (prefix === null) trusted.list.addAddress(plain(address), kind);
      else trusted.list.addSubnet(plain(address), prefix, kind);
    }
    return trusted;
  }

  has(address: string): boolean {
    const kind = family(address);
    return kind !== null && this.list.check(address, kind);
  }
}

/**
 * The address of the client a request comes from. Only when the connection comes from a trusted
 * proxy is X-Forwarded-For read, from its right end (the entry the nearest proxy added) leftwards
 * past further trusted proxies: the first other address is the client. Entries left of it were
 * written by the client and may be anything, so they are never read.
 */
export function clientAddress(c: AppContext, trusted: TrustedProxies | null): string {
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
