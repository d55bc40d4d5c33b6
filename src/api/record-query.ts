// Turns a record endpoint's query string into a RecordQuery by the filter table: codes for labels, checked
// numbers and dates, the company recall; refuses a query with no filter.
import { ApiError, echoed } from './errors.js';
import type { CompanyFilter, RecordQuery } from '../domain/record-query.js';
import { parseCorporateNumber } from '../domain/corporate-number.js';
import { isCalendarDate, daysBetween } from '../domain/dates.js';
import { countsAlone, MAX_DATE_RANGE_DAYS, RECORD_FILTERS, type FilterName } from '../domain/record-filters.js';
import type { RecordKind } from '../domain/record.js';
import type { Store } from '../store/store.js';
import type { Vocabulary } from '../domain/vocabulary.js';
import { recallCompanies } from './company-search.js';
import { foldWidth } from '../domain/text-fold.js';

export interface ResolvedRecordQuery {
  readonly query: RecordQuery;
  readonly notices: string[];
}

export type FilterParams = { readonly [F in FilterName]?: string };

export function resolveRecordQuery(
  kind: RecordKind,
  params: FilterParams,
  store: Store,
  today: string,
): ResolvedRecordQuery {
  const query: { -readonly [K in keyof RecordQuery]: RecordQuery[K] } = { today };
  const notices: string[] = [];
  const filters = RECORD_FILTERS[kind];
  for (const filter of filters) {
    const value = params[filter.name];
    if (value === undefined) continue;
    switch (filter.reads) {
      case 'company':
        query.company = recallCompanies(store, value, notices) satisfies CompanyFilter;
        break;
      case 'text':
        query.q = foldWidth(value);
        break;
      case 'corporate_number':
        query.corporate_number = corporateNumberParam(value);
        break;
      case 'flag':
        query[filter.name] = value;
        break;
      case 'vocabulary':
        query[filter.name] = vocabularyCode(filter.name, filter.vocabulary, value);
        break;
      case 'date':
        if (!isCalendarDate(value)) {
          throw new ApiError(
            'invalid_parameter',
            `${filter.name} must be a real date written YYYY-MM-DD, got "${echoed(value)}".`,
            { parameter: filter.name },
          );
        }
        query[filter.name] = value;
        break;
    }
  }
  if (query.include_predecessors === 'true') {
    if (query.corporate_number === undefined) {
      throw new ApiError(
        'invalid_parameter',
        'include_predecessors widens corporate_number: give corporate_number with it.',
        { parameter: 'include_predecessors' },
      );
    }
    query.predecessors = store.companies.predecessorsOf(query.corporate_number);
  }
  const hasDates = filters.some((f) => f.reads === 'date');
  let dateRangeIsFilter = false;
  if (query.from !== undefined && query.to !== undefined) {
    if (query.from > query.to) {
      throw new ApiError('invalid_parameter', `from (${query.from}) is after to (${query.to}).`, { parameter: 'from' });
    }
    dateRangeIsFilter = daysBetween(query.from, query.to) <= MAX_DATE_RANGE_DAYS;
  }
  // a date range counts only when short (above); `listing` and `prefecture` narrow a filter, neither is one alone
  const names = filters.filter(countsAlone).map((f) => f.name);
  if (!names.some((name) => params[name] !== undefined) && !dateRangeIsFilter) {
    const listed = hasDates ? [...names, `from and to (together, at most ${MAX_DATE_RANGE_DAYS} days apart)`] : names;
    const narrowing = filters
      .filter((f) => !countsAlone(f) && f.reads !== 'date' && params[f.name] !== undefined)
      .map((f) => f.name);
    const why = narrowing.length === 0 ? '' : ` ${narrowing.join(' and ')} only narrows the others.`;
    throw new ApiError(
      'missing_filter',
      `Give at least one filter: ${listed.join(', ')}.${why} Listing everything is not provided.`,
      {
        filters: listed,
      },
    );
  }
  return { query, notices };
}

/** The code a vocabulary parameter's value stands for (a code or either label), or the refusal naming the codes. */
export function vocabularyCode(parameter: string, vocabulary: Vocabulary, value: string): string {
  const term = vocabulary.resolve(value);
  if (term) return term.code;
  throw new ApiError(
    'invalid_parameter',
    `${parameter} "${echoed(value)}" is not a known value; give one of the codes in details.allowed or its label.`,
    {
      parameter,
      allowed: vocabulary.codes(),
    },
  );
}

export function corporateNumberParam(value: string, parameter = 'corporate_number'): string {
  const parsed = parseCorporateNumber(value);
  if (parsed.ok) return parsed.number;
  const why = parsed.reason === 'check_digit' ? 'its check digit (the first digit) is wrong' : 'it is not 13 digits';
  throw new ApiError('invalid_corporate_number', `${parameter} "${echoed(value)}" is not a Corporate Number: ${why}.`, {
    parameter,
  });
}
