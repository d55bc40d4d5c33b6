// Company search for the endpoints, planned once per value: the companies to show (/companies, /search) and the
// recall that `company=` and /search filter records by (the same search, up to COMPANY_FILTER_MATCHES companies).
import { echoed } from './errors.js';
import { planCompanySearch } from '../domain/companies/company-search-plan.js';
import { COMPANY_FILTER_MATCHES } from '../domain/records/filter-names.js';
import { MATCHES_COUNTED_UP_TO } from '../domain/text/search-split.js';
import type { CompanyFilter } from '../domain/records/record-query.js';
import type { CompanyHit } from '../store/read/company-queries.js';
import type { Store } from '../store/read/store.js';
import type { IdentifiedCompany } from '../store/read/followed-companies.js';
import { addressHolds } from '../domain/address-key.js';

export interface FoundCompanies {
  /** The best `show` companies, best first. */
  readonly hits: CompanyHit[];
  readonly hasMore: boolean;
  /** The records these stand for: those of the companies recalled and of their names, and of the query's name key. */
  readonly filter: CompanyFilter;
  /** Set when the query identifies one company (its Corporate Number): the records naming it placed elsewhere. */
  readonly elsewhere?: NamedElsewhere;
  /** Set when the query recalls more companies than the filter follows: how many it follows. */
  readonly followedOfMore?: number;
  readonly notices: string[];
  /** Whether `hits` are kept by the answer cache, so that later answers hand out the same objects (never change one). */
  readonly shared: boolean;
  /** How many companies match in all, when the search read every one of them; else undefined (countCompanies). */
  readonly total?: number;
  /** How many companies the search read: `total` when it read every one, else its first, all of which match. */
  readonly read: number;
}

/** The answer to a query that names no company, with the notice that says why. */
function nothingFound(notice: string): FoundCompanies {
  return {
    hits: [],
    hasMore: false,
    total: 0,
    read: 0,
    filter: { corporateNumbers: [], nameKeys: [], nameParts: [] },
    shared: false,
    notices: [notice],
  };
}

/**
 * Searches companies by what a person typed as `parameter`. `show` companies are returned for display; `recall`
 * (0 when records are not wanted) bounds the companies whose records, and records of whose names, the filter stands
 * for: a Corporate Number recalls its company, a name the companies it finds, best first.
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
      const hits: CompanyHit[] = company
        ? [{ company, match: { field: 'corporate_number', kind: 'exact', alias_kind: null } }]
        : [];
      const identified = recall > 0 ? store.companies.identified(plan.number) : null;
      return {
        hits,
        hasMore: false,
        ...identifiedFilters(plan.number, identified),
        notices: [],
        shared: false,
        total: hits.length,
        read: hits.length,
      };
    }
    case 'invalid_corporate_number':
      return nothingFound(
        `${parameter} "${echoed(value)}" looks like a Corporate Number, but its check digit (the first digit) is wrong, so no company has it.`,
      );
    case 'legal_form_only':
      return nothingFound(
        `${parameter} "${echoed(value)}" is a legal form and nothing else, which names no company: add the company's name (株式会社 and its abbreviations are then read as its form).`,
      );
    case 'nothing':
      return nothingFound(
        `${parameter} "${echoed(value)}" has nothing to search for once punctuation and legal forms are removed.`,
      );
    case 'terms': {
      // one more than followed, to know whether the query recalls more companies than are followed
      const asked = Math.max(show + 1, recall > 0 ? recall + 1 : 0);
      const { ids, hits } = store.companies.findByKeys(plan.keys, asked, plan.legalForm, show);
      const followed =
        recall > 0 ? store.companies.followed(ids.slice(0, recall)) : { corporateNumbers: [], nameKeys: [] };
      return {
        hits,
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
        ...(recall > 0 && ids.length > recall ? { followedOfMore: recall } : {}),
      };
    }
  }
}

/**
 * The records linked to none that name an identified company's names but place it in another prefecture than its own:
 * not listed as possibly its own, but counted, with the search of its name that lists every company of the name.
 */
export interface NamedElsewhere {
  readonly filter: CompanyFilter;
  /** The company's registered name, which `/api/v1/search?q=` is asked by. */
  readonly name: string;
}

/**
 * What an answer about the company of this number stands for: the records linked to it, and the records linked to
 * none that name one of its names placed nowhere or in its prefecture (apart, those placed in another).
 */
function identifiedFilters(
  number: string,
  identified: IdentifiedCompany | null,
): { readonly filter: CompanyFilter; readonly elsewhere?: NamedElsewhere } {
  const filter = { corporateNumbers: [number], nameKeys: [], nameParts: [] };
  if (identified === null || identified.nameKeys.length === 0) return { filter };
  const { nameKeys, prefectureCode } = identified;
  return {
    filter: { ...filter, nameKeys, named: { within: 'own', prefectureCode } },
    elsewhere: {
      filter: { corporateNumbers: [], nameKeys, named: { within: 'elsewhere', prefectureCode }, nameParts: [] },
      name: identified.name,
    },
  };
}

/**
 * How many companies `value` finds without a limit, up to `cap`: the count the search already holds when it read
 * every match, else one bounded count of the term index.
 */
export function countCompanies(store: Store, value: string, found: FoundCompanies, cap: number): number {
  if (found.total !== undefined) return Math.min(found.total, cap);
  const plan = planCompanySearch(value);
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
  value: string,
  parameter: 'q' | 'company',
  found: FoundCompanies,
  notices: string[],
  recalled = found.followedOfMore === undefined ? 0 : countCompanies(store, value, found, MATCHES_COUNTED_UP_TO),
): Recall | undefined {
  const followed = found.followedOfMore;
  if (followed === undefined) return undefined;
  notices.push(
    `${parameter} "${echoed(value)}" finds ${recalled === MATCHES_COUNTED_UP_TO ? `${recalled} or more` : recalled} companies; ` +
      `the records of the best ${followed} (linked to them or naming them) were searched: make ${parameter} more precise to reach the others.`,
  );
  return { followed, not_followed: Math.max(1, recalled - followed) };
}

/** What a `company=` filter stands for: the same search as /companies, up to COMPANY_FILTER_MATCHES companies followed. */
export function recallCompanies(
  store: Store,
  value: string,
  notices: string[],
): {
  readonly filter: CompanyFilter;
  readonly recall: Recall | undefined;
  readonly elsewhere: NamedElsewhere | undefined;
} {
  const found = searchCompanies(store, value, 'company', 0, COMPANY_FILTER_MATCHES);
  notices.push(...found.notices);
  return {
    filter: found.filter,
    recall: recallOf(store, value, 'company', found, notices),
    elsewhere: found.elsewhere,
  };
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
    read: found.read,
  };
}

function registeredAddress(company: CompanyHit['company']): string {
  const { prefecture, city, street, outside } = company.address;
  return [prefecture, city, street, outside].filter((part) => part !== null).join('');
}
