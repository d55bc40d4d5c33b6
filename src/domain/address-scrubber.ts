// A client's own address, in whatever form it was written, replaced in a text from outside, and the text cut to a
// bound: what the usage log and the server's log keep of a path, a header or a parameter.
import { compressedIPv6, parseAddress, writtenForms, type ParsedAddress } from '../lib/ip-address.js';

/**
 * The names hosts and resolvers give an address: IPv4 with dashes (`ip-127-0-0-5.ec2.internal`, `127-0-0-5.nip.io`)
 * and reversed under `in-addr.arpa`; IPv6 with dashes for colons, compressed, in full and with leading zeros
 * (`2001-db8--42.ipv6-literal.net`), and its 32 nibbles reversed under `ip6.arpa`.
 */
function hostNameForms(address: ParsedAddress): string[] {
  if (address.family === 4) {
    const octets = address.address.split('.');
    return [octets.join('-'), `${[...octets].reverse().join('.')}.in-addr.arpa`];
  }
  const padded = address.hextets.map((h) => h.toString(16).padStart(4, '0'));
  return [
    ...new Set([
      compressedIPv6(address.hextets).replaceAll(':', '-'),
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
function shortForms(address: ParsedAddress): string[] {
  if (address.family === 6) return [];
  const [a = 0, b = 0, c = 0, d = 0] = address.address.split('.').map(Number);
  return [`${a}.${b}.${c * 256 + d}`, `${a}.${b * 65_536 + c * 256 + d}`];
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

/** The longest text from outside either log keeps. */
const MAX_TEXT = 300;
/** Ends a text cut at MAX_TEXT, so that a reader knows it was. */
const CUT = '…';
/**
 * How much of a text a scrubber reads, so that its cost is bounded whatever arrives: room beyond MAX_TEXT for an
 * address written across the cut in its longest form (an IPv4-mapped address in full with leading zeros, every
 * character %-escaped: 135).
 */
const SCRUB_WINDOW = MAX_TEXT + 200;
/**
 * What an address may be written with at the window's end, %-escaped or full-width ones included, and the letters of
 * a name it is part of (`ip-127-0-0-5.ec2.internal`, `….in-addr.arpa`): left out whole when it holds a digit, so that
 * no part of an address stays.
 */
const ADDRESS_TAIL = /[\da-z:.%\-\uff05\uff0d\uff0e\uff10-\uff1a\uff21-\uff3a\uff41-\uff5a]+$/iu;
const DIGIT = /[\d\uff10-\uff19]/u;
/** What stands in wherever a client wrote its own address into a header, path or parameter. */
export const ADDRESS_PLACEHOLDER = '[client-ip]';

/** A text cut at MAX_TEXT, with the mark that says it was. */
export function cut(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - CUT.length)}${CUT}`;
}

/**
 * A client's scrubber: what it reads of a text (SCRUB_WINDOW characters at most) with every written form of the
 * client's address replaced by ADDRESS_PLACEHOLDER; a log cuts what it keeps of that (cut). What is searched is the
 * text as a reader would take it (readableText). In it are found, each in one pass: the forms formsExpression names;
 * and every address-like run that parses as the client's address (addressesIn: IPv6 in full or compressed in any
 * case, IPv4-mapped in hex or dotted, IPv4 with leading zeros). What they span is replaced in the text as written. A
 * text without the address comes back as read: the text itself, or the start of it, which tells a caller so.
 */
export function addressScrubber(address: string): (value: string) => string {
  const client = parseAddress(address);
  const forms = formsExpression(address, client);
  return function scrub(value) {
    const read = value.length <= SCRUB_WINDOW ? value : scrubWindow(value);
    let text = read;
    // from offsets in the text searched to offsets in the text as written: null while they are the same
    let origin: readonly number[] | null = null;
    if (/[%\uff01-\uff5e]/u.test(read)) ({ text, origin } = readableText(read));
    // every address is written with a `.`, a `:` or a `-`; most parameters and many headers have none
    if (client !== null && !/[.:-]/u.test(text)) return read;
    const spans: [number, number][] = [];
    if (forms !== null) {
      // exec, not matchAll, which copies the expression on every call
      forms.lastIndex = 0;
      for (let found = forms.exec(text); found !== null; found = forms.exec(text))
        spans.push([found.index, found.index + found[0].length]);
    }
    // an address-like run holds a `.` or a `:`
    if (client !== null && /[.:]/u.test(text)) {
      for (const found of addressesIn(text))
        if (found.address.address === client.address) spans.push([found.start, found.end]);
    }
    if (spans.length === 0) return read;
    // each span replaced in the text as written, overlapping ones as one
    let kept = '';
    let next = 0;
    for (const [start, end] of spans.sort(([a], [b]) => a - b)) {
      const from = origin === null ? start : (origin[start] ?? read.length);
      const to = origin === null ? end : (origin[end] ?? read.length);
      if (to <= next) continue;
      if (from >= next) kept += `${read.slice(next, from)}${ADDRESS_PLACEHOLDER}`;
      next = to;
    }
    return `${kept}${read.slice(next)}`;
  };
}

/** The part of a long text a scrubber reads: an address cut in two at its end would not be found, so it is left out. */
function scrubWindow(value: string): string {
  const window = value.slice(0, SCRUB_WINDOW);
  const tail = ADDRESS_TAIL.exec(window)?.[0];
  return tail !== undefined && DIGIT.test(tail) ? window.slice(0, -tail.length) : window;
}

const escaped = (form: string) => form.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * The forms of an address one expression finds, in one pass: the address as given, its usual forms (writtenForms)
 * and the names hosts and resolvers give it (hostNameForms), even inside a longer run of digits; and IPv4's short
 * forms (shortForms) only as whole numbers, since `127.5` is as often a price as an address. Longer forms first, so
 * that a form inside another does not stop the match short.
 */
function formsExpression(address: string, client: ParsedAddress | null): RegExp | null {
  const anywhere = [address.trim(), ...(client === null ? [] : [...writtenForms(client), ...hostNameForms(client)])];
  const byLength = (forms: string[]) => [...new Set(forms.filter((f) => f !== ''))].sort((a, b) => b.length - a.length);
  const alternatives = byLength(anywhere).map(escaped);
  const whole = client === null ? [] : byLength(shortForms(client)).map(escaped);
  if (whole.length > 0) alternatives.push(`(?<![\\d.])(?:${whole.join('|')})(?![\\d]|\\.\\d)`);
  return alternatives.length === 0 ? null : new RegExp(alternatives.join('|'), 'giu');
}

/** A %-escape of an ASCII character. */
const ASCII_ESCAPE = /%([0-7][\da-f])/giu;
const ASCII_ESCAPE_ANYWHERE = /%[0-7][\da-f]/iu;
/** Full-width forms of ASCII (U+FF01 to U+FF5E), each one UTF-16 unit as its ASCII character is. */
const FULL_WIDTH = /[\uff01-\uff5e]/gu;
/** Escapes decoded in turn: `%252E` is `%2E` once decoded, and `.` twice. */
const DECODING_ROUNDS = 3;

/**
 * A text with a `%` or a full-width character as a reader would take it: %-escapes of ASCII decoded (only those: an
 * address is written in ASCII), full-width ASCII read as ASCII; and for each of its offsets (and its end) the offset
 * in the text as written, or null when they are the same (no escape).
 */
function readableText(value: string): { readonly text: string; readonly origin: readonly number[] | null } {
  // one UTF-16 unit for one: the offsets stay
  let text = value.replace(FULL_WIDTH, (character) => String.fromCharCode(character.charCodeAt(0) - 0xfee0));
  if (!ASCII_ESCAPE_ANYWHERE.test(text)) return { text, origin: null };
  let origin = Array.from({ length: text.length + 1 }, (_, offset) => offset);
  for (let round = 0; round < DECODING_ROUNDS && text.includes('%'); round++) {
    let decoded = '';
    const decodedOrigin: number[] = [];
    let next = 0;
    for (const escape of text.matchAll(ASCII_ESCAPE)) {
      decoded += `${text.slice(next, escape.index)}${String.fromCharCode(Number.parseInt(escape[1] ?? '', 16))}`;
      decodedOrigin.push(...origin.slice(next, escape.index + 1));
      next = escape.index + escape[0].length;
    }
    if (next === 0) break;
    decoded += text.slice(next);
    decodedOrigin.push(...origin.slice(next));
    text = decoded;
    origin = decodedOrigin;
  }
  return { text, origin };
}
