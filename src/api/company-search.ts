// Company search for the endpoints, over the plan of what a person typed (made once a request, passed to each step
// that needs it): the companies to show (/companies, /search) and the records that `company=` and /search filter by
// (the same search, up to COMPANY_FILTER_MATCHES companies); what records are a company's, company-records.ts says.
import { echoed } from './errors.js';
import { planCompanySearch, type CompanySearchPlan } from '../domain/companies/company-search-plan.js';
import { COMPANY_FILTER_MATCHES } from '../domain/records/filter-names.js';
import { MATCHES_COUNTED_UP_TO } from '../domain/text/search-split.js';
import {
  companyRecordsFilter,
  NO_RECORDS,
  type CompanyFilter,
  type NamedElsewhere,
} from '../domain/records/company-records.js';
import type { CompanyHit, RankedId } from '../store/read/company-queries.js';
import type { Store } from '../store/read/store.js';
import { addressHolds } from '../domain/address-key.js';

export type { NamedElsewhere } from '../domain/records/company-records.js';

/** What a person typed as a parameter, and how it is searched: planned once, read by every step after. */
export interface CompanyQuestion {
  readonly value: string;
  readonly parameter: 'q' | 'company';
  readonly plan: CompanySearchPlan;
}

/** The question `value` asks as `parameter`, planned. */
export function companyQuestion(value: string, parameter: 'q' | 'company'): CompanyQuestion {
  return { value, parameter, plan: planCompanySearch(value) };
}

export interface FoundCompanies {
  /** The question searched. */
  readonly question: CompanyQuestion;
  /** The best `whole` companies (searchCompanies), best first, read whole. */
  readonly hits: CompanyHit[];
  /** How many companies of the best `show` the search found: those read whole, and those `bestCompanies` reads. */
  readonly shown: number;
  /** Every company found by a name, best first, with how it matched; empty for a Corporate Number, read whole. */
  readonly ranked: readonly RankedId[];
  readonly hasMore: boolean;
  /** The records these stand for: those of the companies found and of their names, and of the query's name key. */
  readonly filter: CompanyFilter;
  /** Set when the query is a company's Corporate Number: the records naming it placed elsewhere. */
  readonly elsewhere?: NamedElsewhere;
  /** Set when the query finds more companies than the filter stands for the records of: how many it does. */
  readonly searchedOfMore?: number;
  readonly notices: string[];
  /** Whether `hits` are kept by the answer cache, so that later answers hand out the same objects (never change one). */
  readonly shared: boolean;
  /** How many companies match in all, when the search read every one of them; else undefined (countCompanies). */
  readonly total?: number;
  /** How many companies the search read: `total` when it read every one, else its first, all of which match. */
  readonly read: number;
}

/** The answer to a query that names no company, with the notice that says why. */
function nothingFound(question: CompanyQuestion, notice: string): FoundCompanies {
  return {
    question,
    hits: [],
    shown: 0,
    ranked: [],
    hasMore: false,
    total: 0,
    read: 0,
    filter: NO_RECORDS,
    shared: false,
    notices: [notice],
  };
}

/**
 * Searches companies by what a person typed. `show` companies are found for display, the first `whole` of them read
 * whole (an answer that shares its rows between lists reads the others it shows with bestCompanies); `recall` (0 when
 * records are not wanted) bounds the companies whose records, and records of whose names, the filter stands for: a
 * Corporate Number stands for its company's records (company-records.ts), a name for the companies it finds, best
 * first.
 */
