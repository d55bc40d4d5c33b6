// What each page shows, read through the API's own answers: a page shows what the endpoint it stands for answers.
import { openDataset, type RouteContext } from '../../api/context.js';
import { SEARCH } from '../../api/endpoints/search.js';
import { companyAt, presentedRecordAt } from '../../api/endpoints/addresses.js';
import { ENFORCEMENTS, LICENSE_ACTIONS, PROCUREMENT_SUSPENSIONS } from '../../api/endpoints/records.js';
import { answerRecords } from '../../api/record-endpoint.js';
import { presentCompany } from '../../api/present/company.js';
import { kindOfRecordId } from '../../domain/record-id.js';
import { ApiError } from '../../api/errors.js';
import type { Company } from '../../api/schemas/company.js';
import type { PresentedKinds } from '../../api/present/records.js';
import type { AnswerCoverage } from '../../api/schemas/common.js';
import type { Static } from '@sinclair/typebox';
import type { ShownRecord } from './record-parts.js';
import type { RECORD_LISTS, RecordKind } from '../../domain/record.js';

/** How many of each kind a page lists; the API's own limit. */
const PAGE_ROWS = 10;

export interface KindResults {
  readonly kind: RecordKind;
  readonly records: readonly ShownRecord[];
  /** How many match in all (up to 1000), or null where the answer does not say. */
  readonly total: number | null;
  readonly coverage: Static<typeof AnswerCoverage>;
}

export interface SearchResults {
  readonly companies: readonly Company[];
  readonly companiesTotal: number | null;
  readonly kinds: readonly KindResults[];
}

type KindLists = { readonly [K in RecordKind as (typeof RECORD_LISTS)[K]]: PresentedKinds[K][] };

interface SearchAnswer {
  readonly data: { readonly companies: Company[] } & KindLists;
  readonly meta: {
    readonly matches: { readonly companies: number } & { readonly [L in keyof KindLists]: number };
    readonly coverage: { readonly [L in keyof KindLists]: Static<typeof AnswerCoverage> };
  };
}

/** What /api/v1/search answers for `q`, as the search page shows it. */
export function searchResults(context: RouteContext, q: string, requestId: string): SearchResults {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the endpoint's answer function builds this shape, which its response schema declares and the OpenAPI answer tests check
  const answer = SEARCH.answer(context, { q, limit: PAGE_ROWS }, requestId) as SearchAnswer;
  const { data, meta } = answer;
  return {
    companies: data.companies,
    companiesTotal: meta.matches.companies,
    kinds: [
      {
        kind: 'enforcement',
        records: data.enforcements.map((record) => ({ kind: 'enforcement', record })),
        total: meta.matches.enforcements,
        coverage: meta.coverage.enforcements,
      },
      {
        kind: 'procurement_suspension',
        records: data.procurement_suspensions.map((record) => ({ kind: 'procurement_suspension', record })),
        total: meta.matches.procurement_suspensions,
        coverage: meta.coverage.procurement_suspensions,
      },
      {
        kind: 'license_action',
        records: data.license_actions.map((record) => ({ kind: 'license_action', record })),
        total: meta.matches.license_actions,
        coverage: meta.coverage.license_actions,
      },
    ],
  };
}

export interface CompanyPage {
  readonly company: Company;
  readonly kinds: readonly KindResults[];
}

/** The company with this number and its records of every kind, its predecessors' included (as the API's own lists). */
export function companyPage(context: RouteContext, number: string, requestId: string): CompanyPage {
  const store = openDataset(context);
  const company = companyAt(store, number);
  const params = {
    corporate_number: company.corporate_number,
    include_predecessors: 'true',
    limit: PAGE_ROWS,
  } as const;
  const enforcements = answerRecords(ENFORCEMENTS, context, store, requestId, params);
  const suspensions = answerRecords(PROCUREMENT_SUSPENSIONS, context, store, requestId, params);
  const licenses = answerRecords(LICENSE_ACTIONS, context, store, requestId, params);
  return {
    company: presentCompany({ company, match: { field: 'corporate_number', kind: 'exact', alias_kind: null } }),
    kinds: [
      {
        kind: 'enforcement',
        records: enforcements.records.map((record) => ({ kind: 'enforcement', record })),
        total: company.record_counts.enforcements,
        coverage: enforcements.meta.coverage,
      },
      {
        kind: 'procurement_suspension',
        records: suspensions.records.map((record) => ({ kind: 'procurement_suspension', record })),
        total: company.record_counts.procurement_suspensions,
        coverage: suspensions.meta.coverage,
      },
      {
        kind: 'license_action',
        records: licenses.records.map((record) => ({ kind: 'license_action', record })),
        total: company.record_counts.license_actions,
        coverage: licenses.meta.coverage,
      },
    ],
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
