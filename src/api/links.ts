// Every company and record has one address in the API and one page for people: the paths are made here, once.
import type { RecordKind } from '../domain/records/record.js';

/** Where the API's endpoints are. */
export const BASE_PATH = '/api/v1';

/** The API path of each record kind's list; a record's own address is this path and its id. */
export const RECORD_PATHS = {
  enforcement: `${BASE_PATH}/enforcements`,
  procurement_suspension: `${BASE_PATH}/procurement-suspensions`,
  license_action: `${BASE_PATH}/license-actions`,
} as const satisfies Readonly<Record<RecordKind, string>>;

export const COMPANIES_PATH = `${BASE_PATH}/companies`;
export const SEARCH_PATH = `${BASE_PATH}/search`;
/** Every source of every record kind: where an answer's coverage sends a reader for the sources it names not. */
export const SOURCES_COVERAGE_PATH = `${BASE_PATH}/coverage`;
/** The pages for people. */
export const COMPANY_PAGE_PATH = '/companies';
export const RECORD_PAGE_PATH = '/records';
export const SEARCH_PAGE_PATH = '/search';
export const COVERAGE_PAGE_PATH = '/coverage';

export interface Links {
  readonly self: string;
  readonly html: string;
}

/**
 * Paths from the root of the service, not absolute URLs: the Host header a request names is the client's to choose,
 * so an address built from it could point anywhere; a path resolves against wherever the answer was fetched from.
 */
export function companyLinks(corporateNumber: string): Links {
  return { self: `${COMPANIES_PATH}/${corporateNumber}`, html: `${COMPANY_PAGE_PATH}/${corporateNumber}` };
}

export function recordLinks(kind: RecordKind, id: string): Links {
  const path = encodeURIComponent(id);
  return { self: `${RECORD_PATHS[kind]}/${path}`, html: `${RECORD_PAGE_PATH}/${path}` };
}

/** The search of a name: every company of the name and their records, as /api/v1/search answers it. */
export function nameSearchPath(name: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ q: name }).toString()}`;
}
