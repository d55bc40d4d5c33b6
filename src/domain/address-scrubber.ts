// A client's own address, in whatever form it was written, replaced in a text from outside, and the text cut to a
// bound: what the usage log and the server's log keep of a path, a header or a parameter.
import { addressesIn, hostNameForms, parseAddress, sameAddress, shortForms, writtenForms } from './ip-address.js';

/** The longest text from outside either log keeps. */
const MAX_TEXT = 300;
/** Ends a text cut at MAX_TEXT, so that a reader knows it was. */
const CUT = '…';
/**
 * How much of a text is read before it is scrubbed and cut: room beyond MAX_TEXT for an address written across the
 * cut in its longest form (an IPv4-mapped address in full with leading zeros, every character %-escaped: 135).
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

/** A text from outside as a log keeps it: scrubbed of the client's address and cut at MAX_TEXT. */
export function scrubbedCut(value: string, scrub: (value: string) => string): string {
  return cut(scrub(scrubWindow(value)));
}

/** A text cut at MAX_TEXT, with the mark that says it was. */
export function cut(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - CUT.length)}${CUT}`;
}

/**
 * The part of a text the scrubber reads (SCRUB_WINDOW), so that its cost is bounded whatever arrives. An address cut
 * in two at the window's end would not be recognised, so the address characters there are left out.
 */
export function scrubWindow(value: string): string {
  if (value.length <= SCRUB_WINDOW) return value;
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
function formsExpression(address: string): RegExp | null {
  const client = parseAddress(address);
  const anywhere = [address.trim(), ...(client === null ? [] : [...writtenForms(client), ...hostNameForms(client)])];
  const byLength = (forms: string[]) => [...new Set(forms.filter((f) => f !== ''))].sort((a, b) => b.length - a.length);
  const alternatives = byLength(anywhere).map(escaped);
  const whole = client === null ? [] : byLength(shortForms(client)).map(escaped);
  if (whole.length > 0) alternatives.push(`(?<![\\d.])(?:${whole.join('|')})(?![\\d]|\\.\\d)`);
  return alternatives.length === 0 ? null : new RegExp(alternatives.join('|'), 'giu');
}

/**
 * Replaces every written form of the client's own address in a text. What is searched is the text as a reader would
 * take it: %-escapes of ASCII decoded (twice escaped too) and full-width ASCII read as ASCII. In it are found: the
 * forms formsExpression names; and every address-like run that parses as the client's address (addressesIn: IPv6 in
 * full or compressed in any case, IPv4-mapped in hex or dotted, IPv4 with leading zeros). What they span is replaced
 * in the text as written.
 */
export function addressScrubber(address: string): (value: string) => string {
  const client = parseAddress(address);
  const forms = formsExpression(address);
  return (value) => {
    const { text, origin } = readableText(value);
    // every address is written with a `.`, a `:` or a `-`; most parameters and many headers have none
    if (client !== null && !/[.:-]/u.test(text)) return value;
    const spans: [number, number][] = forms === null ? [] : matchSpans(forms, text);
    if (client !== null) {
      for (const found of addressesIn(text))
        if (sameAddress(found.address, client)) spans.push([found.start, found.end]);
    }
    if (spans.length === 0) return value;
    // from offsets in the text read to offsets in the text as written
    const at = (offset: number) => (origin === null ? offset : (origin[offset] ?? value.length));
    return withPlaceholders(
      value,
      spans.map(([start, end]) => [at(start), at(end)]),
    );
  };
}

/**
 * Where a global expression that never matches empty text matches in a text (exec, not matchAll, which copies the
 * expression on every call).
 */
function matchSpans(expression: RegExp, text: string): [number, number][] {
  const spans: [number, number][] = [];
  expression.lastIndex = 0;
  for (let found = expression.exec(text); found !== null; found = expression.exec(text)) {
    spans.push([found.index, found.index + found[0].length]);
  }
  return spans;
}

/** A %-escape of an ASCII character. */
const ASCII_ESCAPE = /%([0-7][\da-f])/giu;
const ASCII_ESCAPE_ANYWHERE = /%[0-7][\da-f]/iu;
/** Full-width forms of ASCII (U+FF01 to U+FF5E), each one UTF-16 unit as its ASCII character is. */
const FULL_WIDTH = /[\uff01-\uff5e]/gu;
/** Escapes decoded in turn: `%252E` is `%2E` once decoded, and `.` twice. */
const DECODING_ROUNDS = 3;

/**
 * The text as a reader would take it, and for each of its offsets (and its end) the offset in the text as written:
 * null when they are the same, as they are for most texts (no escape). Only ASCII escapes are decoded: an address
 * is written in ASCII.
 */
function readableText(value: string): { readonly text: string; readonly origin: readonly number[] | null } {
  // one UTF-16 unit for one: the offsets stay
  let text = /[\uff01-\uff5e]/u.test(value)
    ? value.replace(FULL_WIDTH, (character) => String.fromCharCode(character.charCodeAt(0) - 0xfee0))
    : value;
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

/** The text with each span, overlapping ones merged, replaced by ADDRESS_PLACEHOLDER. */
function withPlaceholders(value: string, spans: readonly (readonly [number, number])[]): string {
  let result = '';
  let next = 0;
  for (const [start, end] of [...spans].sort(([a], [b]) => a - b)) {
    if (end <= next) continue;
    if (start >= next) result += `${value.slice(next, start)}${ADDRESS_PLACEHOLDER}`;
    next = end;
  }
  return `${result}${value.slice(next)}`;
}
