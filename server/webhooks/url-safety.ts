import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as lookupCallback } from 'node:dns';

/**
 * Where a webhook may not be sent unless WEBHOOK_ALLOW_PRIVATE is set: loopback, link-local,
 * private, shared, reserved and multicast addresses, so an endpoint cannot make the service
 * call into its own network (a metadata service, an admin port).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isPrivateAddress(address: string): boolean {
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_REFUSAL =
  'is a loopback, link-local or private address: set WEBHOOK_ALLOW_PRIVATE=1 to send webhooks inside your own network';

/** The host of an address as the resolver and the IP checks take it: without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why `url` may not receive webhooks, in words that say what to do; null when it may. Its host
 * is resolved now; the sender checks the addresses again at each connection, as names move.
 */
export async function urlRefusal(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = hostOf(new URL(url));
  if (isIP(host) !== 0)
    return isPrivateAddress(host) ? `url's host ${host} ${PRIVATE_REFUSAL}` : null;
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    // Not found now is no proof of where it will point: the sender checks when it connects.
    return null;
  }
  const refused = addresses.find(isPrivateAddress);
  return refused === undefined
    ? null
    : `url's host ${host} resolves to ${refused}, which ${PRIVATE_REFUSAL}`;
}

/** An address the sender may connect to, for a host given as an address rather than a name. */
export function literalRefusal(url: URL, allowPrivate: boolean): string | null {
  const host = hostOf(url);
  if (allowPrivate || isIP(host) === 0 || !isPrivateAddress(host)) return null;
  return `${host} ${PRIVATE_REFUSAL}`;
}

/**
 * The resolver the sender connects through: a name that resolves to a refused address fails the
 * connection, so a name cannot be pointed at the internal network after the endpoint was saved.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const allowed = allowPrivate
        ? list
        : list.filter((entry) => !isPrivateAddress(entry.address));
      if (allowed.length === 0) {
        const refused = Object.assign(new Error(`${hostname} ${PRIVATE_REFUSAL}`), {
          code: 'EPRIVATE',
        });
        return callback(refused, '', 0);
      }
      if (options.all)
        return (callback as unknown as (e: null, a: typeof allowed) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
