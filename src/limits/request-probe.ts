// What a request asks for, as the enumeration rules see it: its normalised search terms and Corporate Number bases.
import { createHash } from 'node:crypto';
import { looksLikeCorporateNumber, normaliseCorporateNumberInput } from '../domain/corporate-number.js';
import { normaliseCompanyName } from '../domain/names.js';
import { BoundedMemo } from '../domain/bounded-memo.js';
import { isObject } from '../domain/is-object.js';

export interface RequestProbe {
  /** Distinct normalised terms, hashed (search text is not kept in the store as written). */
  readonly terms: readonly string[];
  /** The 12-digit bases (the number without its leading check digit) of the Corporate Numbers looked up, in order. */
  readonly bases: readonly number[];
}

/** `id`: a record's address (/api/v1/{kind}/{id}), where each id asked for is a distinct term, as a number is. */
const SEARCH_PARAMETERS = ['corporate_number', 'q', 'company', 'id'] as const;

/** The parameters of a request without a query object. */
const NO_PARAMETERS: Readonly<Record<string, unknown>> = {};

/**
 * Normalises as the search does, so `トヨタ自動車株式会社` and `トヨタ自動車` are one term and `T1180-3010-18771` and
 * `1180301018771` are one number. A 13-digit `q` or `company` is a Corporate Number look-up (the search treats it
 * as one), as is `corporate_number`, whether or not its check digit is valid.
 */
export function probeRequest(query: unknown, pathParameters: unknown = NO_PARAMETERS): RequestProbe {
  const terms = new Set<string>();
  const bases: number[] = [];
  // an address's parameters are in its path (/api/v1/companies/{corporate_number}), and count as a query's would
  const asked = isObject(query) ? query : NO_PARAMETERS;
  const params =
    isObject(pathParameters) && Object.keys(pathParameters).length > 0 ? { ...asked, ...pathParameters } : asked;
  for (const name of SEARCH_PARAMETERS) {
    for (const value of values(params[name])) {
      const probe = PROBES.get(`${name}\u0000${value}`, () => probeValue(name, value));
      if (probe === null) continue;
      terms.add(probe.term);
      if (probe.base !== null) bases.push(probe.base);
    }
  }
  return { terms: [...terms], bases };
}

/** The hashed term and the Corporate Number base of one value; the same value asked again is not worked out again. */
const PROBES = new BoundedMemo<{ readonly term: string; readonly base: number | null } | null>({
  entries: 4096,
  maxKeyLength: 256,
});

function probeValue(name: string, value: string): { term: string; base: number | null } | null {
  if (value.trim() === '') return null;
  if (name === 'id') return { term: termHash(`i:${value}`), base: null };
  if (name === 'corporate_number' || looksLikeCorporateNumber(value)) {
    const number = normaliseCorporateNumberInput(value);
    return { term: termHash(`n:${number}`), base: /^\d{13}$/u.test(number) ? Number(number.slice(1)) : null };
  }
  const key = normaliseCompanyName(value);
  return key === '' ? null : { term: termHash(`t:${key}`), base: null };
}

function values(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function termHash(term: string): string {
  return createHash('sha256').update(term).digest('base64url').slice(0, 16);
}
