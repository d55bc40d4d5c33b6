// Turns a company query as a person typed it into a search plan: a Corporate Number look-up or name keys.
// The store executes the plan; the deep Japanese search work changes this module, not the routes.
import { looksLikeCorporateNumber, parseCorporateNumber } from './corporate-number.js';
import { analyseCompanyName, isLatin, isLegalFormOnly } from './names.js';
import { romajiKey } from '../text/romanize.js';
import { BoundedMemo } from '../bounded-memo.js';
import { stripLatinAccents } from '../text/text-fold.js';

export type CompanySearchPlan =
  | { readonly kind: 'corporate_number'; readonly number: string }
  | { readonly kind: 'invalid_corporate_number'; readonly input: string }
  /** keys: the name key first, then the loose romaji key of a Latin query; legalForm: the form the query named. */
  | { readonly kind: 'terms'; readonly keys: readonly string[]; readonly legalForm: string | null }
  /** A legal form alone (株式会社, （株）, Co., Ltd.): no name to look for. */
  | { readonly kind: 'legal_form_only' }
  | { readonly kind: 'nothing' };

/**
 * The plan of a query; the same query asked again (a public API is asked the same names again and again) is not
 * normalised again, a noticeable share of a name query's time (bench/README.md measures it).
 */
export function planCompanySearch(query: string): CompanySearchPlan {
  return PLANS.get(query, () => plan(query));
}

const PLANS = new BoundedMemo<CompanySearchPlan>({ entries: 4096, maxKeyLength: 256 });

function plan(query: string): CompanySearchPlan {
  if (looksLikeCorporateNumber(query)) {
    const parsed = parseCorporateNumber(query);
    return parsed.ok
      ? { kind: 'corporate_number', number: parsed.number }
      : { kind: 'invalid_corporate_number', input: query };
  }
  if (isLegalFormOnly(query)) return { kind: 'legal_form_only' };
  const keys = new Set<string>();
  const { key, legalForm } = analyseCompanyName(query);
  if (key !== '') keys.add(key);
  if (isLatin(analyseCompanyName(stripLatinAccents(query)).key)) {
    const loose = romajiKey(query);
    if (loose !== '') keys.add(loose);
  }
  return keys.size === 0 ? { kind: 'nothing' } : { kind: 'terms', keys: [...keys], legalForm };
}
