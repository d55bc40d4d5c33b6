// Company search for the endpoints, planned once per value: the companies to show (/companies, /search) and the
// recall that `company=` and /search filter records by (the same search, up to COMPANY_FILTER_MATCHES companies).
import { echoed } from './errors.js';
import { planCompanySearch } from '../domain/company-search-plan.js';
import { COMPANY_FILTER_MATCHES } from '../domain/record-filters.js';
import type { CompanyFilter } from '../domain/record-query.js';
import type { CompanyHit } from '../store/company-queries.js';
import type { Store } from '../store/store.js';
import { addressHolds } from '../domain/address-key.js';

export interface FoundCompanies {
  /** The best `show` companies, best first. */
  readonly hits: CompanyHit[];
  readonly hasMore: boolean;
  /** The records these stand for: the companies recalled, and the name key of records linked to none. */
  readonly filter: CompanyFilter;
  readonly notices: string[];
  /** Whether `hits` are kept by the answer cache, so that later answers hand out the same objects (never change one). */
  readonly shared: boolean;
  /** How many companies match in all, when the search read every one of them; else undefined (countCompanies). */
  readonly total?: number;
}

const NO_COMPANY: CompanyFilter = { corporateNumbers: [], nameKeys: [] };

/**
 * Searches companies by what a person typed as `parameter`. `show` companies are returned for display; `recall`
 * (0 when records are not wanted) bounds the companies whose records the filter stands for.
 */
export function searchCompanies(
  store: Store,
  value: string,
  parameter: 'q' | 'company',
  show: number,
  recall: number,
): FoundCompanies {
  const plan = planCompanySearch(value);
  switch (plan.kind) {
    case 'corporate_number': {
      const company = show > 0 ? store.companies.findByCorporateNumber(plan.number) : undefined;
      const hits = company
        ? [{ company, match: { field: 'corporate_number' as const, kind: 'exact' as const, alias_kind: null } }]
        : [];
      return {
        hits,
        hasMore: false,
        filter: { corporateNumbers: [plan.number], nameKeys: [] },
        notices: [],
        shared: false,
        total: hits.length,
      };
    }
    case 'invalid_corporate_number':
      return {
        hits: [],
        hasMore: false,
        total: 0,
        filter: NO_COMPANY,
        shared: false,
        notices: [
          `${parameter} "${echoed(value)}" looks like a Corporate Number, but its check digit (the first digit) is wrong, so no company has it.`,
        ],
      };
    case 'legal_form_only':
      return {
        hits: [],
        hasMore: false,
        total: 0,
        filter: NO_COMPANY,
        shared: false,
        notices: [
          `${parameter} "${echoed(value)}" is a legal form and nothing else, which names no company: add the company's name (株式会社 and its abbreviations are then read as its form).`,
        ],
      };
    case 'nothing':
      return {
        hits: [],
        hasMore: false,
        total: 0,
        filter: NO_COMPANY,
        shared: false,
        notices: [
          `${parameter} "${echoed(value)}" has nothing to search for once punctuation and legal forms are removed.`,
        ],
      };
    case 'terms': {
      const asked = Math.max(show + 1, recall);
      const rows = store.companies.searchByKeys(plan.keys, asked, plan.legalForm);
      return {
        hits: rows.slice(0, show),
        hasMore: rows.length > show,
        // unlinked records by the name key (the first key is the normalised name)
        filter: {
          corporateNumbers: rows.slice(0, recall).map((h) => h.company.corporate_number),
          nameKeys: plan.keys.slice(0, 1),
        },
        notices: [],
        shared: store.companies.hitsShared,
        ...(rows.length < asked ? { total: rows.length } : {}),
      };
    }
  }
}

/**
 * How many companies `value` finds without a limit, up to `cap`: the count the search already holds when it read
 * every match, else one bounded count of the term index.
 */
export function countCompanies(store: Store, value: string, found: FoundCompanies, cap: number): number {
  if (found.total !== undefined) return Math.min(found.total, cap);
  const plan = planCompanySearch(value);
  const counted = plan.kind === 'terms' ? store.companies.countByKeys(plan.keys, cap) : 0;
  // never fewer than were found (the count reads each key's look-up no further than the cap needs)
  return Math.min(cap, Math.max(counted, found.filter.corporateNumbers.length, found.hits.length));
}

/** What a `company=` filter stands for: the same search as /companies, up to COMPANY_FILTER_MATCHES companies. */
export function recallCompanies(store: Store, value: string, notices: string[]): CompanyFilter {
  const found = searchCompanies(store, value, 'company', 0, COMPANY_FILTER_MATCHES);
  notices.push(...found.notices);
  return found.filter;
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
  if (place.prefectureCode === undefined && place.address === undefined)
    return searchCompanies(store, q, 'q', limit, 0);
  const found = searchCompanies(store, q, 'q', PLACE_CANDIDATES, 0);
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
  return {
    hits: ordered.slice(0, limit),
    hasMore: ordered.length > limit || found.hasMore,
    filter: found.filter,
    notices,
    shared: false,
  };
}

function registeredAddress(company: CompanyHit['company']): string {
  const { prefecture, city, street, outside } = company.address;
  return [prefecture, city, street, outside].filter((part) => part !== null).join('');
}
