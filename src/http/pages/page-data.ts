// What each page shows, read through the API's own answers: a page shows what the endpoint it stands for answers.
import { openDataset, type RouteContext } from '../../api/endpoint.js';
import { SEARCH, searchCompanyPage, searchKindPage } from '../../api/endpoints/search.js';
import { companyAt, presentedRecordAt } from '../../api/endpoints/addresses.js';
import { listRecords, recordListMeta } from '../../api/record-endpoint.js';
import { everySource } from '../../api/endpoints/coverage.js';
import type { SourceCoverage } from '../../domain/source-coverage.js';
import { presentCompany } from '../../api/present/company.js';
import { presentRecord, type PresentedKinds } from '../../api/present/records.js';
import { kindOfRecordId } from '../../domain/records/record-id.js';
import { planCompanySearch } from '../../domain/companies/company-search-plan.js';
import { mayBeRegisteredAt } from '../../domain/records/record-names.js';
import type { CompanyRecord } from '../../store/company-row.js';
import type { Recall } from '../../api/company-search.js';
import { japanDate } from '../../domain/dates.js';
import { ApiError } from '../../api/errors.js';
import type { Company } from '../../api/schemas/company.js';
import type { AnswerCoverage } from '../../api/schemas/common.js';
import type { Static } from '@sinclair/typebox';
import type { ShownRecord } from './record-parts.js';
import { RECORD_KINDS, RECORD_LISTS, type RecordKind } from '../../domain/records/record.js';
import { shareSearchLimit } from '../../domain/text/search-split.js';

/** How many of each kind a page lists; the API's own limit. */
export const PAGE_ROWS = 10;

export type KindCoverage = Static<typeof AnswerCoverage>;

export interface KindResults {
  readonly kind: RecordKind;
  readonly records: readonly ShownRecord[];
  /** How many match in all (up to 1000), or null where the answer does not say. */
  readonly total: number | null;
  readonly coverage: KindCoverage;
}

/** How a query was read, when that is worth saying: the API's `meta.notice`, as a page says it. */
export type QueryNotice = 'invalid_corporate_number' | 'legal_form_only' | 'nothing';

export interface SearchResults {
  readonly companies: readonly Company[];
  readonly companiesTotal: number | null;
  readonly kinds: readonly KindResults[];
  readonly notice: QueryNotice | null;
  /** Set when `q` recalls more companies than are followed (the API's meta.recall). */
  readonly recall: Recall | null;
}

/** A presented record of each kind with its kind: one function a kind, so that each pair is typed as its kind's. */
const SHOWN: { readonly [K in RecordKind]: (record: PresentedKinds[K]) => ShownRecord } = {
  enforcement: (record) => ({ kind: 'enforcement', record }),
  procurement_suspension: (record) => ({ kind: 'procurement_suspension', record }),
  license_action: (record) => ({ kind: 'license_action', record }),
};

/** A presented record with its kind, as the pages show it. */
function shown<K extends RecordKind>(kind: K, record: PresentedKinds[K]): ShownRecord {
  const show: (record: PresentedKinds[K]) => ShownRecord = SHOWN[kind];
  return show(record);
}

/** What the API's notice for `q` says, by the way the query was read (company-search.ts writes it in English). */
function queryNotice(q: string): QueryNotice | null {
  const kind = planCompanySearch(q).kind;
  return kind === 'invalid_corporate_number' || kind === 'legal_form_only' || kind === 'nothing' ? kind : null;
}

/** What /api/v1/search answers for `q`, as the search page shows it. */
export function searchResults(context: RouteContext, q: string, requestId: string): SearchResults {
  const { data, meta } = SEARCH.answer(context, { q, limit: PAGE_ROWS }, requestId);
  const kindOf = <K extends RecordKind>(kind: K, records: readonly PresentedKinds[K][]): KindResults => ({
    kind,
    records: records.map((record) => shown(kind, record)),
    total: meta.matches[RECORD_LISTS[kind]],
    coverage: meta.coverage[RECORD_LISTS[kind]],
  });
  return {
    companies: data.companies,
    companiesTotal: meta.matches.companies,
    kinds: [
      kindOf('enforcement', data.enforcements),
      kindOf('procurement_suspension', data.procurement_suspensions),
      kindOf('license_action', data.license_actions),
    ],
    notice: queryNotice(q),
    recall: meta.recall ?? null,
  };
}

