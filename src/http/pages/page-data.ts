// What each page shows, read through the API's own answers: a page shows what the endpoint it stands for answers.
import { openDataset, type RouteContext } from '../../api/endpoint.js';
import { countEveryKind, SEARCH, searchCompanyPage, searchKindPage } from '../../api/endpoints/search.js';
import { companyAt, presentedRecordAt } from '../../api/endpoints/addresses.js';
import {
  countNamedElsewhere,
  listRecords,
  recordListMeta,
  type NamedElsewhereCount,
} from '../../api/record-endpoint.js';
import { recallCompanies } from '../../api/company-search.js';
import { everySource } from '../../api/endpoints/coverage.js';
import type { SourceCoverage } from '../../domain/source-coverage.js';
import { presentCompany } from '../../api/present/company.js';
import { presentRecord, type PresentedKinds } from '../../api/present/records.js';
import { kindOfRecordId } from '../../domain/records/record-id.js';
import { planCompanySearch } from '../../domain/companies/company-search-plan.js';
import type { CompanyRecord } from '../../store/read/company-row.js';
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
  /** Set when `q` is a Corporate Number and records naming its company linked to none place it elsewhere. */
  readonly namedElsewhere: NamedElsewhereCount | null;
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
    namedElsewhere: namedElsewhereOf(meta),
  };
}

/** The API's `meta.named_elsewhere` as a page says it: the count, and the name its search link asks for. */
function namedElsewhereOf(meta: {
  readonly named_elsewhere?: { readonly total: number; readonly search: string };
}): NamedElsewhereCount | null {
  const named = meta.named_elsewhere;
  if (named === undefined) return null;
  // the link is the API's own (nameSearchPath): the name is its one parameter
  const name = new URLSearchParams(named.search.slice(named.search.indexOf('?') + 1)).get('q') ?? '';
  return { total: named.total, name };
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
  readonly namedElsewhere: NamedElsewhereCount | null;
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
    namedElsewhere: namedElsewhereOf(found),
    ...pageSpan(context, q, page, found.matches),
  };
}

export interface CompanyPage {
  readonly company: Company;
  readonly kinds: readonly KindResults[];
  /**
   * Records that name the company as it is named, linked to no company, placing it nowhere or in its prefecture: they
   * may be its, or a namesake's.
   */
  readonly unlinked: readonly ShownRecord[];
  /** Whether more such records may be found than are shown: by a search of the company's name, a click away. */
  readonly unlinkedMore: boolean;
  /** The records naming it linked to none that place it in another prefecture, when there are any. */
  readonly namedElsewhere: NamedElsewhereCount | null;
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
  const named = namedRecords(context, company, PAGE_ROWS - e - s - l);
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
    unlinked: named.records,
    unlinkedMore: named.more,
    namedElsewhere: named.elsewhere,
    answeredAt: context.clock().toISOString(),
    datasetVersion: store.meta.version,
  };
}

/**
 * The records linked to no company that name the company by one of its names (folded as the linker folds them) and
 * place it nowhere or in its prefecture, as an answer about its Corporate Number holds them apart: at most `rows` in
 * all, shared among the kinds, the newest of each; whether more may be found than those (by a search of its name); and
 * how many place it in another prefecture, which name a namesake as likely as this company and are not offered as
 * possibly its own.
 */
function namedRecords(
  context: RouteContext,
  company: CompanyRecord,
  rows: number,
): { readonly records: ShownRecord[]; readonly more: boolean; readonly elsewhere: NamedElsewhereCount | null } {
  const store = openDataset(context);
  const today = japanDate(context.clock());
  const { filter, elsewhere } = recallCompanies(store, company.corporate_number, []);
  const named = { ...filter, corporateNumbers: [] };
  const counted = countNamedElsewhere(elsewhere, (other) => countEveryKind(store, other, today)) ?? null;
  const byKind = RECORD_KINDS.map((kind) => {
    const found = store.records.page(kind, { company: named, today }, { limit: Math.max(rows, 1), page: 1 });
    return {
      records: found.records.map((record) => shown(kind, presentRecord(kind, record, today, 'named'))),
      more: found.hasMore,
    };
  });
  const shares = shareSearchLimit(
    Math.max(rows, 0),
    byKind.map((list) => list.records.length),
  );
  const records = byKind.flatMap((list, i) => list.records.slice(0, shares[i] ?? 0));
  const more = byKind.some((list, i) => list.more || list.records.length > (shares[i] ?? 0));
  return { records, more, elsewhere: counted };
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
