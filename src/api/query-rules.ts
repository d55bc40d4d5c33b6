// The contract's query rules: how every endpoint's query string is read before its schema (readQueryString: no bulk
// access, no parameter the endpoint does not take, each one once, blank values absent, other values as sent, whole
// numbers in plain digits),
// and, after the schema, what one value of a record query means beside another (a Corporate Number's check digit, a
// label for a code, from before to, at least one filter), then the checked query resolved into the store's
// RecordQuery (resolveRecordQuery). src/api/errors.ts words every refusal.
import { ApiError, corporateNumberRefusal, echoed } from './errors.js';
import { textOf } from '../lib/is-object.js';
import { parseCorporateNumber } from '../domain/companies/corporate-number.js';
import { daysBetween } from '../domain/dates.js';
import { MAX_DATE_RANGE_DAYS, type FilterName } from '../domain/records/filter-names.js';
import { RECORD_FILTERS, type CheckedFilters, type RecordFilter } from './record-filters.js';
import type { RecordKind } from '../domain/records/record.js';
import { VOCABULARIES } from '../domain/vocabularies/index.js';
import type { Vocabulary } from '../domain/vocabulary.js';
import type { RecordQuery } from '../domain/records/record-query.js';
import type { Store } from '../store/read/store.js';
import { companyFilterOf, type Recall } from './company-search.js';
import type { NamedElsewhere } from '../domain/records/company-records.js';
import type { FilterResolution, QueryInProgress } from './record-filters.js';

export type FilterParams = { readonly [F in FilterName]?: string };

type CleanQuery = Record<string, string>;

/**
 * The query string as the schema is given it, or the contract's error for the first rule it breaks: no bulk access,
 * no parameter the endpoint does not take, each one once, blank values absent, whole numbers in plain digits (ajv's
 * coercion would read 1e1, 0x0A or +5 as numbers). Any other value is given as sent, its white space kept: the schema
 * then measures and matches what the client sent, as the OpenAPI document says it does (a `q` of 100 characters and a
 * space is 101 characters, ` atom` is no format).
 */
export function readQueryString(
  raw: Readonly<Record<string, unknown>>,
  allowed: ReadonlySet<string>,
  integers: ReadonlySet<string> = new Set(),
): CleanQuery {
  const names = Object.keys(raw);
  for (const name of names)
    if (name === 'offset' || name === 'cursor')
      throw new ApiError(
        'bulk_access_not_provided',
        `${name} is not provided: this API answers searches, not bulk listings. Use filters to narrow the result instead.`,
        { parameter: name },
      );
  for (const name of names) if (!allowed.has(name)) throw unknownParameter(name, allowed);
  const clean: CleanQuery = {};
  for (const name of names) {
    const value = raw[name];
    if (Array.isArray(value)) {
      throw new ApiError('invalid_parameter', `${name} is given ${value.length} times; give it once.`, {
        parameter: name,
      });
    }
    const text = value === undefined || value === null ? '' : textOf(value);
    if (text.trim() === '') continue;
    // and no more digits than a number holds exactly: 310 nines are Infinity to JavaScript
    if (integers.has(name) && (!/^\d+$/u.test(text) || !Number.isSafeInteger(Number(text)))) {
      throw new ApiError(
        'invalid_parameter',
        `${name} must be a whole number written in digits, got "${echoed(text)}".`,
        { parameter: name },
      );
    }
    clean[name] = text;
  }
  return clean;
}

function unknownParameter(name: string, allowed: ReadonlySet<string>): ApiError {
  const known = [...allowed];
  return new ApiError(
    'unknown_parameter',
    known.length === 0
      ? `${echoed(name)} is not a parameter of this endpoint, which takes none.`
      : `${echoed(name)} is not a parameter of this endpoint; it takes ${known.join(', ')}.`,
    { parameter: name, allowed: known },
  );
}

/** A record query once its rules hold: vocabulary filters as codes, the Corporate Number as its 13 digits. */
export interface CheckedRecordQuery {
  readonly filters: CheckedFilters;
  /** The kind's filters, as the table lists them. */
  readonly table: readonly RecordFilter[];
}

/**
 * The rules of a record endpoint's query (its schema passed): each filter's value read by its kind, then the rules
 * between filters, then at least one filter (a date range counts only when both ends are given and close enough).
 */