/** Where a page of one list's matches stands among them: its number, the last page, whether more match than pages reach. */
export interface PageSpan {
  readonly page: number;
  readonly maxPage: number;
  /** More match than the pages reach (the API's page cap). */
  readonly beyondCap: boolean;
  readonly notice: QueryNotice | null;
}

/** One page of one kind's matches of a search: the rest of a list the search page shows the first rows of. */
export interface KindPage extends KindResults, PageSpan {
  readonly recall: Recall | null;
}

/** One page of the companies a search finds: the rest of the list the search page shows the first of. */
export interface CompaniesPage extends PageSpan {
  readonly companies: readonly Company[];
  readonly total: number;
}

function pageSpan(context: RouteContext, q: string, page: number, matches: number): PageSpan {
  const cap = context.config.maxPage;
  return {
    page,
    maxPage: Math.max(1, Math.min(cap, Math.ceil(matches / PAGE_ROWS))),
    beyondCap: matches > cap * PAGE_ROWS,
    notice: queryNotice(q),
  };
}

export function searchCompaniesResults(context: RouteContext, q: string, page: number): CompaniesPage {
  const found = searchCompanyPage(context, q, page, PAGE_ROWS);
  return { companies: found.companies, total: found.matches, ...pageSpan(context, q, page, found.matches) };
}

export function searchKindResults(context: RouteContext, q: string, kind: RecordKind, page: number): KindPage {
  const found = searchKindPage(context, q, kind, page, PAGE_ROWS);
  return {
    kind,
    records: found.records.map((record) => shown(kind, record)),
    total: found.matches,
    coverage: found.coverage,
    recall: found.recall ?? null,
    ...pageSpan(context, q, page, found.matches),
  };
}

export interface CompanyPage {
  readonly company: Company;
  readonly kinds: readonly KindResults[];
  /** Records that name the company as it is named, linked to no company: they may be its, or another's. */
  readonly unlinked: readonly ShownRecord[];
  /** Whether more such records may be found than are shown: by a search of the company's name, a click away. */
  readonly unlinkedMore: boolean;
  /** When the answer was made, and the dataset it was made from. */
  readonly answeredAt: string;
  readonly datasetVersion: string;
}

/**
 * The company with this number and its records of every kind, its predecessors' included (as the API's own lists):
 * PAGE_ROWS record rows in all, as an answer of the API holds at most `limit`, shared among the kinds as /search
 * shares them (shareSearchLimit), then what is left to the records that name it linked to none. The rest of each
 * kind is a counted click away (its search page by Corporate Number), and the rest of those linked to none too (a
 * search of its name).
 */
export function companyPage(context: RouteContext, number: string, requestId: string): CompanyPage {
  const store = openDataset(context);
  const company = companyAt(store, number);
  const params = {
    corporate_number: company.corporate_number,
    include_predecessors: 'true',
    limit: PAGE_ROWS,
  } as const;
  const enforcements = listRecords('enforcement', context, params, requestId);
  const suspensions = listRecords('procurement_suspension', context, params, requestId);
  const licenses = listRecords('license_action', context, params, requestId);
  const counts = company.record_counts;
  const [e = 0, s = 0, l = 0] = shareSearchLimit(PAGE_ROWS, [
    enforcements.records.length,
    suspensions.records.length,
    licenses.records.length,
  ]);
  const unlinked = unlinkedRecords(context, company, PAGE_ROWS - e - s - l);
  return {
    company: presentCompany({ company, match: { field: 'corporate_number', kind: 'exact', alias_kind: null } }),
    kinds: [
      {
        kind: 'enforcement',
        records: enforcements.records.slice(0, e).map((record) => shown('enforcement', record)),
        total: counts.enforcements,
        coverage: enforcements.meta.coverage,
      },
      {
        kind: 'procurement_suspension',
        records: suspensions.records.slice(0, s).map((record) => shown('procurement_suspension', record)),
        total: counts.procurement_suspensions,
        coverage: suspensions.meta.coverage,
      },
      {
        kind: 'license_action',
        records: licenses.records.slice(0, l).map((record) => shown('license_action', record)),
        total: counts.license_actions,
        coverage: licenses.meta.coverage,
      },
    ],
    unlinked: unlinked.records,
    unlinkedMore: unlinked.more,
    answeredAt: context.clock().toISOString(),
    datasetVersion: store.meta.version,
  };
}

