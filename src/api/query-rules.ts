// The contract's query rules that no schema can say, in one place: before the schema, how a query string is read
// (bulk access, unknown and repeated parameters, blanks as absent, whole numbers in digits); after it, per endpoint
// kind, what one value means beside another (a Corporate Number's check digit, a label for a code, from before to,
// at least one filter). The schema checks the rest once; src/api/errors.ts words every refusal.
import { ApiError, corporateNumberRefusal, echoed } from './errors.js';
import { parseCorporateNumber } from '../domain/corporate-number.js';
import { daysBetween } from '../domain/dates.js';
import { MAX_DATE_RANGE_DAYS, type FilterName } from '../domain/record-filters.js';
import { RECORD_FILTERS, type CheckedFilters, type RecordFilter } from '../store/record-filters.js';
import type { RecordKind } from '../domain/record.js';
import { VOCABULARIES } from '../domain/vocabularies/index.js';
import type { Vocabulary } from '../domain/vocabulary.js';
import { textOf } from '../domain/text-of.js';

type CleanQuery = Record<string, string>;

/**
 * The query string as the schema is given it, or the contract's error for the first rule it breaks: no bulk access,
 * no parameter the endpoint does not take, each one once, blank values absent, whole numbers in plain digits (ajv's
 * coercion would read 1e1, 0x0A or +5 as numbers).
 */
export function readQueryString(
  raw: Readonly<Record<string, unknown>>,
  allowed: ReadonlySet<string>,
  integers: ReadonlySet<string> = new Set(),
): CleanQuery {
  const names = Object.keys(raw);
  const bulk = names.find((name) => name === 'offset' || name === 'cursor');
  if (bulk !== undefined) {
    throw new ApiError(
      'bulk_access_not_provided',
      `${bulk} is not provided: this API answers searches, not bulk listings. Use filters to narrow the result instead.`,
      { parameter: bulk },
    );
  }
  const unknown = names.find((name) => !allowed.has(name));
  if (unknown !== undefined) {
    const known = [...allowed];
    throw new ApiError(
      'unknown_parameter',
      known.length === 0
        ? `${echoed(unknown)} is not a parameter of this endpoint, which takes none.`
        : `${echoed(unknown)} is not a parameter of this endpoint; it takes ${known.join(', ')}.`,
      { parameter: unknown, allowed: known },
    );
  }
  const clean: CleanQuery = {};
  for (const name of names) {
    const value = raw[name];
    if (Array.isArray(value)) {
      throw new ApiError('invalid_parameter', `${name} is given ${value.length} times; give it once.`, {
        parameter: name,
      });
    }
    const text = (value === undefined || value === null ? '' : textOf(value)).trim();
    if (text === '') continue;
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

export type FilterParams = { readonly [F in FilterName]?: string };

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
  for (const filter of table) {
    const value = params[filter.name];
    if (value !== undefined) filters[filter.name] = checkedValue(filter, value);
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
  const names = table.filter((f) => f.alone).map((f) => f.name);
  if (!dateRangeIsFilter && !names.some((name) => params[name] !== undefined)) {
    const hasDates = table.some((f) => f.reads === 'date');
    const listed = hasDates ? [...names, `from and to (together, at most ${MAX_DATE_RANGE_DAYS} days apart)`] : names;
    const narrowing = table
      .filter((f) => !f.alone && f.reads !== 'date' && params[f.name] !== undefined)
      .map((f) => f.name);
    const why = narrowing.length === 0 ? '' : ` ${narrowing.join(' and ')} only narrows the others.`;
    throw new ApiError(
      'missing_filter',
      `Give at least one filter: ${listed.join(', ')}.${why} Listing everything is not provided.`,
      { filters: listed },
    );
  }
  return { filters, table };
}

/** A filter's value as its kind reads it, or the refusal saying why it is none. */
function checkedValue(filter: RecordFilter, value: string): string {
  switch (filter.reads) {
    case 'corporate_number':
      return corporateNumberParam(value);
    case 'vocabulary':
      return vocabularyCode(filter.name, filter.vocabulary, value);
    default:
      return value;
  }
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
