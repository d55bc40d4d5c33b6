// What each page shows, read through the API's own answers: a page shows what the endpoint it stands for answers.
import { openDataset, type RouteContext } from '../../api/endpoint.js';
import { searchAnswer, searchCompanyPage, searchKindPage } from '../../api/endpoints/search.js';
import { companyAt, presentedRecordAt } from '../../api/endpoints/addresses.js';
import { listRecordsCounted, recordListMeta, type NamedElsewhereCount } from '../../api/record-endpoint.js';
import { everySource } from '../../api/endpoints/coverage.js';
import type { SourceCoverage } from '../../domain/source-coverage.js';
import { presentCompany } from '../../api/present/company.js';
import type { PresentedKinds } from '../../api/present/records.js';
import { kindOfRecordId } from '../../domain/records/record-id.js';
import type { CompanySearchPlan } from '../../domain/companies/company-search-plan.js';
import type { Recall } from '../../api/company-search.js';
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

/** What the API's notice for a query says, by the way the API read it (company-search.ts writes it in English). */
function queryNotice(plan: CompanySearchPlan): QueryNotice | null {
  const { kind } = plan;
  return kind === 'invalid_corporate_number' || kind === 'legal_form_only' || kind === 'nothing' ? kind : null;
}

/** What /api/v1/search answers for `q`, as the search page shows it. */
export function searchResults(context: RouteContext, q: string, requestId: string): SearchResults {
  const {
    answer: { data, meta },
    plan,
  } = searchAnswer(context, { q, limit: PAGE_ROWS }, requestId);
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
    notice: queryNotice(plan),
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

function pageSpan(context: RouteContext, plan: CompanySearchPlan, page: number, matches: number): PageSpan {
  const cap = context.config.maxPage;
  return {
    page,
    maxPage: Math.max(1, Math.min(cap, Math.ceil(matches / PAGE_ROWS))),
    beyondCap: matches > cap * PAGE_ROWS,
    notice: queryNotice(plan),
  };
}

export function searchCompaniesResults(context: RouteContext, q: string, page: number): CompaniesPage {
  const found = searchCompanyPage(context, q, page, PAGE_ROWS);
  return { companies: found.companies, total: found.matches, ...pageSpan(context, found.plan, page, found.matches) };
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
    ...pageSpan(context, found.plan, page, found.matches),
  };
}

export interface CompanyPage {
  readonly company: Company;
  /**
   * Its records of each kind as `company=` lists them (company-records.ts): its own first (linked to it or to a
   * company merged into it), then those naming it linked to none that may be its own, each labelled.
   */
  readonly kinds: readonly KindResults[];
  /** The records naming it linked to none that place it in another prefecture, when there are any. */
  readonly namedElsewhere: NamedElsewhereCount | null;
  /** When the answer was made, and the dataset it was made from. */
  readonly answeredAt: string;
  readonly datasetVersion: string;
}

/**
 * The company with this number and its records of every kind as `company=` answers them: PAGE_ROWS record rows in
 * all, as an answer of the API holds at most `limit`, shared among the kinds as /search shares them
 * (shareSearchLimit). The rest of each kind is a counted click away: its pages, in the same order.
 */
export function companyPage(context: RouteContext, number: string, requestId: string): CompanyPage {
  const store = openDataset(context);
  const company = companyAt(store, number);
  const params = { company: company.corporate_number, limit: PAGE_ROWS } as const;
  const lists = {
    enforcement: listRecordsCounted('enforcement', context, params, requestId),
    procurement_suspension: listRecordsCounted('procurement_suspension', context, params, requestId),
    license_action: listRecordsCounted('license_action', context, params, requestId),
  };
  const [e = 0, s = 0, l = 0] = shareSearchLimit(
    PAGE_ROWS,
    RECORD_KINDS.map((kind) => lists[kind].records.length),
  );
  const elsewhere = RECORD_KINDS.reduce((n, kind) => n + (lists[kind].meta.named_elsewhere?.total ?? 0), 0);
  return {
    company: presentCompany({ company, match: { field: 'corporate_number', kind: 'exact', alias_kind: null } }),
    kinds: [
      sectionOf('enforcement', lists.enforcement, e),
      sectionOf('procurement_suspension', lists.procurement_suspension, s),
      sectionOf('license_action', lists.license_action, l),
    ],
    namedElsewhere: elsewhere === 0 ? null : { total: elsewhere, name: company.name },
    answeredAt: context.clock().toISOString(),
    datasetVersion: store.meta.version,
  };
}

/** The first `rows` of a kind's records listed for a page, with their count and coverage. */
function sectionOf<K extends RecordKind>(
  kind: K,
  list: {
    readonly records: readonly PresentedKinds[K][];
    readonly total: number;
    readonly meta: { coverage: KindCoverage };
  },
  rows: number,
): KindResults {
  return {
    kind,
    records: list.records.slice(0, rows).map((record) => shown(kind, record)),
    total: list.total,
    coverage: list.meta.coverage,
  };
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
