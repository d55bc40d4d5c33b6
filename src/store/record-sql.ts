// Builds the SQL of the record endpoints as plain values (text and parameters), one WHERE term per filter.
// Every term is backed by an index; test/store/query-plans.test.ts holds each plan to that.
import { ftsPhrase } from '../domain/fts-query.js';
import { authorityAndOffices } from '../domain/vocabularies/authorities.js';
import { prefixUpperBound, TRIGRAM_MIN_LENGTH } from '../domain/index-keys.js';
import { termGrams } from '../domain/company-terms.js';
import { normaliseCompanyName } from '../domain/names.js';
import type { CompanyFilter, RecordQuery } from '../domain/record-query.js';
import { RECORD_FILTERS, type FilterName } from '../domain/record-filters.js';
import type { RecordTable } from './record-tables.js';
import { limitSql } from './sql-limit.js';
import { foldWidth } from '../domain/text-fold.js';

export interface SqlFragment {
  readonly sql: string;
  readonly params: readonly (string | number)[];
}

type Term = (value: string, table: RecordTable, today: string) => SqlFragment;

const equals =
  (column: string): Term =>
  (value) => ({ sql: `r.${column} = ?`, params: [value] });

/**
 * The SQL of each filter of the filter table (domain/record-filters.ts); the type makes every filter have one.
 * `company` and `q` are not here: their values are not plain strings (see recordWhere); nor is `include_predecessors`,
 * which widens `corporate_number`.
 */
const FILTER_SQL: Readonly<Record<Exclude<FilterName, 'company' | 'q' | 'include_predecessors'>, Term>> = {
  corporate_number: equals('company_corporate_number'),
  authority: (value) => {
    const codes = authorityAndOffices(value);
    // one code walks its (authority_code, order) index in order and stops at the page; several are gathered from the
    // same index and sorted, at most every record of one ministry's offices
    return codes.length === 1
      ? { sql: 'r.authority_code = ?', params: [value] }
      : { sql: 'r.authority_code IN (SELECT value FROM json_each(?))', params: [JSON.stringify(codes)] };
  },
  action_type: equals('action_type'),
  reason: equals('reason_code'),
  nature: equals('nature'),
  prefecture: equals('company_prefecture_code'),
  law: (value) => ({ sql: 'r.rid IN (SELECT rid FROM enforcement_laws WHERE law_code = ?)', params: [value] }),
  sector: (value) => ({
    sql: 'r.rid IN (SELECT rid FROM license_action_sectors WHERE sector_code = ?)',
    params: [value],
  }),
  // the date a kind is listed by (record-filters.ts dateRange): a range down its own index, or down another filter's
  from: (value, { orderColumn }) => ({ sql: `r.${orderColumn} >= ?`, params: [value] }),
  to: (value, { orderColumn }) => ({ sql: `r.${orderColumn} <= ?`, params: [value] }),
  listing: equals('listing_status'),
  status: (value, { kind, table }, today) => {
    const status = kind === 'procurement_suspension' ? procurementStatusSql(value) : licenseStatusSql(value);
    const params = Array.from({ length: countPlaceholders(status) }, () => today);
    // A suspension's status bounds its start, the column suspensions are listed by: inline, the walk down that index
    // stops once the page is full (a third of the time of a subquery, whose rows are all read and sorted). A licence
    // action is listed by its date but its status bounds its start and end: as a subquery, the status's own date
    // index drives it instead of a walk down the dates.
    return kind === 'procurement_suspension'
      ? { sql: status, params }
      : { sql: `r.rid IN (SELECT r.rid FROM ${table} r WHERE ${status})`, params };
  },
};

