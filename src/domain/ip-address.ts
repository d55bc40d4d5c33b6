// IP addresses as clients are told apart: parsing what sockets and proxies write, the network a client is grouped by, written forms.
import { isIPv4, isIPv6 } from 'node:net';

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
  const hextets = expandIPv6(text);
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    // a valid address always has eight groups, so the defaults are never taken
    const [hi = 0, lo = 0] = hextets.slice(6);
    return { family: 4, address: `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}` };
  }
  return { family: 6, address: hextets.map((h) => h.toString(16)).join(':'), hextets };
}

/**
 * The network a client is grouped by: the IPv4 address, or the first 64 bits of an IPv6 address, since one
 * subscriber is usually handed a whole /64 (RFC 6177) and can change the rest at will.
 */
export function addressGroup(address: ParsedAddress): string {
  if (address.family === 4) return address.address;
  return `${address.hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The ways the address is usually written: IPv4 dotted; IPv6 in full and compressed (RFC 5952). */
export function writtenForms(address: ParsedAddress): string[] {
  if (address.family === 4) return [address.address];
  return [...new Set([address.address, compressIPv6(address.hextets)])];
}

/**
 * The names hosts and resolvers give an address: IPv4 with dashes (`ip-127-0-0-5.ec2.internal`, `127-0-0-5.nip.io`)
 * and reversed under `in-addr.arpa`; IPv6 with dashes for colons, compressed, in full and with leading zeros
 * (`2001-db8--42.ipv6-literal.net`), and its 32 nibbles reversed under `ip6.arpa`.
 */
export function hostNameForms(address: ParsedAddress): string[] {
  if (address.family === 4) {
    const octets = address.address.split('.');
    return [octets.join('-'), `${[...octets].reverse().join('.')}.in-addr.arpa`];
  }
  const padded = address.hextets.map((h) => h.toString(16).padStart(4, '0'));
  return [
    ...new Set([
      compressIPv6(address.hextets).replaceAll(':', '-'),
      address.address.replaceAll(':', '-'),
      padded.join('-'),
      `${[...padded.join('')].reverse().join('.')}.ip6.arpa`,
    ]),
  ];
}

/**
 * IPv4's short forms, as inet_aton reads them: the last number standing for the last two parts (`127.0.5` for
 * 127.0.0.5) or the last three (`127.5`).
 */
export function shortForms(address: ParsedAddress): string[] {
  if (address.family === 6) return [];
  const [a = 0, b = 0, c = 0, d = 0] = address.address.split('.').map(Number);
  return [`${a}.${b}.${c * 256 + d}`, `${a}.${b * 65_536 + c * 256 + d}`];
}

/** RFC 5952 text: the longest run of two or more zero groups (the first, on a tie) becomes `::`. */
function compressIPv6(hextets: readonly number[]): string {
  let best = { start: -1, length: 1 };
  for (let i = 0; i < hextets.length; i++) {
    let end = i;
    while (end < hextets.length && hextets[end] === 0) end++;
    if (end - i > best.length) best = { start: i, length: end - i };
    i = Math.max(i, end);
  }
  const hex = hextets.map((h) => h.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a dotted IPv4 tail read as two groups. */
function expandIPv6(text: string): number[] {
  let body = text.toLowerCase();
  const tail: number[] = [];
  const dotted = /\d{1,3}(?:\.\d{1,3}){3}$/u.exec(body)?.[0];
  if (dotted !== undefined) {
    // the pattern matched four numbers, so the defaults are never taken
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    body = body.slice(0, -dotted.length);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const gap = body.indexOf('::');
  const headText = gap < 0 ? body : body.slice(0, gap);
  const restText = gap < 0 ? null : body.slice(gap + 2);
  const head = headText === '' ? [] : headText.split(':').map((h) => parseInt(h, 16));
  const rest = restText === null || restText === '' ? [] : restText.split(':').map((h) => parseInt(h, 16));
  const missing = 8 - head.length - rest.length - tail.length;
  return [...head, ...Array<number>(Math.max(0, missing)).fill(0), ...rest, ...tail];
}

/** Whether two parsed addresses are one address (an IPv4-mapped IPv6 address parses as its IPv4). */
export function sameAddress(a: ParsedAddress, b: ParsedAddress): boolean {
  return a.family === b.family && a.address === b.address;
}

/** Runs of the characters an address is written with: most text has few, and they are short. */
const ADDRESS_CHARACTERS = /[\da-f:.]{3,}/giu;
/**
 * Within such a run, what is shaped like an address: IPv6 groups (up to eight, `::` included, a dotted IPv4 tail
 * allowed), or dotted IPv4 with up to three digits a part. Quantifiers are bounded, so a scan is linear in the run.
 */
const ADDRESS_LIKE = /[\da-f]{0,4}(?::[\da-f]{0,4}){2,8}(?:(?:\.\d{1,3}){3})?|\d{1,3}(?:\.\d{1,3}){3}/giu;
/** A dotted IPv4 address, alone or as an IPv6 address's tail, whose parts may have leading zeros. */
const DOTTED_TAIL = /\d{1,3}(?:\.\d{1,3}){3}$/u;

/**
 * Where a text writes an address, as [start, end) offsets with what each reads as: every run ADDRESS_LIKE finds that
 * parses, however written (IPv6 in full or compressed, any case, leading zeros; IPv4-mapped IPv6 in hex or dotted;
 * IPv4 with leading zeros read as decimal). A run with a stray `:` at its end (a port's) is read without it.
 */
export function addressesIn(
  text: string,
): { readonly start: number; readonly end: number; readonly address: ParsedAddress }[] {
  const found = [];
  // the shape is searched for only in runs of address characters with a separator: scanning every position of a
  // User-Agent for it cost several times as much (its hex letters each start a try); exec, not matchAll, which copies
  // the expression on every call
  ADDRESS_CHARACTERS.lastIndex = 0;
  for (let run = ADDRESS_CHARACTERS.exec(text); run !== null; run = ADDRESS_CHARACTERS.exec(text)) {
    const characters = run[0];
    if (!characters.includes(':') && !characters.includes('.')) continue;
    ADDRESS_LIKE.lastIndex = 0;
    for (let match = ADDRESS_LIKE.exec(characters); match !== null; match = ADDRESS_LIKE.exec(characters)) {
      const written = match[0].endsWith(':') && !match[0].endsWith('::') ? match[0].slice(0, -1) : match[0];
      const address = readWrittenAddress(written);
      if (address !== null)
        found.push({ start: run.index + match.index, end: run.index + match.index + written.length, address });
    }
  }
  return found;
}

/** parseAddress, after reading a dotted IPv4 part's leading zeros as decimal (127.000.000.090 is 127.0.0.90). */
function readWrittenAddress(run: string): ParsedAddress | null {
  const dotted = DOTTED_TAIL.exec(run)?.[0];
  if (dotted === undefined) return run.includes(':') ? parseAddress(run) : null;
  const parts = dotted.split('.').map(Number);
  if (parts.some((part) => part > 255)) return null;
  return parseAddress(`${run.slice(0, -dotted.length)}${parts.join('.')}`);
}
