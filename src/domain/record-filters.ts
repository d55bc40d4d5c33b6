// The one table of record filters (after Datasette's filters.py): per record kind, each filter's parameter, how
// its value is read (free text, a company, a Corporate Number, a vocabulary, a date) and what it means. The query
// schemas, the OpenAPI parameters, the resolution of values and the store's WHERE clause are all driven by it.
import { MAX_PREDECESSORS_COUNTED } from './company.js';
import type { RecordKind } from './record.js';
import { VOCABULARIES, type VocabularyName } from './vocabularies/index.js';
import type { Vocabulary } from './vocabulary.js';

/** The filters whose values are codes of a vocabulary. */
type VocabularyFilterName =
  'law' | 'authority' | 'action_type' | 'reason' | 'status' | 'sector' | 'nature' | 'listing' | 'prefecture';

export type FilterName =
  'company' | 'q' | 'corporate_number' | VocabularyFilterName | 'from' | 'to' | 'include_predecessors';

export type RecordFilter =
  /** A company name (or number) read with the recall of company search. */
  | { readonly name: 'company'; readonly reads: 'company'; readonly description: string }
  /** Free text over the company name, the source's words and the labels of the record's codes. */
  | { readonly name: 'q'; readonly reads: 'text'; readonly description: string }
  | { readonly name: 'corporate_number'; readonly reads: 'corporate_number'; readonly description: string }
  /** `true` or `false`: widens `corporate_number` to the companies merged into it; no filter by itself. */
  | { readonly name: 'include_predecessors'; readonly reads: 'flag'; readonly description: string }
  | {
      readonly name: VocabularyFilterName;
      readonly reads: 'vocabulary';
      readonly vocabulary: Vocabulary;
      readonly description: string;
      /** Narrows the other filters but is not one by itself (`prefecture` and `listing`: alone they would list a whole prefecture, or nearly everything). */
      readonly narrowsOnly?: true;
    }
  /** One end of a date range on the record's date (dateRange below); a range alone counts as a filter only when short enough. */
  | { readonly name: 'from' | 'to'; readonly reads: 'date'; readonly description: string };

/** A date range alone is a filter only when both ends are given and at most this many days apart. */
export const MAX_DATE_RANGE_DAYS = 366;

/** How many companies a `company` filter may stand for. */
export const COMPANY_FILTER_MATCHES = 50;

/** Free-text values longer than this are refused. */
export const MAX_TEXT_LENGTH = 100;

const company: RecordFilter = {
  name: 'company',
  reads: 'company',
  description:
    'a company as typed in any script, or its Corporate Number: the records linked to or naming the companies ' +
    `company search recalls (at most ${COMPANY_FILTER_MATCHES}, else \`meta.recall\`), or a name holding it`,
};
const q: RecordFilter = {
  name: 'q',
  reads: 'text',
  description: 'free text: company name, summary or reason, law and authority labels',
};
const corporateNumber: RecordFilter = {
  name: 'corporate_number',
  reads: 'corporate_number',
  description: 'a Corporate Number (13 digits; full-width digits, spaces, hyphens and a leading T are accepted)',
};

// A company that closed by merger names its successor (the NTA's successor_corporate_number): the records of the
// companies merged into a company are the history of that company too.
const includePredecessors: RecordFilter = {
  name: 'include_predecessors',
  reads: 'flag',
  description:
    'true or false (the default): with corporate_number, also the records of every company whose chain of ' +
    'successors (successor_corporate_number, after mergers) leads to it, at any depth (each company once, so a cycle ' +
    `of mergers ends; at most ${MAX_PREDECESSORS_COUNTED} companies); each record still names the company it was issued to`,
};

/** A filter by the codes of a published vocabulary (GET /api/v1/vocabularies names it `vocabularyName`). */
function vocabulary(
  name: VocabularyFilterName,
  vocabularyName: VocabularyName,
  what: string,
): Extract<RecordFilter, { reads: 'vocabulary' }> {
  return {
    name,
    reads: 'vocabulary',
    vocabulary: VOCABULARIES[vocabularyName],
    description: `${what}: a code, its Japanese label or its English label (see /api/v1/vocabularies)`,
  };
}

// Every kind's records outlive their source's list (domain/listing.ts). It only narrows, since `listing=listed` alone
// would list nearly everything; absent, both listed and delisted.
const listing: RecordFilter = {
  name: 'listing',
  reads: 'vocabulary',
  vocabulary: VOCABULARIES.listing_status,
  description:
    "listed or delisted: whether the latest edition of the record's source list still holds it; absent, both; " +
    'narrows the other filters, never a filter by itself',
  narrowsOnly: true,
};

/** An authority matches itself and every office under it: `mhlw` its 47 labour bureaus. */
const authority = (what: string): RecordFilter =>
  vocabulary(
    'authority',
    'authority',
    `${what} or any office under it (each authority's \`parent\` in /api/v1/vocabularies)`,
  );

// Most records carry no Corporate Number and two companies can share a name: the prefecture the source
// places the company in tells them apart. It only narrows, since a prefecture alone would list all its records.
const prefecture: RecordFilter = {
  name: 'prefecture',
  reads: 'vocabulary',
  vocabulary: VOCABULARIES.prefecture,
  description:
    "the company's prefecture as the record gives it (company.prefecture_code): a JIS code (01-47), its Japanese " +
    'name with or without 都府県, or its English name; narrows the other filters, never a filter by itself',
  narrowsOnly: true,
};

/**
 * `from` and `to` bound the date each kind is listed by (store/record-tables.ts `orderColumn`): an enforcement's and a
 * licence action's date, a suspension's first day. A suspension is placed by its start rather than by whether its
 * period overlaps the range, so that consecutive ranges split the records with none in two of them: narrowing by
 * dates reaches each record once, where `page` stops.
 */
function dateRange(what: string): readonly RecordFilter[] {
  return [
    { name: 'from', reads: 'date', description: `earliest ${what}, YYYY-MM-DD` },
    { name: 'to', reads: 'date', description: `latest ${what}, YYYY-MM-DD` },
  ];
}

/** Whether a filter counts as one by itself (the contract's "at least one filter"). */
export function countsAlone(filter: RecordFilter): boolean {
  return (
    filter.reads !== 'date' &&
    filter.reads !== 'flag' &&
    !(filter.reads === 'vocabulary' && filter.narrowsOnly === true)
  );
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