/** The WHERE clause for a query: one term per filter of the kind that the query sets; `1` for none (the routes never send one). */
export function recordWhere(table: RecordTable, query: RecordQuery): SqlFragment {
  const terms: SqlFragment[] = [];
  for (const { name } of RECORD_FILTERS[table.kind]) {
    if (name === 'company') {
      if (query.company !== undefined) terms.push(companySql(query.company, table));
    } else if (name === 'q') {
      if (query.q !== undefined) terms.push(...freeTextSql(query.q, table));
    } else if (
      name === 'corporate_number' &&
      query.corporate_number !== undefined &&
      query.predecessors !== undefined
    ) {
      terms.push({
        sql: 'r.company_corporate_number IN (SELECT value FROM json_each(?))',
        params: [JSON.stringify([query.corporate_number, ...query.predecessors])],
      });
    } else if (name !== 'include_predecessors') {
      const value = query[name];
      if (value !== undefined) terms.push(FILTER_SQL[name](value, table, query.today));
    }
  }
  return terms.length === 0
    ? { sql: '1', params: [] }
    : { sql: terms.map((t) => t.sql).join(' AND '), params: terms.flatMap((t) => t.params) };
}

/**
 * The name keys of the companies of a JSON list of Corporate Numbers: their terms of company search but the reading's,
 * each a name folded as a record's name is (its current, registered English, former and other names).
 */
const NAME_TERMS_OF_COMPANIES = `SELECT t.term FROM company_terms t
  WHERE t.company_id IN (SELECT id FROM companies WHERE corporate_number IN (SELECT value FROM json_each(?)))
  AND t.field <> 'name_kana'`;

/**
 * The records of the companies found, the records naming one of their names (the key index), and records whose
 * name key holds a part (若旦那 finds 便利屋若旦那, as `q` finds company names) through the name trigram index, or
 * starts with it when it is too short for trigrams (花王). One list of rids, each part from its own index: as
 * alternatives of an OR, the planner weighed the name index's match against the table's statistics and walked the
 * whole date index instead (0.4 ms on the demo's 450 enforcements, against 0.1 ms for the list).
 */
