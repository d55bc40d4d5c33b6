// The records a company filter stands for (company=, /search's followed companies), as the parts of one list of ids.
import { ftsPhrase } from './free-text.js';
import { prefixUpperBound, TRIGRAM_MIN_LENGTH } from '../../domain/text/index-keys.js';
import {
  listsOwnFirst,
  relationRank,
  type CompanyFilter,
  type NamedPlacement,
} from '../../domain/records/company-records.js';
import type { SqlFragment } from './sql-fragment.js';
import type { RecordTable } from '../schema/record-tables.js';
import { ridsTerm, type WhereTerm } from './where-term.js';

/**
 * How many Corporate Numbers and name keys a company filter follows before its page reads the matches' places in the
 * list from the indexes: a few companies match a few records, cheaper read row by row than sorted twice from the
 * indexes (bench/README.md).
 */
const LISTED_FROM_KEYS = 4;

/**
 * The records linked to the companies found and to their predecessors, the records linked to none that name one of
 * their names (the partial index of those, by name key and place), and records whose printed company name holds a
 * part (若旦那 finds 便利屋若旦那) through the printed-name trigram index, or whose name key starts with it when it is
 * too short for trigrams (花王). One list of rids, each part from its own index: as alternatives of an OR, the planner
 * walked the whole date index instead. The same parts with each record's place in the list (`listed`) let a page sort
 * the matches without reading each record's row. An answer about one company's number lists its own records first
 * (`ownFirst`): each part's `tier` is the rank of its records' relation (company-records.ts relationRank).
 */
export function companySql(company: CompanyFilter, { table, nameIndex, orderColumn }: RecordTable): WhereTerm {
  const ownFirst = listsOwnFirst(company);
  const parts: { rids: string; listed: string | null }[] = [];
  const params: (string | number)[] = [];
  const inTable = (where: string, tier: number, index = '') => ({
    rids: `SELECT rid FROM ${table}${index} WHERE ${where}`,
    listed: `SELECT rid, ${orderColumn} AS listed_on${ownFirst ? `, ${tier} AS tier` : ''} FROM ${table}${index} WHERE ${where}`,
  });
  const numbers = [...company.corporateNumbers, ...(company.predecessors ?? [])];
  if (numbers.length > 0) {
    parts.push(inTable('company_corporate_number IN (SELECT value FROM json_each(?))', relationRank('linked')));
    params.push(JSON.stringify(numbers));
  }
  if (company.nameKeys.length > 0) {
    const placed = placementSql(company.named);
    // the partial index of the records linked to none: through the number's index, whose statistics count NULL as
    // one number among others, the planner walked every record linked to none
    parts.push(
      inTable(
        `company_corporate_number IS NULL AND company_name_norm IN (SELECT value FROM json_each(?))${placed.sql}`,
        relationRank('named'),
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
      parts.push(inTable('company_name_norm >= ? AND company_name_norm < ?', relationRank('text')));
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
  const rids = {
    ...ridsTerm({ sql: ridsOfParts.join(' UNION ALL '), params }),
    ...(ownFirst ? { ownFirst } : {}),
    // one part reads one index, each record once
    ...(parts.length === 1 ? { distinct: true as const } : {}),
  };
  // a name's first one or two characters match many records, sorted from the index that holds their places
  const short = company.nameParts.some((key) => [...key].length < TRIGRAM_MIN_LENGTH);
  const many = short || numbers.length + company.nameKeys.length >= LISTED_FROM_KEYS;
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