export function searchCompanies(
  store: Store,
  question: CompanyQuestion,
  show: number,
  recall: number,
  whole = show,
): FoundCompanies {
  const { plan, value, parameter } = question;
  switch (plan.kind) {
    case 'corporate_number': {
      const company = show > 0 ? store.companies.findByCorporateNumber(plan.number) : undefined;
      const hits: CompanyHit[] = company
        ? [{ company, match: { field: 'corporate_number', kind: 'exact', alias_kind: null } }]
        : [];
      return {
        question,
        hits,
        shown: hits.length,
        ranked: [],
        hasMore: false,
        ...(recall > 0 ? companyRecordsOf(store, plan.number) : { filter: NO_RECORDS }),
        notices: [],
        shared: false,
        total: hits.length,
        read: hits.length,
      };
    }
    case 'invalid_corporate_number':
      return nothingFound(
        question,
        `${parameter} "${echoed(value)}" looks like a Corporate Number, but its check digit (the first digit) is wrong, so no company has it.`,
      );
    case 'legal_form_only':
      return nothingFound(
        question,
        `${parameter} "${echoed(value)}" is a legal form and nothing else, which names no company: add the company's name (株式会社 and its abbreviations are then read as its form).`,
      );
    case 'nothing':
      return nothingFound(
        question,
        `${parameter} "${echoed(value)}" has nothing to search for once punctuation and legal forms are removed.`,
      );
    case 'terms': {
      // one more than the filter takes, to know whether the query finds more companies than it takes
      const asked = Math.max(show + 1, recall > 0 ? recall + 1 : 0);
      // where the answers are kept, the companies shown are kept read whole with them
      const read = store.companies.hitsShared ? show : Math.min(whole, show);
      const found = store.companies.findByKeys(plan.keys, asked, plan.legalForm, read, plan.registered);
      const { ids, hits } = found;
      const followed =
        recall > 0 ? store.companies.followed(ids.slice(0, recall)) : { corporateNumbers: [], nameKeys: [] };
      return {
        question,
        hits,
        shown: Math.min(show, ids.length),
        ranked: found.ranked,
        hasMore: ids.length > show,
        filter: {
          ...followed,
          // the query as a printed name: a record's own printed name may hold it, whatever company it is linked to
          nameParts: plan.printed === '' ? [] : [plan.printed],
        },
        notices: [],
        shared: store.companies.hitsShared,
        ...(ids.length < asked ? { total: ids.length } : {}),
        read: ids.length,
        ...(recall > 0 && ids.length > recall ? { searchedOfMore: recall } : {}),
      };
    }
  }
}

/** The best `count` companies found (at most `shown`), read whole: those the search read, and the others now. */
export function bestCompanies(store: Store, found: FoundCompanies, count: number): CompanyHit[] {
  const wanted = Math.min(count, found.shown);
  if (found.hits.length >= wanted || found.ranked.length === 0) return found.hits.slice(0, wanted);
  return store.companies.hitsOf(found.ranked.slice(0, wanted));
}

/** What an answer about the company of this Corporate Number stands for, as company-records.ts says. */
function companyRecordsOf(
  store: Store,
  number: string,
): { readonly filter: CompanyFilter; readonly elsewhere?: NamedElsewhere } {
  const company = store.companies.ofNumber(number);
  return companyRecordsFilter(
    number,
    company === null
      ? null
      : { ...company, corporateNumber: number, predecessors: store.companies.predecessorsOf(number) },
  );
}

/**
 * How many companies the question finds without a limit, up to `cap`: the count the search already holds when it read
 * every match, else one bounded count of the term index.
 */
export function countCompanies(store: Store, found: FoundCompanies, cap: number): number {
  if (found.total !== undefined) return Math.min(found.total, cap);
  const { plan } = found.question;
  const counted = plan.kind === 'terms' ? store.companies.countByKeys(plan.keys, cap) : 0;
  // never fewer than were found (the count reads each key's look-up no further than the cap needs); the hits shown are
  // among those read
  return Math.min(cap, Math.max(counted, found.read));
}

/** How far a query's records were followed, when it recalls more companies than are followed (`meta.recall`). */
export interface Recall {
  readonly followed: number;
  /** The companies it recalls besides, counted up to MATCHES_COUNTED_UP_TO in all. */
  readonly not_followed: number;
}