export function checkRecordQuery(kind: RecordKind, params: FilterParams): CheckedRecordQuery {
  const filters: { [F in FilterName]?: string } = {};
  const table = RECORD_FILTERS[kind];
  let filtered = false;
  for (const filter of table) {
    const value = params[filter.name];
    if (value === undefined) continue;
    filtered ||= filter.alone;
    if (filter.reads === 'corporate_number') filters[filter.name] = corporateNumberParam(value);
    else if (filter.reads === 'vocabulary')
      filters[filter.name] = vocabularyCode(filter.name, filter.vocabulary, value);
    else filters[filter.name] = value;
  }
  if (filters.include_predecessors === 'true' && filters.corporate_number === undefined) {
    throw new ApiError(
      'invalid_parameter',
      'include_predecessors widens corporate_number: give corporate_number with it.',
      { parameter: 'include_predecessors' },
    );
  }
  const { from, to } = filters;
  // dates are YYYY-MM-DD (the schema's format), so that their text sorts as they do
  if (from !== undefined && to !== undefined && from > to)
    throw new ApiError('invalid_parameter', `from (${from}) is after to (${to}).`, { parameter: 'from' });
  const dateRangeIsFilter = from !== undefined && to !== undefined && daysBetween(from, to) <= MAX_DATE_RANGE_DAYS;
  if (!filtered && !dateRangeIsFilter) throw missingFilter(table, params);
  return { filters, table };
}

/** The refusal of a query with no filter that counts alone: which filters do, and why the ones given do not. */
function missingFilter(table: readonly RecordFilter[], params: FilterParams): ApiError {
  const names = table.filter((f) => f.alone).map((f) => f.name);
  const hasDates = table.some((f) => f.reads === 'date');
  const listed = hasDates ? [...names, `from and to (together, at most ${MAX_DATE_RANGE_DAYS} days apart)`] : names;
  const narrowing = table
    .filter((f) => !f.alone && f.reads !== 'date' && params[f.name] !== undefined)
    .map((f) => f.name);
  const why = narrowing.length === 0 ? '' : ` ${narrowing.join(' and ')} only narrows the others.`;
  return new ApiError(
    'missing_filter',
    `Give at least one filter: ${listed.join(', ')}.${why} Listing everything is not provided.`,
    { filters: listed },
  );
}

/** The rule of a company search's query: `prefecture` as its JIS code. */
export function checkCompaniesQuery(query: { readonly prefecture?: string }): { readonly prefectureCode?: string } {
  return query.prefecture === undefined
    ? {}
    : { prefectureCode: vocabularyCode('prefecture', VOCABULARIES.prefecture, query.prefecture) };
}

/** The code a vocabulary parameter's value stands for (a code or either label), or the refusal naming the codes. */
function vocabularyCode(parameter: string, vocabulary: Vocabulary, value: string): string {
  const term = vocabulary.resolve(value);
  if (term) return term.code;
  throw new ApiError(
    'invalid_parameter',
    `${parameter} "${echoed(value)}" is not a known value; give one of the codes in details.allowed or its label.`,
    { parameter, allowed: vocabulary.codes() },
  );
}

/** A Corporate Number as its 13 digits, or the refusal saying why it is none (its form, or its check digit). */
export function corporateNumberParam(value: string, parameter = 'corporate_number'): string {
  const parsed = parseCorporateNumber(value);
  if (parsed.ok) return parsed.number;
  throw corporateNumberRefusal(parameter, value, parsed.reason);
}

// Turns a record endpoint's checked query (above) into the store's RecordQuery, each filter by its own
// `resolve` (./record-filters.ts): this supplies what they ask of the dataset, the companies a `company` filter
// recalls and the companies merged into a Corporate Number.
export interface ResolvedRecordQuery {
  readonly query: RecordQuery;
  readonly notices: string[];
  /** Set when `company` recalls more companies than are followed. */
  readonly recall?: Recall;
  /** Set when `company` is a Corporate Number: the records naming its company placed elsewhere, counted apart. */
  readonly elsewhere?: NamedElsewhere;
}

export function resolveRecordQuery(checked: CheckedRecordQuery, store: Store, today: string): ResolvedRecordQuery {
  const notices: string[] = [];
  let recall: Recall | undefined;
  let elsewhere: NamedElsewhere | undefined;
  const resolution: FilterResolution = {
    company: (value) => {
      const recalled = companyFilterOf(store, value, notices);
      recall = recalled.recall;
      elsewhere = recalled.elsewhere;
      return recalled.filter;
    },
    predecessorsOf: (corporateNumber) => store.companies.predecessorsOf(corporateNumber),
  };
  const query: QueryInProgress = { today };
  for (const filter of checked.table) {
    const value = checked.filters[filter.name];
    if (value !== undefined) filter.resolve(query, value, checked.filters, resolution);
  }
  return {
    query,
    notices,
    ...(recall === undefined ? {} : { recall }),
    ...(elsewhere === undefined ? {} : { elsewhere }),
  };
}
