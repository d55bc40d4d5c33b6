// The one table of record filters (after Datasette's filters.py): per record kind, each filter is one object with its
// parameter, how its value is written and checked, what it means and how its value resolves against the dataset. The
// query schemas and the OpenAPI parameters (./schemas/queries.ts), the query rules and the resolution
// (./query-rules.ts) and the guide read it; each filter's SQL is the store's, by its name
// (src/store/read/record-filter-sql.ts).
import { MAX_PREDECESSORS_COUNTED } from '../domain/companies/company.js';
import { COMPANY_FILTER_MATCHES, type FilterName, type VocabularyFilterName } from '../domain/records/filter-names.js';
import type { RecordQuery } from '../domain/records/record-query.js';
import type { CompanyFilter } from '../domain/records/company-records.js';
import type { RecordKind } from '../domain/records/record.js';
import { VOCABULARIES, type VocabularyName } from '../domain/vocabularies/index.js';
import type { Vocabulary } from '../domain/vocabulary.js';
import { foldWidth } from '../domain/text/text-fold.js';

/** What resolving a filter's value may ask of the dataset; the API answers it (company search, the register). */
export interface FilterResolution {
  /** The records a company, as a person typed it, stands for (domain/records/company-records.ts). */
  company(value: string): CompanyFilter;
  /** The companies merged into this Corporate Number, at any depth. */
  predecessorsOf(corporateNumber: string): readonly string[];
}

/** The checked values of a query's filters, by name: codes for vocabularies, 13 digits for a Corporate Number. */
export type CheckedFilters = { readonly [F in FilterName]?: string };

/** A record query being resolved, filter by filter. */
export type QueryInProgress = { -readonly [K in keyof RecordQuery]: RecordQuery[K] };

/**
 * How a filter's value is written and checked (./query-rules.ts words each refusal): free text, a company as typed, a
 * Corporate Number (its check digit), a code or label of a vocabulary, a calendar date, or `true`/`false`.
 */
type FilterValue =
  | { readonly reads: 'text' | 'company' | 'corporate_number' | 'date' | 'flag' }
  | { readonly reads: 'vocabulary'; readonly vocabulary: Vocabulary };

export type RecordFilter = FilterValue & {
  readonly name: FilterName;
  /** What it means, as the OpenAPI parameter and the guide say it. */
  readonly description: string;
  /**
   * Whether it counts as a filter by itself (the contract's "at least one filter"); a date range counts only when both
   * ends are given and close enough (./query-rules.ts).
   */
  readonly alone: boolean;
  /** Writes its checked value into the store's query: as given, unless the value stands for more than itself. */
  resolve(query: QueryInProgress, value: string, checked: CheckedFilters, resolution: FilterResolution): void;
};

/** A filter whose checked value is the store's. */
function plain(
  name: Exclude<FilterName, 'company'>,
  value: FilterValue,
  description: string,
  alone: boolean,
): RecordFilter {
  return {
    ...value,
    name,
    description,
    alone,
    resolve: (query, checked) => {
      query[name] = checked;
    },
  };
}

const company: RecordFilter = {
  name: 'company',
  reads: 'company',
  description:
    'a company name in any script, or a Corporate Number: the records linked to the companies found or naming ' +
    `them unlinked (at most ${COMPANY_FILTER_MATCHES}; else \`meta.recall\`); for a number, its own and its ` +
    "predecessors' first, then unlinked ones naming it placed in its prefecture or none",
  alone: true,
  resolve: (query, value, _checked, resolution) => {
    query.company = resolution.company(value);
  },
};

/** Free text over the company name, the source's words and the labels of the record's codes, folded in width. */
const q: RecordFilter = {
  name: 'q',
  reads: 'text',
  description: 'free text: company name, summary or reason, law and authority labels',
  alone: true,
  resolve: (query, value) => {
    query.q = foldWidth(value);
  },
};

const corporateNumber = plain(
  'corporate_number',
  { reads: 'corporate_number' },
  'a Corporate Number (13 digits; full-width digits, spaces, hyphens and a leading T are accepted): the records ' +
    'linked to it',
  true,
);