function companySql(company: CompanyFilter, { table, nameIndex }: RecordTable): SqlFragment {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (company.corporateNumbers.length > 0) {
    parts.push(`SELECT rid FROM ${table} WHERE company_corporate_number IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(company.corporateNumbers));
  }
  if (company.namedBy.length > 0) {
    parts.push(`SELECT rid FROM ${table} WHERE company_name_norm IN (${NAME_TERMS_OF_COMPANIES})`);
    params.push(JSON.stringify(company.namedBy));
  }
  for (const key of company.nameParts) {
    if ([...key].length >= TRIGRAM_MIN_LENGTH) {
      parts.push(`SELECT rowid FROM ${nameIndex} WHERE ${nameIndex} MATCH ?`);
      params.push(ftsPhrase(key));
    } else {
      parts.push(`SELECT rid FROM ${table} WHERE company_name_norm >= ? AND company_name_norm < ?`);
      params.push(key, prefixUpperBound(key));
    }
  }
  // a company query that stands for no record (a number no company has, and nothing to follow) matches none
  return parts.length === 0 ? { sql: '0', params: [] } : { sql: `r.rid IN (${parts.join(' UNION ALL ')})`, params };
}

function freeTextSql(q: string, { textIndex, gramIndex }: RecordTable): SqlFragment[] {
  const text = freeText(q);
  if (text === null) return [{ sql: '0', params: [] }];
  const terms: SqlFragment[] = [];
  if (text.trigram)
    terms.push({ sql: `r.rid IN (SELECT rowid FROM ${textIndex} WHERE ${textIndex} MATCH ?)`, params: [text.trigram] });
  if (text.grams)
    terms.push({ sql: `r.rid IN (SELECT rowid FROM ${gramIndex} WHERE ${gramIndex} MATCH ?)`, params: [text.grams] });
  return terms;
}

/** The page's record ids and documents (one more than the limit, to know whether more exist). */
export function recordPageSql(table: RecordTable, query: RecordQuery, limit: number, offset: number): SqlFragment {
  const where = recordWhere(table, query);
  return {
    sql: `SELECT r.id, r.doc FROM ${table.table} r WHERE ${where.sql} ORDER BY r.${table.orderColumn} DESC, r.rid DESC ${limitSql(limit + 1)} OFFSET ?`,
    params: [...where.params, offset],
  };
}

/** How many rows match, counted no further than `cap` so that the count stays cheap. */
export function recordCountSql(table: RecordTable, query: RecordQuery, cap: number): SqlFragment {
  const where = recordWhere(table, query);
  return {
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM ${table.table} r WHERE ${where.sql} ${limitSql(cap)})`,
    params: where.params,
  };
}

/**
 * How many rows match any of the queries, each row once, counted no further than `cap`: each query's rows are read
 * no further than the cap either, down its own index, before the union drops the rows two of them share.
 */
export function recordUnionCountSql(table: RecordTable, queries: readonly RecordQuery[], cap: number): SqlFragment {
  const wheres = queries.map((query) => recordWhere(table, query));
  const arms = wheres.map(
    (where) => `SELECT rid FROM (SELECT r.rid FROM ${table.table} r WHERE ${where.sql} ${limitSql(cap)})`,
  );
  return {
    sql: `SELECT count(*) AS n FROM (${arms.join(' UNION ')} ${limitSql(cap)})`,
    params: wheres.flatMap((where) => where.params),
  };
}

/** The MATCH expressions of a `q`: each index gets the words it can serve, all of them required. */
export interface FreeText {
  /** Words of three characters or more, for the trigram index `<table>_fts`. */
  readonly trigram: string | null;
  /** Shorter words, for the short-gram index `<table>_grams`. */
  readonly grams: string | null;
}

/**
 * Splits `q` at white space after NFKC (the stored text is NFKC-folded too). Words of three characters or
 * more are looked up in the trigram index; shorter ones, which it cannot serve, in the short-gram index,
 * where a word matches as written or as a company-name key (so that とう finds the name key トウ and 髙 finds
 * 高). A short word without a letter or digit has no gram and is left out; null when no word is left, since
 * nothing can match then. Every word reaches FTS5 as a quoted phrase.
 */
export function freeText(q: string): FreeText | null {
  const words = foldWidth(q)
    .split(/\s+/u)
    .filter((w) => w !== '');
  const long = words.filter((w) => [...w].length >= TRIGRAM_MIN_LENGTH);
  const short = words.filter((w) => [...w].length < TRIGRAM_MIN_LENGTH && termGrams(w) !== '');
  if (long.length === 0 && short.length === 0) return null;
  return {
    trigram: long.length === 0 ? null : long.map(ftsPhrase).join(' AND '),
    grams: short.length === 0 ? null : short.map(shortWordMatch).join(' AND '),
  };
}

function shortWordMatch(word: string): string {
  const key = normaliseCompanyName(word);
  // at most two characters, so one token: the gram index keeps no positions and refuses phrases of two
  const alternative =
    key.toLowerCase() !== word.toLowerCase() && termGrams(key) !== '' && [...key].length < TRIGRAM_MIN_LENGTH;
  return alternative ? `(${ftsPhrase(word)} OR ${ftsPhrase(key)})` : ftsPhrase(word);
}

// The source's "lifted" wins over dates; otherwise the period against today decides.
function procurementStatusSql(status: string): string {
  switch (status) {
    case 'lifted':
      return 'r.lifted_on IS NOT NULL';
    case 'scheduled':
      return '(r.period_from > ? AND r.lifted_on IS NULL)';
    case 'active':
      return '(r.period_from <= ? AND (r.period_to IS NULL OR r.period_to >= ?) AND r.lifted_on IS NULL)';
    // a period never starts after it ends (record validation), so the start bound is implied; it lets the walk down the
    // order index be a range rather than a scan
    case 'ended':
      return '(r.period_to < ? AND r.period_from < ? AND r.lifted_on IS NULL)';
    default:
      throw new RangeError(`unknown procurement status ${status}`);
  }
}

function licenseStatusSql(status: string): string {
  switch (status) {
    case 'scheduled':
      return 'r.starts_on > ?';
    case 'in_effect':
      return '(r.starts_on <= ? AND (r.ends_on IS NULL OR r.ends_on >= ?))';
    case 'completed':
      return 'r.ends_on < ?';
    default:
      throw new RangeError(`unknown licence status ${status}`);
  }
}

function countPlaceholders(sql: string): number {
  return sql.split('?').length - 1;
}
