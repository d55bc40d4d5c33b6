// The records a company filter stands for (company=, /search's followed companies), as the parts of one list of ids.
import { ftsPhrase } from './free-text.js';
import { prefixUpperBound, TRIGRAM_MIN_LENGTH } from '../../domain/text/index-keys.js';
import type { CompanyFilter, NamedPlacement } from '../../domain/records/record-query.js';
import type { SqlFragment } from './sql-fragment.js';
import type { RecordTable } from '../schema/record-tables.js';
import { ridsTerm, type WhereTerm } from './where-term.js';

/**
 * How many Corporate Numbers and name keys a company filter follows before its page reads the matches' places in the
 * list from the indexes: a filter of fewer matches a few records, which cost less read row by row than the index
 * path's two sorts (a Corporate Number's own, on the demo, measured up to a sixth dearer by the indexes).
 */
const LISTED_FROM_KEYS = 4;

/**
 * The records linked to the companies found, the records linked to none that name one of their names (the partial index
 * of those, by name key and place), and records whose printed company name holds a part (若旦那 finds 便利屋若旦那,
 * リリカラ東京流通センター finds 「リリカラ（株） 東京流通センター」, as `q` finds company names) through the printed-name
 * trigram index, or whose name key starts with it when it is too short for trigrams (花王). One list of rids, each part
 * from its own index: as alternatives of an OR, the planner weighed the name index's match against the table's
 * statistics and walked the whole date index instead (0.4 ms on the demo's 450 enforcements, against 0.1 ms for the
 * list). The same parts with each record's place in the list (`listed`) read it from the indexes that hold it, so
 * that a page sorts the matches without reading each record's row: the 47 records a page of a common name's
 * companies matches at five million companies on average cost 343 µs read row by row, 189 from the indexes
 * (bench/README.md).
 */
export function companySql(company: CompanyFilter, { table, nameIndex, orderColumn }: RecordTable): WhereTerm {
  const parts: { rids: string; listed: string | null }[] = [];
  const params: (string | number)[] = [];
  const inTable = (where: string, index = '') => ({
    rids: `SELECT rid FROM ${table}${index} WHERE ${where}`,
    listed: `SELECT rid, ${orderColumn} AS listed_on FROM ${table}${index} WHERE ${where}`,
  });
  if (company.corporateNumbers.length > 0) {
    parts.push(inTable('company_corporate_number IN (SELECT value FROM json_each(?))'));
    params.push(JSON.stringify(company.corporateNumbers));
  }
  if (company.nameKeys.length > 0) {
    const placed = placementSql(company.named);
    // ANALYZE counts a few rows a Corporate Number, NULL among them, so the planner walked every record linked to none
    // through the number's index (55 ms at a million companies) rather than this partial index of them (under 1 ms)
    parts.push(
      inTable(
        `company_corporate_number IS NULL AND company_name_norm IN (SELECT value FROM json_each(?))${placed.sql}`,
        ` INDEXED BY ${table}_by_unlinked_name`,
      ),
    );
    params.push(JSON.stringify(company.nameKeys), ...placed.params);
  }
  for (const key of company.nameParts) {
    if ([...key].length >= TRIGRAM_MIN_LENGTH) {
      // the name index holds no place in the list: its matches' rows are read for it, as the page reads them
      parts.push({ rids: `SELECT rowid AS rid FROM ${nameIndex} WHERE ${nameIndex} MATCH ?`, listed: null });
      params.push(ftsPhrase(key));
    } else {
      parts.push(inTable('company_name_norm >= ? AND company_name_norm < ?'));
      params.push(key, prefixUpperBound(key));
    }
  }
  // a company query that stands for no record (a number no company has, and nothing to follow) matches none
  if (parts.length === 0) return { sql: '0', params: [] };
  const ridsOfParts: string[] = [];
  const listed: string[] = [];
  for (const part of parts) {
    ridsOfParts.push(part.rids);
    if (part.listed !== null) listed.push(part.listed);
  }
  const rids = ridsTerm({ sql: ridsOfParts.join(' UNION ALL '), params });
  const many = company.corporateNumbers.length + company.nameKeys.length >= LISTED_FROM_KEYS;
  return many && listed.length === parts.length
    ? { ...rids, listed: { sql: listed.join(' UNION ALL '), params } }
    : rids;
}

/**
 * Where a record linked to none may place the company it names (its company_prefecture_code, read from the partial
 * index beside its name key): anywhere, nowhere or in the prefecture given, or in another one.
 */
function placementSql(named: NamedPlacement | undefined): SqlFragment {
  if (named === undefined) return { sql: '', params: [] };
  const { within, prefectureCode } = named;
  if (prefectureCode === null)
    return { sql: ` AND company_prefecture_code IS ${within === 'own' ? '' : 'NOT '}NULL`, params: [] };
  return within === 'own'
    ? { sql: ' AND (company_prefecture_code IS NULL OR company_prefecture_code = ?)', params: [prefectureCode] }
    : { sql: ' AND company_prefecture_code <> ?', params: [prefectureCode] };
}
