// What a request asks for, as the enumeration rules see it: its normalised search terms (the names it asks, and the
// slice of the dataset its filters cut) and Corporate Number bases.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { looksLikeCorporateNumber, normaliseCorporateNumberInput } from '../domain/companies/corporate-number.js';
import { normaliseCompanyName } from '../domain/companies/names.js';
import { isObject } from '../domain/is-object.js';
import type { FilterName } from '../domain/records/filter-names.js';

export interface RequestProbe {
  /** Distinct normalised terms, hashed (search text is not kept in the store as written). */
  readonly terms: readonly string[];
  /** The 12-digit bases (the number without its leading check digit) of the Corporate Numbers looked up, in order. */
  readonly bases: readonly number[];
}

const SEARCH_PARAMETERS = ['corporate_number', 'q', 'company'] as const;

/**
 * The path parameters of a route that are look-ups too (the contract of 2026-11-25: each distinct number or id of
 * `/api/v1/companies/{corporate_number}`, `/api/v1/enforcements/{id}` … counts as a distinct search term), so that a
 * route declaring `counted` is read alike whether it takes its question in the query or in the path.
 */
const PATH_PARAMETERS = ['corporate_number', 'id'] as const;

/** The parameters of a request without a query object. */
const NO_PARAMETERS: Readonly<Record<string, unknown>> = {};

/**
 * Normalises as the search does, so `トヨタ自動車株式会社` and `トヨタ自動車` are one term and `T1180-3010-18771` and
 * `1180301018771` are one number. A 13-digit `q` or `company` is a Corporate Number look-up (the search treats it
 * as one), as is `corporate_number`, whether or not its check digit is valid.
 */
export function probeRequest(query: unknown, pathParameters?: unknown): RequestProbe {
  const terms = new Set<string>();
  const bases: number[] = [];
  if (pathParameters !== undefined) probeParameters(PATH_PARAMETERS, pathParameters, terms, bases);
  probeParameters(SEARCH_PARAMETERS, query, terms, bases);
  const slice = sliceTerm(query);
  if (slice !== null) terms.add(slice);
  return { terms: [...terms], bases };
}

/**
 * The filters that slice the whole dataset without naming anything: a date window, an authority, a law, a prefecture…
 * Each distinct combination of them is a distinct search term, as a distinct name is: one client copied the whole demo
 * in 240 windows of `from` and `to` that the rule did not see (issue 79). `page`, `limit` and `format` are not among
 * them, so that paging one answer, or asking it as a feed, asks one term. Typed against the filter table's names, so
 * that a new filter is placed here or among the names.
 */
const SLICE_PARAMETERS = {
  law: true,
  authority: true,
  action_type: true,
  reason: true,
  status: true,
  sector: true,
  nature: true,
  listing: true,
  prefecture: true,
  from: true,
  to: true,
} as const satisfies Record<Exclude<FilterName, 'company' | 'q' | 'corporate_number' | 'include_predecessors'>, true>;

/** The term of the request's slice: its slicing filters' values (NFKC, trimmed, caseless), by name; null without any. */
function sliceTerm(query: unknown): string | null {
  if (!isObject(query)) return null;
  const slice: [string, string[]][] = [];
  for (const name of Object.keys(SLICE_PARAMETERS)) {
    const given = values(query[name])
      .map((value) => value.normalize('NFKC').trim().toLowerCase())
      .filter((value) => value !== '');
    if (given.length > 0) slice.push([name, given]);
  }
  return slice.length === 0 ? null : termHash(`s:${JSON.stringify(slice)}`);
}

/** Adds the terms and numbers of the parameters `names` of one parameter object (a query, or a route's path). */
function probeParameters(names: readonly string[], parameters: unknown, terms: Set<string>, bases: number[]): void {
  const params = isObject(parameters) ? parameters : NO_PARAMETERS;
  for (const name of names) {
    for (const value of values(params[name])) {
      const probe = probeOf(name, value);
      if (probe === null) continue;
      terms.add(probe.term);
      if (probe.base !== null) bases.push(probe.base);
    }
  }
}

type Probe = { readonly term: string; readonly base: number | null } | null;

/** Values asked again and again (a rotation of numbers, a name paged through) are probed once, while recent. */
const PROBES = new LRUCache<string, { readonly probe: Probe }>({ max: 4096 });
/** A value longer than this is probed each time: a client's long texts do not fill the memo. */
const MEMO_KEY_LENGTH = 256;

/**
 * The probe of a value, remembered: its SHA-256 alone was 16 µs of a Corporate Number look-up's 320 (2026-11-28,
 * `npm run bench:profile -- numbers`), where a look-up in the memo is a few.
 */
function probeOf(name: string, value: string): Probe {
  const key = `${name}\u0000${value}`;
  if (key.length > MEMO_KEY_LENGTH) return probeValue(name, value);
  const held = PROBES.get(key);
  if (held !== undefined) return held.probe;
  const probe = probeValue(name, value);
  PROBES.set(key, { probe });
  return probe;
}

/** The hashed term and the Corporate Number base of one value. */
function probeValue(name: string, value: string): { term: string; base: number | null } | null {
  if (value.trim() === '') return null;
  // a record's id is a term of its own kind: never read as a name, nor as a number however it looks
  if (name === 'id') return { term: termHash(`i:${value}`), base: null };
  if (name === 'corporate_number' || looksLikeCorporateNumber(value)) {
    const number = normaliseCorporateNumberInput(value);
    return { term: termHash(`n:${number}`), base: /^\d{13}$/u.test(number) ? Number(number.slice(1)) : null };
  }
  const key = normaliseCompanyName(value);
  return key === '' ? null : { term: termHash(`t:${key}`), base: null };
}

/**
 * The longest value read: longer ones are refused by the endpoints' schemas (a name is at most 100 characters), so
 * their first characters name them well enough, and a value of 16 KB is not normalised whole for the rules.
 */
const MAX_PROBED_LENGTH = 256;

/** How many values of one parameter are read: the query rules refuse a parameter given more than once. */
const MAX_PROBED_VALUES = 10;

function values(value: unknown): string[] {
  const given = typeof value === 'string' ? [value] : Array.isArray(value) ? value.slice(0, MAX_PROBED_VALUES) : [];
  return given.filter((v): v is string => typeof v === 'string').map((v) => v.slice(0, MAX_PROBED_LENGTH));
}

function termHash(term: string): string {
  return createHash('sha256').update(term).digest('base64url').slice(0, 16);
}
