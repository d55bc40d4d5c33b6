// Turns a company query as a person typed it into a search plan: a Corporate Number look-up or name keys.
// The store executes the plan; the deep Japanese search work changes this module, not the routes.
import { looksLikeCorporateNumber, parseCorporateNumber } from './corporate-number.js';
import { kanaKey } from './company-terms.js';
import { isLatin, normaliseCompanyName, normaliseText, romajiKey, stripLegalForm } from './names.js';

/** Terms of this many characters or more go to the trigram index; shorter ones to exact and prefix look-ups. */
export const TRIGRAM_MIN_LENGTH = 3;

export type CompanySearchPlan =
  | { readonly kind: 'corporate_number'; readonly number: string }
  | { readonly kind: 'invalid_corporate_number'; readonly input: string }
  | { readonly kind: 'terms'; readonly keys: readonly string[]; readonly legalForm: string | null }
  | { readonly kind: 'nothing' };

export function planCompanySearch(query: string): CompanySearchPlan {
  if (looksLikeCorporateNumber(query)) {
    const parsed = parseCorporateNumber(query);
    return parsed.ok ? { kind: 'corporate_number', number: parsed.number } : { kind: 'invalid_corporate_number', input: query };
  }
  const keys = new Set<string>();
  const name = normaliseCompanyName(query);
  if (name !== '') keys.add(name);
  const kana = kanaKey(query);
  if (kana !== '' && kana !== name && /^[\u30a0-\u30ff]+$/u.test(kana)) keys.add(kana);
  if (isLatin(name.normalize('NFKD').replace(/[\u0300-\u036f]/gu, ''))) keys.add(romajiKey(query));
  const { form } = stripLegalForm(normaliseText(query));
  return keys.size === 0 ? { kind: 'nothing' } : { kind: 'terms', keys: [...keys], legalForm: form };
}

/** An FTS5 MATCH expression that finds the key as a substring: one quoted phrase, quotes doubled. */
export function ftsPhrase(key: string): string {
  return `"${key.replace(/"/gu, '""')}"`;
}

/** The smallest string greater than every string that starts with `prefix`, for an index range scan. */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10ffff}`;
}
