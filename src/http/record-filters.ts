// Turns a record endpoint's validated query string into a RecordQuery: codes for labels, checked numbers and dates.
import { ApiError } from './errors.js';
import type { CleanQuery } from './query-rules.js';
import type { CompanyFilter, RecordQuery } from '../domain/record-query.js';
import { parseCorporateNumber } from '../domain/corporate-number.js';
import { planCompanySearch } from '../domain/company-search-plan.js';
import { isCalendarDate, daysBetween } from '../domain/dates.js';
import type { Term, Vocabulary } from '../domain/vocabulary.js';
import type { CompanyQueries } from '../store/company-queries.js';

/** How many companies a `company` filter may stand for. */
export const COMPANY_FILTER_MATCHES = 50;
/** A date range alone is a filter only when it spans at most this many days. */
export const MAX_DATE_RANGE_DAYS = 366;

export interface RecordFilterSpec {
  /** Enum filters of this endpoint: parameter → vocabulary. */
  readonly enums: Readonly<Record<string, Vocabulary<Term>>>;
  readonly dateRange: boolean;
}

const ENUM_FIELD: Record<string, keyof RecordQuery> = {
  law: 'law',
  authority: 'authority',
  action_type: 'actionType',
  reason: 'reason',
  status: 'status',
  sector: 'sector',
  nature: 'nature',
};

export interface ResolvedRecordQuery {
  readonly query: RecordQuery;
  readonly notices: string[];
}

export function resolveRecordQuery(
  params: CleanQuery,
  spec: RecordFilterSpec,
  companies: CompanyQueries,
  today: string,
): ResolvedRecordQuery {
  const query: { -readonly [K in keyof RecordQuery]: RecordQuery[K] } = { today };
  const notices: string[] = [];
  if (params.corporate_number !== undefined) query.corporateNumber = corporateNumberParam(params.corporate_number);
  if (params.q !== undefined) query.q = params.q.normalize('NFKC');
  if (params.company !== undefined) query.company = companyFilter(params.company, companies, notices);
  for (const [name, vocabulary] of Object.entries(spec.enums)) {
    const value = params[name];
    if (value === undefined) continue;
    const term = vocabulary.resolve(value);
    if (!term) {
      throw new ApiError('invalid_parameter', `${name} "${value}" is not a known value; give one of the codes in details.allowed or its label.`, {
        parameter: name,
        allowed: vocabulary.codes(),
      });
    }
    (query as Record<string, unknown>)[ENUM_FIELD[name]!] = term.code;
  }
  let dateRangeIsFilter = false;
  if (spec.dateRange) {
    for (const name of ['from', 'to'] as const) {
      const value = params[name];
      if (value !== undefined && !isCalendarDate(value)) {
        throw new ApiError('invalid_parameter', `${name} must be a real date written YYYY-MM-DD, got "${value}".`, { parameter: name });
      }
    }
    if (params.from !== undefined) query.from = params.from;
    if (params.to !== undefined) query.to = params.to;
    if (query.from !== undefined && query.to !== undefined) {
      if (query.from > query.to) {
        throw new ApiError('invalid_parameter', `from (${query.from}) is after to (${query.to}).`, { parameter: 'from' });
      }
      dateRangeIsFilter = daysBetween(query.from, query.to) <= MAX_DATE_RANGE_DAYS;
    }
  }
  const filters = ['corporate_number', 'q', 'company', ...Object.keys(spec.enums)];
  if (!filters.some((name) => params[name] !== undefined) && !dateRangeIsFilter) {
    const names = spec.dateRange ? [...filters, 'from and to (together, at most 366 days apart)'] : filters;
    throw new ApiError('missing_filter', `Give at least one filter: ${names.join(', ')}. Listing everything is not provided.`, {
      filters: names,
    });
  }
  return { query, notices };
}

export function corporateNumberParam(value: string, parameter = 'corporate_number'): string {
  const parsed = parseCorporateNumber(value);
  if (parsed.ok) return parsed.number;
  const why = parsed.reason === 'check_digit' ? 'its check digit (the first digit) is wrong' : 'it is not 13 digits';
  throw new ApiError('invalid_corporate_number', `${parameter} "${value}" is not a Corporate Number: ${why}.`, { parameter });
}

/** The companies a name stands for, and the name key that finds records not linked to any company. */
function companyFilter(value: string, companies: CompanyQueries, notices: string[]): CompanyFilter {
  const plan = planCompanySearch(value);
  switch (plan.kind) {
    case 'corporate_number':
      return { corporateNumbers: [plan.number], nameKeys: [] };
    case 'invalid_corporate_number':
      notices.push(`company "${value}" looks like a Corporate Number but its check digit is wrong, so nothing matches it.`);
      return { corporateNumbers: [], nameKeys: [] };
    case 'nothing':
      return { corporateNumbers: [], nameKeys: [] };
    case 'terms': {
      // the same search as /companies; unlinked records by the name key (the first key is the normalised name)
      const hits = companies.searchByKeys(plan.keys, COMPANY_FILTER_MATCHES, plan.legalForm);
      return { corporateNumbers: hits.map((h) => h.company.corporate_number), nameKeys: plan.keys.slice(0, 1) };
    }
  }
}