// A company that closed by merger names its successor (the NTA's successor_corporate_number): the records of the
// companies merged into a company are the history of that company too. It widens `corporate_number`'s own term.
const includePredecessors: RecordFilter = {
  name: 'include_predecessors',
  reads: 'flag',
  description:
    // short: every record tool's description holds it, and an agent's context holds every tool's at once
    'true or false (the default): with corporate_number, which true needs (else 400), also the records of the ' +
    `companies merged into it (at any depth, at most ${MAX_PREDECESSORS_COUNTED}); each record names its own company`,
  alone: false,
  resolve: (query, value, checked, resolution) => {
    // the query rules allow it only beside corporate_number
    if (value === 'true' && checked.corporate_number !== undefined)
      query.predecessors = resolution.predecessorsOf(checked.corporate_number);
  },
};

/** A filter by the codes of a published vocabulary (GET /api/v1/vocabularies names it `vocabularyName`). */
function vocabulary(
  name: VocabularyFilterName,
  vocabularyName: VocabularyName,
  what: string,
  alone = true,
): RecordFilter {
  const description = alone
    ? `${what}: a code, its Japanese label or its English label (see /api/v1/vocabularies)`
    : what;
  return plain(name, { reads: 'vocabulary', vocabulary: VOCABULARIES[vocabularyName] }, description, alone);
}

// Every kind's records outlive their source's list (domain/records/listing.ts). It only narrows, since `listing=listed`
// alone would list nearly everything; absent, both listed and delisted.
const listing = vocabulary(
  'listing',
  'listing_status',
  "listed or delisted: whether the latest edition of the record's source list still holds it; absent, both; " +
    'narrows the other filters, never a filter by itself',
  false,
);

/** An authority matches itself and every office under it: `mhlw` its 47 labour bureaus. */
const authority = (what: string): RecordFilter =>
  vocabulary(
    'authority',
    'authority',
    `${what} or any office under it (each authority's \`parent\` in /api/v1/vocabularies)`,
  );

// Most records carry no Corporate Number and two companies can share a name: the prefecture the source places the
// company in tells them apart. It only narrows, since a prefecture alone would list all its records.
const prefecture = vocabulary(
  'prefecture',
  'prefecture',
  "the company's prefecture as the record gives it (company.prefecture_code): a JIS code (01-47), its Japanese " +
    '(with or without 都府県) or English name; narrows the other filters, never one by itself',
  false,
);

/**
 * `from` and `to` bound the date each kind is listed by (record-tables.ts `orderColumn`): an enforcement's and a
 * licence action's date, a suspension's first day. A suspension is placed by its start rather than by whether its
 * period overlaps the range, so that consecutive ranges split the records with none in two of them: narrowing by
 * dates reaches each record once, where `page` stops. A range alone counts as a filter only when short enough.
 */
function dateRange(what: string): readonly RecordFilter[] {
  return [
    plain('from', { reads: 'date' }, `earliest ${what}, YYYY-MM-DD`, false),
    plain('to', { reads: 'date' }, `latest ${what}, YYYY-MM-DD`, false),
  ];
}

export const RECORD_FILTERS: Readonly<Record<RecordKind, readonly RecordFilter[]>> = {
  enforcement: [
    company,
    q,
    corporateNumber,
    includePredecessors,
    vocabulary('law', 'law', 'the law cited'),
    authority('the acting authority'),
    vocabulary('action_type', 'enforcement_action_type', 'the kind of action'),
    ...dateRange('date of the action'),
    prefecture,
    listing,
  ],
  procurement_suspension: [
    company,
    q,
    corporateNumber,
    includePredecessors,
    authority('the suspending authority'),
    vocabulary('reason', 'procurement_reason', 'the reason for the suspension'),
    vocabulary('status', 'procurement_status', 'scheduled, active, ended or lifted, against today in Japan'),
    ...dateRange('first day of the suspension (period.from)'),
    prefecture,
    listing,
  ],
  license_action: [
    company,
    q,
    corporateNumber,
    includePredecessors,
    vocabulary('sector', 'sector', 'a sector; matches the primary sector or any affected sector'),
    vocabulary('action_type', 'license_action_type', 'the kind of action'),
    vocabulary('nature', 'nature', 'violation, voluntary_closure or other'),
    vocabulary('status', 'license_status', 'scheduled, in_effect or completed, against today in Japan'),
    authority('the acting authority'),
    ...dateRange('date of the action'),
    prefecture,
    listing,
  ],
};
