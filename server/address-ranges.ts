import { BlockList, isIP } from 'node:net';

/** `::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 peer, is 192.0.2.1. */
export function plain(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

export function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

/**
 * Addresses and CIDR ranges, IPv4 or IPv6: the proxies TRUST_PROXY names, the subnets a token
 * may be used from.
 */
export class AddressRanges {
  private readonly list = new BlockList();

  /** The ranges of `entries`; or the first entry that is not an address or range. */
  static parse(entries: readonly string[]): AddressRanges | string {
    const trusted = new AddressRanges();
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
