// IP addresses as the limiter groups them: IPv4 as written, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64.
import { isIPv4, isIPv6 } from 'node:net';

export type ParsedAddress =
  | { readonly family: 4; readonly address: string }
  | { readonly family: 6; readonly address: string; readonly hextets: readonly number[] };

/**
 * Reads one address as a socket or a proxy gives it: IPv6 zone ids (`%eth0`), brackets and ports
 * (`[2001:db8::1]:443`, `203.0.113.7:51234`, as some proxies write X-Forwarded-For) are removed.
 * Returns null for anything that is not an address.
 */
export function parseAddress(raw: string): ParsedAddress | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/u.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/u.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/u, '');
  if (isIPv4(text)) return { family: 4, address: text };
  if (!isIPv6(text)) return null;
  const hextets = expandIPv6(text);
  // ::ffff:a.b.c.d is an IPv4 client reached through a dual-stack socket: the same client as a.b.c.d
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [hi, lo] = [hextets[6]!, hextets[7]!];
    return { family: 4, address: `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}` };
  }
  return { family: 6, address: hextets.map((h) => h.toString(16)).join(':'), hextets };
}

/** The group an address belongs to: the IPv4 address, or the first 64 bits of an IPv6 address (one subscriber's prefix). */
export function addressGroup(address: ParsedAddress): string {
  if (address.family === 4) return address.address;
  return `${address.hextets.slice(0, 4).map((h) => h.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a dotted IPv4 tail read as two groups. */
function expandIPv6(text: string): number[] {
  let body = text.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/u.exec(body);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    body = body.slice(0, -dotted[1]!.length);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const [headText, restText] = body.includes('::') ? body.split('::') as [string, string] : [body, null];
  const head = headText === '' ? [] : headText.split(':').map((h) => parseInt(h, 16));
  const rest = restText === null || restText === '' ? [] : restText.split(':').map((h) => parseInt(h, 16));
  const missing = 8 - head.length - rest.length - tail.length;
  return [...head, ...Array<number>(Math.max(0, missing)).fill(0), ...rest, ...tail];
}