/**
 * The recall of a search that recalled more companies than it followed, with a notice saying so; else undefined.
 * `recalled` is the count of its companies up to MATCHES_COUNTED_UP_TO, when the caller holds it already.
 */
export function recallOf(
  store: Store,
  found: FoundCompanies,
  notices: string[],
  recalled = found.searchedOfMore === undefined ? 0 : countCompanies(store, found, MATCHES_COUNTED_UP_TO),
): Recall | undefined {
  const followed = found.searchedOfMore;
  if (followed === undefined) return undefined;
  const { parameter, value } = found.question;
  notices.push(
    `${parameter} "${echoed(value)}" finds ${recalled === MATCHES_COUNTED_UP_TO ? `${recalled} or more` : recalled} companies; ` +
      `the records of the best ${followed} (linked to them or naming them) were searched: make ${parameter} more precise to reach the others.`,
  );
  return { followed, not_followed: Math.max(1, recalled - followed) };
}

/** What a `company=` filter stands for: the same search as /companies, up to COMPANY_FILTER_MATCHES companies followed. */
export function companyFilterOf(
  store: Store,
  value: string,
  notices: string[],
): {
  readonly filter: CompanyFilter;
  readonly recall: Recall | undefined;
  readonly elsewhere: NamedElsewhere | undefined;
} {
  const found = searchCompanies(store, companyQuestion(value, 'company'), 0, COMPANY_FILTER_MATCHES);
  notices.push(...found.notices);
  return { filter: found.filter, recall: recallOf(store, found, notices), elsewhere: found.elsewhere };
}

/** Where the company asked for is: its prefecture (a code) and part of its registered address, each optional. */
export interface CompanyPlace {
  readonly prefectureCode?: string;
  readonly address?: string;
}

/** The name matches read when a place narrows or ranks them: the best of a common name's many companies. */
const PLACE_CANDIDATES = 200;

/**
 * What /api/v1/companies answers: the best `limit` companies for `q`; with a place, the companies `q` finds in that
 * prefecture, those whose registered address holds `address` first, the name's own ranking kept within each.
 */
export function findCompanies(store: Store, q: string, limit: number, place: CompanyPlace = {}): FoundCompanies {
  const question = companyQuestion(q, 'q');
  if (place.prefectureCode === undefined && place.address === undefined)
    return searchCompanies(store, question, limit, 0);
  const found = searchCompanies(store, question, PLACE_CANDIDATES, 0);
  const placed: CompanyHit[] = [];
  for (const hit of found.hits) {
    if (place.prefectureCode !== undefined && hit.company.address.prefecture_code !== place.prefectureCode) continue;
    const address =
      place.address === undefined ? undefined : addressHolds(registeredAddress(hit.company), place.address);
    placed.push({
      company: hit.company,
      match: {
        ...hit.match,
        ...(place.prefectureCode === undefined ? {} : { prefecture: true as const }),
        ...(address === undefined ? {} : { address }),
      },
    });
  }
  const ordered =
    place.address === undefined
      ? placed
      : [...placed.filter((h) => h.match.address), ...placed.filter((h) => !h.match.address)];
  const notices = [...found.notices];
  if (found.hasMore) {
    notices.push(
      `More than ${PLACE_CANDIDATES} companies match q by name; prefecture and address were applied to the best ${PLACE_CANDIDATES} of them: make q more precise to reach the others.`,
    );
  }
  const hits = ordered.slice(0, limit);
  return {
    question,
    hits,
    shown: hits.length,
    ranked: [],
    hasMore: ordered.length > limit || found.hasMore,
    filter: found.filter,
    notices,
    shared: false,
    read: found.read,
  };
}

function registeredAddress(company: CompanyHit['company']): string {
  const { prefecture, city, street, outside } = company.address;
  return [prefecture, city, street, outside].filter((part) => part !== null).join('');
}
