// Turns a company query as a person typed it into a search plan: a Corporate Number look-up or name keys.
// The store executes the plan; the deep Japanese search work changes this module, not the routes.
import { looksLikeCorporateNumber, parseCorporateNumber } from './corporate-number.js';
import { analyseCompanyName, isLatin, isLegalFormOnly, printedNameKey, registeredNameKey } from './names.js';
import { linkSubject } from './link-company.js';
import { romajiKey } from '../text/romanize.js';
import { LRUCache } from 'lru-cache';
import { stripLatinAccents } from '../text/text-fold.js';

export type CompanySearchPlan =
  | { readonly kind: 'corporate_number'; readonly number: string }
  | { readonly kind: 'invalid_corporate_number'; readonly input: string }
  /**
   * keys: the companies' name key first (the company a printed name names, its office left out), then the loose romaji
   * key of a Latin query; legalForm: the form the query named; printed: the query as a printed name (printedNameKey),
   * which a record's own printed name may hold, its office and all; registered: the query as a registered name
   * (registeredNameKey), whose company ranks first.
   */
  | {
      readonly kind: 'terms';
      readonly keys: readonly string[];
      readonly legalForm: string | null;
      readonly printed: string;
      readonly registered: string | null;
    }
  /** A legal form alone (株式会社, （株）, Co., Ltd.): no name to look for. */
  | { readonly kind: 'legal_form_only' }
  | { readonly kind: 'nothing' };

/**
 * The plan of a query; the same query asked again (a public API is asked the same names again and again) is not
 * normalised again, a noticeable share of a name query's time (bench/README.md measures it).
 */
export function planCompanySearch(query: string): CompanySearchPlan {
  const held = PLANS.get(query);
  if (held !== undefined) return held;
  const planned = plan(query);
  // a query is at most a name's length (the query rules bound it), but the plan is asked of any text: keep short ones
  if (query.length <= 256) PLANS.set(query, planned);
  return planned;
}

const PLANS = new LRUCache<string, CompanySearchPlan>({ max: 4096 });

function plan(query: string): CompanySearchPlan {
  if (looksLikeCorporateNumber(query)) {
    const parsed = parseCorporateNumber(query);
    return parsed.ok
      ? { kind: 'corporate_number', number: parsed.number }
      : { kind: 'invalid_corporate_number', input: query };
  }
  if (isLegalFormOnly(query)) return { kind: 'legal_form_only' };
  const keys = new Set<string>();
  // a name printed with an office after its company (「リリカラ（株）東京流通センター」) names the company the linker
  // reads in it, as a record printed so is linked to that company
  const subject = linkSubject(query);
  const { key, legalForm } =
    subject.office === null ? analyseCompanyName(query) : { key: subject.key, legalForm: subject.legal_form };
  if (key !== '') keys.add(key);
  if (isLatin(analyseCompanyName(stripLatinAccents(query)).key)) {
    const loose = romajiKey(query);
    if (loose !== '') keys.add(loose);
  }
  return keys.size === 0
    ? { kind: 'nothing' }
    : {
        kind: 'terms',
        keys: [...keys],
        legalForm,
        printed: printedNameKey(query),
        registered: registeredNameKey(query),
      };
}
