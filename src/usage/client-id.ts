// The usage log's client identifier: a keyed HMAC of the client's network (an IPv4 address, or an IPv6 /64), never the address.
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** Hex characters kept of the HMAC-SHA256: 16 bytes, far beyond collisions among a service's clients. */
const ID_HEX_LENGTH = 32;

/**
 * The network a client address groups by, in one canonical text: an IPv4 address as it is (also when
 * written IPv4-mapped, ::ffff:a.b.c.d, as a dual-stack socket reports it), an IPv6 address as its /64,
 * since one subscriber is usually handed a whole /64 (RFC 6177). Anything else is kept as given.
 */
export function clientNetwork(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/u, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const groups = expandIPv6(bare);
  const mapped = groups.slice(0, 6).join(':') === '0:0:0:0:0:ffff';
  if (mapped) {
    const high = Number.parseInt(groups[6]!, 16);
    const low = Number.parseInt(groups[7]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The identifier written in the usage log for a client address: HMAC-SHA256(secret, network), hex, truncated. */
export function clientId(secret: string | Buffer, address: string): string {
  return createHmac('sha256', secret).update(clientNetwork(address)).digest('hex').slice(0, ID_HEX_LENGTH);
}

/** The eight groups of a valid IPv6 address, each without leading zeros; a trailing dotted quad becomes two groups. */
export function expandIPv6(address: string): string[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/u.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
