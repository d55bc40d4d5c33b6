// IP addresses as clients are told apart: what sockets and proxies write read as one address, the networks a client is
// grouped by, and the usual written forms. node:net says what is an address; ipaddr.js reads and writes IPv6.
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

export type ParsedAddress =
  | { readonly family: 4; readonly address: string }
  | { readonly family: 6; readonly address: string; readonly hextets: readonly number[] };

/**
 * Reads one address as a socket or a proxy gives it: IPv6 zone ids (`%eth0`), brackets and ports
 * (`[2001:db8::1]:443`, `203.0.113.7:51234`, as some proxies write X-Forwarded-For) are removed.
 * IPv4-mapped IPv6 (::ffff:a.b.c.d, as a dual-stack socket reports an IPv4 client) is read as the IPv4
 * address; other IPv6 as its eight groups, written in full without leading zeros.
 * Returns null for anything that is not an address.
 */
export function parseAddress(raw: string): ParsedAddress | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/u.exec(text)?.[1];
  if (bracketed !== undefined) text = bracketed;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/u.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/u, '');
  if (isIPv4(text)) return { family: 4, address: text };
  if (!isIPv6(text)) return null;
  const ipv6 = ipaddr.IPv6.parse(text);
  if (ipv6.isIPv4MappedAddress()) return { family: 4, address: ipv6.toIPv4Address().toString() };
  return { family: 6, address: ipv6.toNormalizedString(), hextets: ipv6.parts };
}

/**
 * The network a client is grouped by: the IPv4 address, or the first 64 bits of an IPv6 address, since one
 * subscriber is usually handed a whole /64 (RFC 6177) and can change the rest at will.
 */
export function addressGroup(address: ParsedAddress): string {
  if (address.family === 4) return address.address;
  return `${groupsOf(address.hextets, 4)}::/64`;
}

/**
 * The network an address is in, for the ceiling on connections per network: an IPv4 /24, an IPv6 /48 (a site's usual
 * allocation, RFC 6177), so that the many addresses of one network share one ceiling as one address's clients do.
 */
export function networkGroup(address: ParsedAddress): string {
  if (address.family === 4) return `${address.address.slice(0, address.address.lastIndexOf('.'))}.0/24`;
  return `${groupsOf(address.hextets, 3)}::/48`;
}

/** The first `count` groups of an IPv6 address, without leading zeros. */
function groupsOf(hextets: readonly number[], count: number): string {
  return hextets
    .slice(0, count)
    .map((h) => h.toString(16))
    .join(':');
}

/** The ways the address is usually written: IPv4 dotted; IPv6 in full and compressed (RFC 5952). */
export function writtenForms(address: ParsedAddress): string[] {
  if (address.family === 4) return [address.address];
  return [...new Set([address.address, compressedIPv6(address.hextets)])];
}

/** RFC 5952 text: the longest run of two or more zero groups (the first, on a tie) becomes `::`. */
export function compressedIPv6(hextets: readonly number[]): string {
  return new ipaddr.IPv6([...hextets]).toRFC5952String();
}

/**
 * The range an address lies in when it is not a public unicast one, by ipaddr.js's name (`loopback`, `private`,
 * `linkLocal`, `carrierGradeNat`, `uniqueLocal`, `reserved`, `multicast`, `unspecified`, …); null for a public
 * address. An IPv4-mapped IPv6 address is read as its IPv4 address; text that is no address is `invalid`.
 */
export function nonPublicRange(address: string): string | null {
  const text = address.replace(/%.*$/u, '');
  if (!isIPv4(text) && !isIPv6(text)) return 'invalid';
  const range = ipaddr.process(text).range();
  return range === 'unicast' ? null : range;
}

/** A host as a URL's hostname writes it, an IPv6 address without its brackets: how a connection is asked for. */
export function bareHostname(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