/** How many pages of a name's records the company page reads for those linked to no company. */
const UNLINKED_PAGES_READ = 5;

/**
 * The records that name the company by one of its names (folded as the linker folds them), are linked to no company,
 * and place it nowhere or where it is registered: what `company=` adds to a company's own records that may be its,
 * at most `rows` in all, shared among the kinds, from the names' newest records; and whether more may be found than
 * those (by a search of its name). A record of another city names a namesake as likely as this company, and is not
 * offered as possibly its own.
 */
function unlinkedRecords(
  context: RouteContext,
  company: CompanyRecord,
  rows: number,
): { readonly records: ShownRecord[]; readonly more: boolean } {
  if (rows <= 0) return { records: [], more: true };
  const store = openDataset(context);
  const today = japanDate(context.clock());
  const nameKeys = store.companies.nameKeysOfNumbers([company.corporate_number]);
  const query = { company: { corporateNumbers: [], nameKeys, nameParts: [] }, today };
  const registered = { prefecture_code: company.address.prefecture_code, city: company.address.city };
  let more = false;
  const byKind = RECORD_KINDS.map((kind) => {
    const unlinked: ShownRecord[] = [];
    let page = 1;
    // one more than `rows` is read, to know whether there is more
    for (; page <= UNLINKED_PAGES_READ && unlinked.length <= rows; page++) {
      const found = store.records.page(kind, query, { limit: PAGE_ROWS, page });
      for (const record of found.records) {
        if (unlinked.length > rows || record.company.corporate_number !== null) continue;
        if (mayBeRegisteredAt(record.company, record.authority, registered))
          unlinked.push(shown(kind, presentRecord(kind, record, today)));
      }
      if (!found.hasMore) break;
    }
    // pages left unread may hold more
    if (page > UNLINKED_PAGES_READ) more = true;
    return unlinked;
  });
  const shares = shareSearchLimit(
    rows,
    byKind.map((list) => list.length),
  );
  const records = byKind.flatMap((list, i) => list.slice(0, shares[i] ?? 0));
  return { records, more: more || byKind.some((list, i) => list.length > (shares[i] ?? 0)) };
}

/** Every source of every kind with its state, and each kind's coverage of an answer: the page /coverage. */
export interface SourcesPage {
  readonly sources: readonly SourceCoverage[];
  readonly kinds: readonly KindResults[];
  readonly now: Date;
  readonly freshHours: number;
}

export function sourcesPage(context: RouteContext): SourcesPage {
  const store = openDataset(context);
  return {
    sources: everySource(context),
    kinds: RECORD_KINDS.map((kind) => ({
      kind,
      records: [],
      total: null,
      coverage: recordListMeta(store, context, kind, undefined).coverage,
    })),
    now: context.clock(),
    freshHours: context.config.freshHours,
  };
}

/** The record with this id, of the kind its prefix names; 404 for an id of no kind. */
export function recordPage(context: RouteContext, id: string): ShownRecord {
  const store = openDataset(context);
  const kind = kindOfRecordId(id);
  if (kind === null) throw new ApiError('not_found', 'No record has this id.', { parameter: 'id' });
  // one arm per kind: each narrows `kind`, so that the record's type follows it
  switch (kind) {
    case 'enforcement':
      return { kind, record: presentedRecordAt(context, store, id, kind) };
    case 'procurement_suspension':
      return { kind, record: presentedRecordAt(context, store, id, kind) };
    case 'license_action':
      return { kind, record: presentedRecordAt(context, store, id, kind) };
  }
}
