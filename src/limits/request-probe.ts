// What a request asks for, as the enumeration rules see it: its normalised search terms and Corporate Number bases.
import { createHash } from 'node:crypto';
import { looksLikeCorporateNumber, normaliseCorporateNumberInput } from '../domain/corporate-number.js';
import { normaliseCompanyName } from '../domain/names.js';

export interface RequestProbe {
  /** Distinct normalised terms, hashed (search text is not kept in the store as written). */
  readonly terms: readonly string[];
  /** The 12-digit bases (the number without its leading check digit) of the Corporate Numbers looked up, in order. */
  readonly bases: readonly number[];
}

const SEARCH_PARAMETERS = ['corporate_number', 'q', 'company'] as const;

/**
 * Normalises as the search does, so `トヨタ自動車株式会社` and `トヨタ自動車` are one term and `T1180-3010-18771` and
 * `1180301018771` are one number. A 13-digit `q` or `company` is a Corporate Number look-up (the search treats it
 * as one), as is `corporate_number`, whether or not its check digit is valid.
 */
export function probeRequest(query: unknown): RequestProbe {
  const terms = new Set<string>();
  const bases: number[] = [];
  const params = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  for (const name of SEARCH_PARAMETERS) {
    for (const value of values(params[name])) {
      if (value.trim() === '') continue;
      if (name === 'corporate_number' || looksLikeCorporateNumber(value)) {
        const number = normaliseCorporateNumberInput(value);
        terms.add(`n:${number}`);
        if (/^\d{13}$/u.test(number)) bases.push(Number(number.slice(1)));
      } else {
        const key = normaliseCompanyName(value);
        if (key !== '') terms.add(`t:${key}`);
      }
    }
  }
  return { terms: [...terms].map(termHash), bases };
}

function values(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function termHash(term: string): string {
  return createHash('sha256').update(term).digest('base64url').slice(0, 16);
}
