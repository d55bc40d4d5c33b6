// What a request asks for, as the enumeration rules see it (LimitCheck's terms and bases): its normalised search
// terms, hashed (the names it asks, and the slice of the dataset its filters cut), and Corporate Number bases.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { LimitCheck } from './limiter-store.js';
import { looksLikeCorporateNumber, normaliseCorporateNumberInput } from '../domain/companies/corporate-number.js';
import { normaliseCompanyName } from '../domain/companies/names.js';
import { isObject } from '../lib/is-object.js';
import { foldWidth } from '../domain/text/text-fold.js';
import type { FilterName } from '../domain/records/filter-names.js';

/**
 * The filters that slice the whole dataset without naming anything: a date window, an authority, a law, a prefecture…
 * Each distinct combination of them is a distinct search term, as a distinct name is: one client copied the whole demo
 * in 240 windows of `from` and `to` that the rule did not see. `page`, `limit` and `format` are not among
 * them, so that paging one answer, or asking it as a feed, asks one term. Typed against the filter table's names, so
 * that a new filter is placed here or among the look-ups.
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

/** The query's parameters the rules read: the look-ups (each value a term), then the slicing filters (together one). */
const QUERY_PARAMETERS = ['corporate_number', 'q', 'company', ...Object.keys(SLICE_PARAMETERS)];
const SLICING = new Set(Object.keys(SLICE_PARAMETERS));

/**
 * The path parameters of a route that are look-ups too (the contract: each distinct number or id of
 * `/api/v1/companies/{corporate_number}`, `/api/v1/enforcements/{id}` … counts as a distinct search term), so that a
 * route declaring `counted` is read alike whether it takes its question in the query or in the path.
 */
const PATH_PARAMETERS = ['corporate_number', 'id'];

/** The parameters of a request without a query object. */
const NO_PARAMETERS: Readonly<Record<string, unknown>> = {};

/**
 * The longest value read: longer ones are refused by the endpoints' schemas (a name is at most 100 characters), so
 * their first characters name them well enough, and a value of 16 KB is not normalised whole for the rules.
 */
const MAX_PROBED_LENGTH = 256;

/** How many values of one parameter are read. */
const MAX_PROBED_VALUES = 10;

/**
 * Normalises as the search does, so `トヨタ自動車株式会社` and `トヨタ自動車` are one term and `T1180-3010-18771` and
 * `1180301018771` are one number. A 13-digit `q` or `company` is a Corporate Number look-up (the search treats it
 * as one), as is `corporate_number`, whether or not its check digit is valid. The slicing filters' values are read
 * NFKC, trimmed and caseless, by name.
 */
export function probeRequest(query: unknown, pathParameters?: unknown): Pick<LimitCheck, 'terms' | 'bases'> {
  const terms = new Set<string>();
  const bases: number[] = [];
  const slice: [string, string[]][] = [];
  const asked = isObject(query) ? query : NO_PARAMETERS;
  const path = isObject(pathParameters) ? pathParameters : NO_PARAMETERS;
  for (const [parameters, names] of [
    [path, PATH_PARAMETERS],
    [asked, QUERY_PARAMETERS],
  ] as const) {
    for (const name of names) {
      const given = parameters[name];
      if (given === undefined) continue;
      // a parameter given more than once is refused by the query rules: its first values name it well enough
      const list = typeof given === 'string' ? [given] : Array.isArray(given) ? given.slice(0, MAX_PROBED_VALUES) : [];
      const slicing = parameters === asked && SLICING.has(name);
      const sliced: string[] = [];
      for (const value of list) {
        if (typeof value !== 'string') continue;
        const text = value.slice(0, MAX_PROBED_LENGTH);
        if (slicing) {
          const normalised = foldWidth(text).trim().toLowerCase();
          if (normalised !== '') sliced.push(normalised);
          continue;
        }
        const probe = probeValue(name, text);
        if (probe === null) continue;
        terms.add(probe.term);
        if (probe.base !== null) bases.push(probe.base);
      }
      if (sliced.length > 0) slice.push([name, sliced]);
    }
  }
  const probe = slice.length > 0 ? probeValue(SLICE, JSON.stringify(slice)) : null;
  if (probe !== null) terms.add(probe.term);
  return { terms: [...terms], bases };
}

type Probe = { readonly term: string; readonly base: number | null } | null;

/** Values asked again and again (a rotation of numbers, a name paged through) are probed once, while recent. */
const PROBES = new LRUCache<string, { readonly probe: Probe }>({ max: 4096 });
/** A value longer than this is probed each time: a client's long texts do not fill the memo. */
const MEMO_KEY_LENGTH = 256;

/** The name under which a request's slice (its slicing filters' values, by name, as JSON) is probed. */
const SLICE = '';

/**
 * The hashed term and the Corporate Number base of one value (or of a slice), remembered: its SHA-256 is a visible
 * share of a Corporate Number look-up, a look-up in the memo is not. Each kind of term is hashed under a prefix of its own, so that a name never equals a number or an id.
 */
function probeValue(name: string, value: string): Probe {
  const key = `${name}\u0000${value}`;
  const held = PROBES.get(key);
  if (held !== undefined) return held.probe;
  let term: string | null = null;
  let base: number | null = null;
  if (name === SLICE) term = `s:${value}`;
  else if (value.trim() === '') term = null;
  // a record's id is a term of its own kind: never read as a name, nor as a number however it looks
  else if (name === 'id') term = `i:${value}`;
  else if (name === 'corporate_number' || looksLikeCorporateNumber(value)) {
    const number = normaliseCorporateNumberInput(value);
    term = `n:${number}`;
    if (/^\d{13}$/u.test(number)) base = Number(number.slice(1));
  } else {
    const nameKey = normaliseCompanyName(value);
    if (nameKey !== '') term = `t:${nameKey}`;
  }
  const probe =
    term === null ? null : { term: createHash('sha256').update(term).digest('base64url').slice(0, 16), base };
  if (key.length <= MEMO_KEY_LENGTH) PROBES.set(key, { probe });
  return probe;
}
