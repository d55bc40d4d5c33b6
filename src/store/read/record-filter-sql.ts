// The SQL of each record filter, by the filter's name; the filters themselves (parameter, check, resolution, wording)
// are the table the API reads, src/api/record-filters.ts. Every term is backed by an index;
// test/store/query-plans.test.ts holds each plan to that.
import { authorityAndOffices } from '../../domain/vocabularies/authorities.js';
import type { FilterName } from '../../domain/records/filter-names.js';
import type { RecordQuery } from '../../domain/records/record-query.js';
import { freeText, textMatchRids, trigramMatch, type TextMatch, type TextTrigramChoice } from './free-text.js';
import type { RecordTable } from '../schema/record-tables.js';
import { statusSql } from './record-status-sql.js';
import { companySql } from './company-filter-sql.js';
import { ridsTerm, type WhereTerm } from './where-term.js';
import type { SqlFragment } from './sql-fragment.js';

/**
 * What the WHERE clause may consult besides the query: the trigrams a word is looked up by in a text index, chosen by
 * the counts of its trigrams (token-counts.ts); without it every word is a phrase.
 */
export interface WhereContext {
  readonly textTrigrams?: (textIndex: string, word: string) => string[] | null;
}

/** A filter's terms of the WHERE clause, asked only of a filter the query sets. */
type FilterSql = (query: RecordQuery, table: RecordTable, context: WhereContext) => readonly WhereTerm[];

type Term = (value: string, table: RecordTable, today: string) => SqlFragment;

/** The terms of a filter whose value the query holds as checked: one term from it. */
function valueSql(name: Exclude<FilterName, 'company'>, term: Term): FilterSql {
  return (query, table) => {
    const value = query[name];
    return value === undefined ? [] : [term(value, table, query.today)];
  };
}

const equals =
  (column: string): Term =>
  (value) => ({ sql: `r.${column} = ?`, params: [value] });

/**
 * A filter on the codes a record lists in a child table (an enforcement's laws, a licence action's sectors), keyed
 * (code, date, rid) and by rid. Alone, or beside filters other than a prefecture, its records are gathered from the
 * code's rows. Beside a prefecture each record of the prefecture, newest first, is probed for the code instead, so
 * that the page stops once full: gathering every record of a common code grew with the register, the prefecture's
 * walk grows with the prefecture at worst.
 */
function childCodeSql(name: 'law' | 'sector', child: { readonly table: string; readonly column: string }): FilterSql {
  return (query) => {
    const value = query[name];
    if (value === undefined) return [];
    if (query.prefecture === undefined)
      return [{ sql: `r.rid IN (SELECT rid FROM ${child.table} WHERE ${child.column} = ?)`, params: [value] }];
    return [
      { sql: `EXISTS (SELECT 1 FROM ${child.table} c WHERE c.rid = r.rid AND c.${child.column} = ?)`, params: [value] },
    ];
  };
}

/** Each filter's SQL, in the order its terms are written. */
export const FILTER_SQL: Readonly<Record<FilterName, FilterSql>> = {
  company: (query, table) => (query.company === undefined ? [] : [companySql(query.company, table)]),
  q: (query, table, context) => (query.q === undefined ? [] : freeTextSql(query.q, table, context)),
  corporate_number: ({ corporate_number: number, predecessors }) => {
    if (number === undefined) return [];
    return predecessors === undefined
      ? [{ sql: 'r.company_corporate_number = ?', params: [number] }]
      : [
          {
            sql: 'r.company_corporate_number IN (SELECT value FROM json_each(?))',
            params: [JSON.stringify([number, ...predecessors])],
          },
        ];
  },
  // it widens corporate_number's own term
  include_predecessors: () => [],
  law: childCodeSql('law', { table: 'enforcement_laws', column: 'law_code' }),
  sector: childCodeSql('sector', { table: 'license_action_sectors', column: 'sector_code' }),
  // an authority matches itself and every office under it: one code walks its (authority_code, order) index in order
  // and stops at the page; several are gathered from the same index and sorted
  authority: valueSql('authority', (value) => {
    const codes = authorityAndOffices(value);
    return codes.length === 1
      ? { sql: 'r.authority_code = ?', params: [value] }
      : { sql: 'r.authority_code IN (SELECT value FROM json_each(?))', params: [JSON.stringify(codes)] };
  }),
  action_type: valueSql('action_type', equals('action_type')),
  reason: valueSql('reason', equals('reason_code')),
  status: valueSql('status', statusSql),
  nature: valueSql('nature', equals('nature')),
  from: valueSql('from', (value, { orderColumn }) => ({ sql: `r.${orderColumn} >= ?`, params: [value] })),
  to: valueSql('to', (value, { orderColumn }) => ({ sql: `r.${orderColumn} <= ?`, params: [value] })),
  prefecture: valueSql('prefecture', equals('company_prefecture_code')),
  listing: valueSql('listing', equals('listing_status')),
};

const FILTER_ORDER: readonly FilterName[] = [
  'company',
  'q',
  'corporate_number',
  'include_predecessors',
  'law',
  'sector',
  'authority',
  'action_type',
  'reason',
  'status',
  'nature',
  'from',
  'to',
  'prefecture',
  'listing',
];

/**
 * The WHERE clause for a query: the terms of each filter the query sets; `1` for none; with the term's `rids` when it
 * is the only one. A loop rather than callbacks over the query: it runs on every record query.
 */
export function recordWhere(table: RecordTable, query: RecordQuery, context: WhereContext = {}): WhereTerm {
  const terms: WhereTerm[] = [];
  for (const name of FILTER_ORDER) {
    if (query[name] === undefined) continue;
    terms.push(...FILTER_SQL[name](query, table, context));
  }
  const [only] = terms;
  if (terms.length === 1 && only !== undefined) return only;
  if (terms.length === 0) return { sql: '1', params: [] };
  return {
    sql: terms.map((term) => term.sql).join(' AND '),
    params: terms.flatMap((term) => term.params),
    ...(terms.some((term) => term.ownFirst) ? { ownFirst: true } : {}),
  };
}

// The text indexes hold a document for each record the table holds and no other (the record writer writes and
// deletes both together), so their rowids are records: each the record's key in list order (record-text-keys.ts).
function freeTextSql(q: string, { textIndex, gramIndex, texts }: RecordTable, context: WhereContext): WhereTerm[] {
  const text = freeText(q);
  if (text === null) return [{ sql: '0', params: [] }];
  const { textTrigrams } = context;
  const choose: TextTrigramChoice | undefined = textTrigrams && ((word) => textTrigrams(textIndex, word));
  // one text index holds one document a record: its matches are distinct already
  const matchesOf = (textMatch: TextMatch): WhereTerm => ({
    ...ridsTerm(textMatchRids(textMatch)),
    textMatch,
    distinct: true,
  });
  const terms: WhereTerm[] = [];
  if (text.words.length > 0) terms.push(matchesOf({ index: textIndex, texts, ...trigramMatch(text.words, choose) }));
  if (text.grams) terms.push(matchesOf({ index: gramIndex, texts, match: text.grams, checks: [] }));
  return terms;
}
