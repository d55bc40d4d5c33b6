// One usage-log entry built from a finished request: pure, and the client address goes in only to come out as an HMAC.
import { normaliseCompanyName } from '../domain/names.js';
import { normaliseCorporateNumberInput } from '../domain/corporate-number.js';
import { parseAddress, writtenForms } from '../domain/ip-address.js';
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
/** What stands in wherever a client wrote its own address into a header, path or parameter. */
export const ADDRESS_PLACEHOLDER = '[client-ip]';

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
      endpoint: request.route ?? client.scrub(request.path).slice(0, MAX_TEXT),
      status: request.status,
      code: request.status >= 400 ? request.errorCode : null,
      clientId: client.id,
    };
  };
  const entry = (request: FinishedRequest): UsageEntry => {
    const client = clientOf(request);
    const { scrub } = client;
    const text = (value: string | undefined): string | null =>
      value === undefined || value.trim() === '' ? null : scrub(value.trim()).slice(0, MAX_TEXT);
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
  for (const [name, raw] of typeof query === 'string' ? new URLSearchParams(query) : parameterPairs(query)) {
    const value = raw.trim();
    if (value === '') continue;
    const key = scrub(name).slice(0, MAX_TEXT);
    const list = values.get(key);
    if (list === undefined && values.size >= MAX_PARAMETERS) continue;
    const kept = scrub(normaliseParameter(name, value)).slice(0, MAX_TEXT);
    if (list === undefined) values.set(key, [kept]);
    else list.push(kept);
  }
  const conditions: Record<string, string | string[]> = {};
  // by name (names are unique, so no two compare equal)
  for (const [key, list] of [...values].sort(([a], [b]) => (a < b ? -1 : 1))) {
    conditions[key] = list.length === 1 ? list[0] : list;
  }
  return JSON.stringify(conditions);
}

function normaliseParameter(name: string, value: string): string {
  if (name === 'q' || name === 'company') return normaliseCompanyName(value);
  if (name === 'corporate_number') return normaliseCorporateNumberInput(value);
  return value;
}

/**
 * Replaces every written form of the client's own address in a text: as given, as its IPv4 when mapped, and an
 * IPv6 address both in full and compressed (the address may arrive in one form and be echoed in the other).
 */
function addressScrubber(address: string): (value: string) => string {
  const parsed = parseAddress(address);
  // longest first, so that a full form is not half-replaced by a shorter one it contains
  const forms = [...new Set([address.trim(), ...(parsed === null ? [] : writtenForms(parsed))])]
    .filter((form) => form !== '')
    .sort((a, b) => b.length - a.length)
    .map((form) => new RegExp(form.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'), 'giu'));
  return (value) => forms.reduce((text, form) => text.replace(form, ADDRESS_PLACEHOLDER), value);
}
