// One usage-log entry built from a finished request: pure, and the client address goes in only to come out as an HMAC.
import { normaliseCompanyName } from '../domain/names.js';
import { normaliseCorporateNumberInput } from '../domain/corporate-number.js';
import { addressesIn, parseAddress, sameAddress, writtenForms } from '../domain/ip-address.js';
import { BASE_PATH } from '../api/links.js';
import { clientId } from './client-id.js';
import { isoInstant } from '../domain/dates.js';
import { BoundedMemo } from '../domain/bounded-memo.js';
import { parameterPairs } from '../http/url-parts.js';
import type { UsageEntry } from '../store/usage/usage-store.js';

/** What the HTTP layer knows once a request of a route that declares `usage` has been answered. */
export interface FinishedRequest {
  /**
   * Whether the answer counted against the limits: false for a 304, a refusal, or an answer of an uncounted route,
   * which the log tallies by the hour instead of keeping an entry of (usage-log.ts). Absent: counted.
   */
  readonly counted?: boolean;
  readonly at: Date;
  readonly method: string;
  /** The path as requested, without the query string. */
  readonly path: string;
  /** The route's path when one matched (e.g. /api/v1/companies); null for 404 and 405. */
  readonly route: string | null;
  /** The raw query string, without the leading `?`: the memo's key, and the conditions when `parameters` is absent. */
  readonly query: string;
  /** The query as Fastify parsed it for the route (what its schema checked and the limiter read). */
  readonly parameters?: Readonly<Record<string, unknown>>;
  readonly status: number;
  readonly errorCode: string | null;
  /** meta.returned of a list answer. */
  readonly returned: number | null;
  readonly latencyMs: number;
  /** The client's IP address: read here to derive the identifier, and never stored. */
  readonly address: string;
  readonly userAgent: string | undefined;
  readonly referer: string | undefined;
  /** X-Kohyo-Client, or its alias X-Service-Client. */
  readonly clientName: string | undefined;
  /** X-Kohyo-Contact, or its alias X-Service-Contact. */
  readonly clientContact: string | undefined;
}

// Bounds on what one entry may hold, so that a hostile request cannot bloat the log.
const MAX_TEXT = 300;
const MAX_PARAMETERS = 20;
/** The conditions' JSON in total: one parameter repeated a thousand times would otherwise be kept a thousand times. */
const MAX_CONDITIONS = 1000;
/** Ends a text cut at MAX_TEXT, so that a reader knows it was. */
const CUT = '…';
/**
 * The key added to conditions cut short, with how many values were left out: a number, where a parameter a client
 * names so (and that it overrides) holds text.
 */
export const CONDITIONS_CUT = '[cut]';
/** Room kept in MAX_CONDITIONS for `,"[cut]":<count>`. */
const CUT_ROOM = `,"${CONDITIONS_CUT}":`.length + String(Number.MAX_SAFE_INTEGER).length;
/**
 * How much of a text is read before it is scrubbed and cut: room beyond MAX_TEXT for an address written across the
 * cut in its longest form (an IPv4-mapped address in full with leading zeros, every character %-escaped: 135).
 */
const SCRUB_WINDOW = MAX_TEXT + 200;
/** Characters an address may be written with, %-escaped or full-width ones included. */
const ADDRESS_TAIL = /[\da-f:.%\uff05\uff0e\uff10-\uff1a\uff21-\uff26\uff41-\uff46]+$/iu;
/** What stands in wherever a client wrote its own address into a header, path or parameter. */
export const ADDRESS_PLACEHOLDER = '[client-ip]';
/**
 * The endpoint of every request no route took (404, 405; the status tells them apart): its path, which the client
 * chooses, would make each distinct path a tally row of its own (usage-log.ts), without end.
 */
export const UNKNOWN_ENDPOINT = `${BASE_PATH}/*`;

export function buildUsageEntry(request: FinishedRequest, secret: string | Buffer): UsageEntry {
  return usageEntryBuilder(secret)(request);
}

/** Clients and questions held by a builder's memos (each a few hundred bytes at most). */
const MEMO = { entries: 4096, maxKeyLength: 512 } as const;

/**
 * buildUsageEntry for one secret, remembering per client address its scrubber and identifier (an HMAC) and per
 * address and query string the normalised conditions: the work a repeated client or question would redo.
 */
export function usageEntryBuilder(secret: string | Buffer): (request: FinishedRequest) => UsageEntry {
  return usageRecorders(secret).entry;
}

/** What an uncounted answer is tallied under (usage-log.ts), its hour aside. */
export type TallyKey = Pick<UsageEntry, 'method' | 'endpoint' | 'status' | 'code' | 'clientId'>;

/**
 * For one secret, sharing their memos: a counted answer's entry (usageEntryBuilder), and what an uncounted one is
 * tallied under, which reads the client and the endpoint only: a flood of refusals or 304s costs no conditions,
 * headers or timestamps, and leaves the conditions' memo to the questions that are logged.
 */
