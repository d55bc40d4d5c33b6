// The names and bounds of the record filters; the filters themselves, one object each, are the table of
// src/api/record-filters.ts, their SQL src/store/read/record-filter-sql.ts.
/** The filters whose values are codes of a vocabulary. */
export type VocabularyFilterName =
  'law' | 'authority' | 'action_type' | 'reason' | 'status' | 'sector' | 'nature' | 'listing' | 'prefecture';

export type FilterName =
  'company' | 'q' | 'corporate_number' | VocabularyFilterName | 'from' | 'to' | 'include_predecessors';

/** A date range alone is a filter only when both ends are given and at most this many days apart. */
export const MAX_DATE_RANGE_DAYS = 366;

/** How many companies a `company` filter may stand for. */
export const COMPANY_FILTER_MATCHES = 50;

/** Free-text values longer than this are refused. */
export const MAX_TEXT_LENGTH = 100;
