// Builds the SQL of the record endpoints as plain values (text and parameters), one WHERE term per filter.
// Every term is backed by an index; test/store/query-plans.test.ts holds each plan to that.
import { ftsPhrase, prefixUpperBound, TRIGRAM_MIN_LENGTH } from '../domain/company-search-plan.js';
import { termGrams } from '../domain/company-terms.js';
import { normaliseCompanyName } from '../domain/names.js';
import type { RecordQuery } from '../domain/record-query.js';

export type RecordTable = 'enforcements' | 'procurement_suspensions' | 'license_actions';

export interface SqlFragment {
  readonly sql: string;
  readonly params: readonly (string | number)[];
}

/** The column records of each table are ordered by, newest first. */
export const ORDER_COLUMN: Record<RecordTable, string> = {
  enforcements: 'date',
  procurement_suspensions: 'period_from',
  license_actions: 'date',
};

/** The WHERE clause for a query; an empty query gives `1` (the routes never send one). */
export function recordWhere(table: RecordTable, query: RecordQuery): SqlFragment {
  const terms: string[] = [];
  const params: (string | number)[] = [];
  const add = (sql: string, ...values: (string | number)[]) => {
    terms.push(sql);
    params.push(...values);
  };
  if (query.corporateNumber !== undefined) add('r.company_corporate_number = ?', query.corporateNumber);
  if (query.company !== undefined) {
    const alternatives = [`r.company_corporate_number IN (SELECT value FROM json_each(?))`];
    const values: (string | number)[] = [JSON.stringify(query.company.corporateNumbers)];
    for (const key of query.company.nameKeys) {
      alternatives.push('(r.company_name_norm >= ? AND r.company_name_norm < ?)');
      values.push(key, prefixUpperBound(key));
    }
    add(`(${alternatives.join(' OR ')})`, ...values);
  }
  if (query.q !== undefined) {
    const text = freeText(query.q);
    if (text === null) add('0');
    if (text?.trigram) add(`r.rid IN (SELECT rowid FROM ${table}_fts WHERE ${table}_fts MATCH ?)`, text.trigram);
    if (text?.grams) add(`r.rid IN (SELECT rowid FROM ${table}_grams WHERE ${table}_grams MATCH ?)`, text.grams);
  }
  if (query.authority !== undefined) add('r.authority_code = ?', query.authority);
  if (query.actionType !== undefined) add('r.action_type = ?', query.actionType);
  if (query.law !== undefined) add('r.rid IN (SELECT rid FROM enforcement_laws WHERE law_code = ?)', query.law);
  if (query.reason !== undefined) add('r.reason_code = ?', query.reason);
  if (query.nature !== undefined) add('r.nature = ?', query.nature);
  if (query.sector !== undefined) add('r.rid IN (SELECT rid FROM license_action_sectors WHERE sector_code = ?)', query.sector);
  if (query.from !== undefined) add('r.date >= ?', query.from);
  if (query.to !== undefined) add('r.date <= ?', query.to);
  if (query.status !== undefined) {
    const status = table === 'procurement_suspensions' ? procurementStatusSql(query.status) : licenseStatusSql(query.status);
    // As a subquery, the status's date range drives an index of its own instead of a walk down the order index.
    add(`r.rid IN (SELECT r.rid FROM ${table} r WHERE ${status})`, ...Array.from({ length: countPlaceholders(status) }, () => query.today));
  }
  return { sql: terms.length === 0 ? '1' : terms.join(' AND '), params };
}

/** The page of rows (one more than the limit, to know whether more exist). */
export function recordPageSql(table: RecordTable, query: RecordQuery, limit: number, offset: number): SqlFragment {
  const where = recordWhere(table, query);
  const order = ORDER_COLUMN[table];
  return {
    sql: `SELECT r.* FROM ${table} r WHERE ${where.sql} ORDER BY r.${order} DESC, r.rid DESC LIMIT ? OFFSET ?`,
    params: [...where.params, limit + 1, offset],
  };
}

/** How many rows match, counted no further than `cap` so that the count stays cheap. */
export function recordCountSql(table: RecordTable, query: RecordQuery, cap: number): SqlFragment {
  const where = recordWhere(table, query);
  return { sql: `SELECT count(*) AS n FROM (SELECT 1 FROM ${table} r WHERE ${where.sql} LIMIT ?)`, params: [...where.params, cap] };
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
  const words = q.normalize('NFKC').split(/\s+/u).filter((w) => w !== '');
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
  const alternative = key.toLowerCase() !== word.toLowerCase() && termGrams(key) !== '' && [...key].length < TRIGRAM_MIN_LENGTH;
  return alternative ? `(${ftsPhrase(word)} OR ${ftsPhrase(key)})` : ftsPhrase(word);
}

// The source's "lifted" wins over dates; otherwise the period against today decides.
function procurementStatusSql(status: string): string {
  switch (status) {
    case 'lifted': return 'r.lifted_on IS NOT NULL';
    case 'scheduled': return '(r.period_from > ? AND r.lifted_on IS NULL)';
    case 'active': return '(r.period_from <= ? AND (r.period_to IS NULL OR r.period_to >= ?) AND r.lifted_on IS NULL)';
    case 'ended': return '(r.period_to < ? AND r.lifted_on IS NULL)';
    default: throw new RangeError(`unknown procurement status ${status}`);
  }
}

function licenseStatusSql(status: string): string {
  switch (status) {
    case 'scheduled': return 'r.starts_on > ?';
    case 'in_effect': return '(r.starts_on <= ? AND (r.ends_on IS NULL OR r.ends_on >= ?))';
    case 'completed': return 'r.ends_on < ?';
    default: throw new RangeError(`unknown licence status ${status}`);
  }
}

function countPlaceholders(sql: string): number {
  return sql.split('?').length - 1;
}