export function usageRecorders(secret: string | Buffer): {
  readonly entry: (request: FinishedRequest) => UsageEntry;
  readonly tallyKey: (request: FinishedRequest) => TallyKey;
} {
  const clients = new BoundedMemo<{ readonly scrub: (value: string) => string; readonly id: string }>(MEMO);
  const conditions = new BoundedMemo<string>(MEMO);
  const at = isoInstant();
  const clientOf = (request: FinishedRequest) =>
    clients.get(request.address, () => ({
      scrub: addressScrubber(request.address),
      id: clientId(secret, request.address),
    }));
  const keyOf = (request: FinishedRequest, client: ReturnType<typeof clientOf>): TallyKey => {
    return {
      method: request.method,
      endpoint: request.route ?? UNKNOWN_ENDPOINT,
      status: request.status,
      code: request.status >= 400 ? request.errorCode : null,
      clientId: client.id,
    };
  };
  const entry = (request: FinishedRequest): UsageEntry => {
    const client = clientOf(request);
    const { scrub } = client;
    const text = (value: string | undefined): string | null =>
      value === undefined || value.trim() === '' ? null : scrubbedCut(value.trim(), scrub);
    const { method, endpoint, status, code, clientId: id } = keyOf(request, client);
    return {
      at: at(request.at),
      method,
      endpoint,
      conditions: conditions.get(`${request.address}\u0000${request.query}`, () =>
        searchConditions(request.parameters ?? request.query, scrub),
      ),
      status,
      code,
      returned: request.returned,
      latencyMs: Math.round(request.latencyMs * 1000) / 1000,
      clientId: id,
      userAgent: text(request.userAgent),
      referer: text(request.referer),
      clientName: text(request.clientName),
      clientContact: text(request.clientContact),
    };
  };
  return { entry, tallyKey: (request) => keyOf(request, clientOf(request)) };
}

/**
 * The query parameters as the service reads them: search terms normalised as the search does (so that
 * 株式会社トヨタ and トヨタ are one condition), Corporate Numbers without hyphens or full-width digits,
 * empty values dropped (the contract treats them as absent), anything else, unknown names included, as given.
 */
export function searchConditions(
  query: string | Readonly<Record<string, unknown>>,
  scrub: (value: string) => string = (value) => value,
): string {
  const values = new Map<string, [string, ...string[]]>();
  // the length of the JSON the values kept make, a comma too many aside (kept in CUT_ROOM)
  let length = '{}'.length;
  let leftOut = 0;
  for (const [name, raw] of typeof query === 'string' ? new URLSearchParams(query) : parameterPairs(query)) {
    const value = raw.trim();
    if (value === '') continue;
    // once one value is left out the rest are only counted: a flood of values costs no normalising or scrubbing
    if (leftOut > 0) {
      leftOut += 1;
      continue;
    }
    const key = scrubbedCut(name, scrub);
    const list = values.get(key);
    const kept = list === undefined && values.size >= MAX_PARAMETERS ? null : conditionValue(name, value, scrub);
    const added =
      kept === null
        ? Infinity
        : JSON.stringify(kept).length +
          ','.length +
          (list === undefined ? JSON.stringify(key).length + ':'.length : list.length === 1 ? '[]'.length : 0);
    if (length + added > MAX_CONDITIONS - CUT_ROOM || kept === null) {
      leftOut = 1;
      continue;
    }
    length += added;
    if (list === undefined) values.set(key, [kept]);
    else list.push(kept);
  }
  const conditions: Record<string, string | string[] | number> = {};
  // by name (names are unique, so no two compare equal)
  for (const [key, list] of [...values].sort(([a], [b]) => (a < b ? -1 : 1))) {
    conditions[key] = list.length === 1 ? list[0] : list;
  }
  if (leftOut > 0) conditions[CONDITIONS_CUT] = leftOut;
  return JSON.stringify(conditions);
}

/**
 * A parameter's value as kept: normalised when it does not write the client's address, scrubbed as given when it does,
 * since normalising a search term drops its punctuation, and 127.0.0.90 would be kept as 1270090.
 */
function conditionValue(name: string, value: string, scrub: (value: string) => string): string {
  const read = scrubWindow(value);
  const scrubbed = scrub(read);
  return cut(scrubbed === read ? scrub(normaliseParameter(name, read)) : scrubbed);
}

/** A text from outside as an entry keeps it: scrubbed of the client's address and cut at MAX_TEXT. */
function scrubbedCut(value: string, scrub: (value: string) => string): string {
  return cut(scrub(scrubWindow(value)));
}

function cut(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - CUT.length)}${CUT}`;
}

/**
 * The part of a text the scrubber reads (SCRUB_WINDOW), so that its cost is bounded whatever arrives. An address cut
 * in two at the window's end would not be recognised, so the address characters there are left out.
 */
function scrubWindow(value: string): string {
  return value.length <= SCRUB_WINDOW ? value : value.slice(0, SCRUB_WINDOW).replace(ADDRESS_TAIL, '');
}

function normaliseParameter(name: string, value: string): string {
  if (name === 'q' || name === 'company') return normaliseCompanyName(value);
  if (name === 'corporate_number') return normaliseCorporateNumberInput(value);
  return value;
}

/**
 * Replaces every written form of the client's own address in a text. What is searched is the text as a reader would
 * take it: %-escapes of ASCII decoded (twice escaped too) and full-width ASCII read as ASCII. In it are found: the
 * address as given and its usual forms (writtenForms), even inside a longer run of digits; and every address-like run
 * that parses as the client's address (addressesIn: IPv6 in full or compressed in any case, IPv4-mapped in hex or
 * dotted, IPv4 with leading zeros). What they span is replaced in the text as written.
 */
export function addressScrubber(address: string): (value: string) => string {
  const client = parseAddress(address);
  const forms = [...new Set([address.trim(), ...(client === null ? [] : writtenForms(client))])]
    .filter((form) => form !== '')
    .map((form) => new RegExp(form.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'), 'giu'));
  return (value) => {
    const { text, origin } = readableText(value);
    // every address is written with a `.` or a `:`; most parameters and many headers have neither
    if (client !== null && !/[.:]/u.test(text)) return value;
    const spans: [number, number][] = [];
    for (const form of forms) spans.push(...matchSpans(form, text));
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
