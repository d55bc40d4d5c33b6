// The one table of record filters (after Datasette's filters.py): per record kind, each filter is one object with its
// parameter, how its value is written and checked, what it means, how its value resolves against the dataset, and
// its SQL. The query schemas and the OpenAPI parameters (src/api/schemas/queries.ts), the query rules
// (src/api/query-rules.ts), the resolution (resolveRecordQuery, same file) and the WHERE clause (recordWhere) all read it.
// Every term is backed by an index; test/store/query-plans.test.ts holds each plan to that.
import { authorityAndOffices } from '../../domain/vocabularies/authorities.js';
import { MAX_PREDECESSORS_COUNTED } from '../../domain/companies/company.js';
import {
  COMPANY_FILTER_MATCHES,
  type FilterName,
  type VocabularyFilterName,
} from '../../domain/records/filter-names.js';
import type { CompanyFilter, RecordQuery } from '../../domain/records/record-query.js';
import type { RecordKind } from '../../domain/records/record.js';
import { VOCABULARIES, type VocabularyName } from '../../domain/vocabularies/index.js';
import type { Vocabulary } from '../../domain/vocabulary.js';
import { foldWidth } from '../../domain/text/text-fold.js';
import { freeText, textMatchRids, trigramMatch, type TextMatch, type TextTrigramChoice } from './free-text.js';
import type { RecordTable } from '../schema/record-tables.js';
import { statusSql } from './record-status-sql.js';
import { companySql } from './company-filter-sql.js';
import { ridsTerm, type WhereTerm } from './where-term.js';
import type { SqlFragment } from './sql-fragment.js';

/** What resolving a filter's value may ask of the dataset; the API answers it (company search, the register). */
export interface FilterResolution {
  /** The records a company, as a person typed it, stands for: company search's recall. */
  company(value: string): CompanyFilter;
  /** The companies merged into this Corporate Number, at any depth. */
  predecessorsOf(corporateNumber: string): readonly string[];
}

/** The checked values of a query's filters, by name: codes for vocabularies, 13 digits for a Corporate Number. */
export type CheckedFilters = { readonly [F in FilterName]?: string };

/**
 * What the WHERE clause may consult besides the query: the trigrams a word is looked up by in a text index, chosen by
 * the counts of its trigrams (record-trigram-docs.ts); without it every word is a phrase.
 */
export interface WhereContext {
  readonly textTrigrams?: (textIndex: string, word: string) => string[] | null;
}

/** A record query being resolved, filter by filter. */
export type QueryInProgress = { -readonly [K in keyof RecordQuery]: RecordQuery[K] };

/**
 * How a filter's value is written and checked (src/api/query-rules.ts words each refusal): free text, a company as
 * typed, a Corporate Number (its check digit), a code or label of a vocabulary, a calendar date, or `true`/`false`.
 */
type FilterValue =
  | { readonly reads: 'text' | 'company' | 'corporate_number' | 'date' | 'flag' }
  | { readonly reads: 'vocabulary'; readonly vocabulary: Vocabulary };

export type RecordFilter = FilterValue & {
  readonly name: FilterName;
  /** What it means, as the OpenAPI parameter and the guide say it. */
  readonly description: string;
  /**
   * Whether it counts as a filter by itself (the contract's "at least one filter"); a date range counts only when both
   * ends are given and close enough (src/api/query-rules.ts).
   */
  readonly alone: boolean;
  /** Writes its checked value into the store's query: as given, unless the value stands for more than itself. */
  resolve(query: QueryInProgress, value: string, checked: CheckedFilters, resolution: FilterResolution): void;
  /** Its terms of the WHERE clause; asked only of a filter the query sets. */
  where(query: RecordQuery, table: RecordTable, context: WhereContext): readonly WhereTerm[];
};

type Term = (value: string, table: RecordTable, today: string) => SqlFragment;

const equals =
  (column: string): Term =>
  (value) => ({ sql: `r.${column} = ?`, params: [value] });

/** A filter whose checked value is the store's: one WHERE term from it. */
function plain(
  name: Exclude<FilterName, 'company'>,
  value: FilterValue,
  description: string,
  alone: boolean,
  term: Term,
): RecordFilter {
  return {
    ...value,
    name,
    description,
    alone,
    resolve: (query, checked) => {
      query[name] = checked;
    },
    where: (query, table) => {
      const set = query[name];
      return set === undefined ? [] : [term(set, table, query.today)];
    },
  };
}

const company: RecordFilter = {
  name: 'company',
  reads: 'company',
  description:
    'a company in any script, or its Corporate Number: the records linked to the companies it recalls, or naming ' +
    `them linked to none (at most ${COMPANY_FILTER_MATCHES}; else \`meta.recall\`)`,
  alone: true,
  resolve: (query, value, _checked, resolution) => {
    query.company = resolution.company(value);
  },
  where: (query, table) => (query.company === undefined ? [] : [companySql(query.company, table)]),
};

/** Free text over the company name, the source's words and the labels of the record's codes, folded in width. */
const q: RecordFilter = {
  name: 'q',
  reads: 'text',
  description: 'free text: company name, summary or reason, law and authority labels',
  alone: true,
  resolve: (query, value) => {
    query.q = foldWidth(value);
  },
  where: (query, table, context) => (query.q === undefined ? [] : freeTextSql(query.q, table, context)),
};

const corporateNumber: RecordFilter = {
  name: 'corporate_number',
  reads: 'corporate_number',
  description: 'a Corporate Number (13 digits; full-width digits, spaces, hyphens and a leading T are accepted)',
  alone: true,
  resolve: (query, value) => {
    query.corporate_number = value;
  },
  where: ({ corporate_number: number, predecessors }) => {
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
};

// A company that closed by merger names its successor (the NTA's successor_corporate_number): the records of the
// companies merged into a company are the history of that company too. It widens `corporate_number`'s own term.
const includePredecessors: RecordFilter = {
  name: 'include_predecessors',
  reads: 'flag',
  description:
    'true or false (the default): with corporate_number, also the records of the companies merged into it ' +
    `(successor_corporate_number chains, at any depth, at most ${MAX_PREDECESSORS_COUNTED}); each record names its own ` +
    'company',
  alone: false,
  resolve: (query, value, checked, resolution) => {
    // the query rules allow it only beside corporate_number
    if (value === 'true' && checked.corporate_number !== undefined)
      query.predecessors = resolution.predecessorsOf(checked.corporate_number);
  },
  where: () => [],
};

/** A filter by the codes of a published vocabulary (GET /api/v1/vocabularies names it `vocabularyName`). */
function vocabulary(
  name: VocabularyFilterName,
  vocabularyName: VocabularyName,
  what: string,
  term: Term,
  alone = true,
): RecordFilter {
  const description = alone
    ? `${what}: a code, its Japanese label or its English label (see /api/v1/vocabularies)`
    : what;
  return plain(name, { reads: 'vocabulary', vocabulary: VOCABULARIES[vocabularyName] }, description, alone, term);
}

// Every kind's records outlive their source's list (domain/records/listing.ts). It only narrows, since `listing=listed` alone
// would list nearly everything; absent, both listed and delisted.
const listing = vocabulary(
  'listing',
  'listing_status',
  "listed or delisted: whether the latest edition of the record's source list still holds it; absent, both; " +
    'narrows the other filters, never a filter by itself',
  equals('listing_status'),
  false,
);

/** An authority matches itself and every office under it: `mhlw` its 47 labour bureaus. */
const authority = (what: string): RecordFilter =>
  vocabulary(
    'authority',
    'authority',
    `${what} or any office under it (each authority's \`parent\` in /api/v1/vocabularies)`,
    (value) => {
      const codes = authorityAndOffices(value);
      // one code walks its (authority_code, order) index in order and stops at the page; several are gathered from
      // the same index and sorted, at most every record of one ministry's offices
      return codes.length === 1
        ? { sql: 'r.authority_code = ?', params: [value] }
        : { sql: 'r.authority_code IN (SELECT value FROM json_each(?))', params: [JSON.stringify(codes)] };
    },
  );

// Most records carry no Corporate Number and two companies can share a name: the prefecture the source
// places the company in tells them apart. It only narrows, since a prefecture alone would list all its records.
const prefecture = vocabulary(
  'prefecture',
  'prefecture',
  "the company's prefecture as the record gives it (company.prefecture_code): a JIS code (01-47), its Japanese " +
    'name with or without 都府県, or its English name; narrows the other filters, never a filter by itself',
  equals('company_prefecture_code'),
  false,
);

/**
 * `from` and `to` bound the date each kind is listed by (record-tables.ts `orderColumn`): an enforcement's and a
 * licence action's date, a suspension's first day. A suspension is placed by its start rather than by whether its
 * period overlaps the range, so that consecutive ranges split the records with none in two of them: narrowing by
 * dates reaches each record once, where `page` stops. A range alone counts as a filter only when short enough.
 */
function dateRange(what: string): readonly RecordFilter[] {
  return [
    plain('from', { reads: 'date' }, `earliest ${what}, YYYY-MM-DD`, false, (value, { orderColumn }) => ({
      sql: `r.${orderColumn} >= ?`,
      params: [value],
    })),
    plain('to', { reads: 'date' }, `latest ${what}, YYYY-MM-DD`, false, (value, { orderColumn }) => ({
      sql: `r.${orderColumn} <= ?`,
      params: [value],
    })),
  ];
}

/**
 * A filter on the codes a record lists in a child table (an enforcement's laws, a licence action's sectors), keyed
 * (code, date, rid) and by rid. Alone, or beside filters other than a prefecture, its records are gathered from the code's
 * rows. Beside a prefecture each record of the prefecture, newest first, is probed for the code instead, so that the
 * page stops once full: gathering every record of a common code (a register's construction licences, 30,000 at
 * 100,000 records) for each page grew with the register, the prefecture's walk grows with the prefecture at worst.
 */
function childCode(
  name: 'law' | 'sector',
  vocabularyName: VocabularyName,
  what: string,
  child: { readonly table: string; readonly column: string },
): RecordFilter {
  const gathered = vocabulary(name, vocabularyName, what, (value) => ({
    sql: `r.rid IN (SELECT rid FROM ${child.table} WHERE ${child.column} = ?)`,
    params: [value],
  }));
  return {
    ...gathered,
    where: (query, table, context) => {
      const value = query[name];
      if (value === undefined || query.prefecture === undefined) return gathered.where(query, table, context);
      const probe = `EXISTS (SELECT 1 FROM ${child.table} c WHERE c.rid = r.rid AND c.${child.column} = ?)`;
      return [{ sql: probe, params: [value] }];
    },
  };
}

/** A status, computed against today in Japan (record-status-sql.ts). */
const status = (vocabularyName: VocabularyName, what: string): RecordFilter =>
  vocabulary('status', vocabularyName, what, statusSql);

export const RECORD_FILTERS: Readonly<Record<RecordKind, readonly RecordFilter[]>> = {
  enforcement: [
    company,
    q,
    corporateNumber,
    includePredecessors,
    childCode('law', 'law', 'the law cited', { table: 'enforcement_laws', column: 'law_code' }),
    authority('the acting authority'),
    vocabulary('action_type', 'enforcement_action_type', 'the kind of action', equals('action_type')),
    ...dateRange('date of the action'),
    prefecture,
    listing,
  ],
  procurement_suspension: [
    company,
    q,
    corporateNumber,
    includePredecessors,
    authority('the suspending authority'),
    vocabulary('reason', 'procurement_reason', 'the reason for the suspension', equals('reason_code')),
    status('procurement_status', 'scheduled, active, ended or lifted, against today in Japan'),
    ...dateRange('first day of the suspension (period.from)'),
    prefecture,
    listing,
  ],
  license_action: [
    company,
    q,
    corporateNumber,
    includePredecessors,
    childCode('sector', 'sector', 'a sector; matches the primary sector or any affected sector', {
      table: 'license_action_sectors',
      column: 'sector_code',
    }),
    vocabulary('action_type', 'license_action_type', 'the kind of action', equals('action_type')),
    vocabulary('nature', 'nature', 'violation, voluntary_closure or other', equals('nature')),
    status('license_status', 'scheduled, in_effect or completed, against today in Japan'),
    authority('the acting authority'),
    ...dateRange('date of the action'),
    prefecture,
    listing,
  ],
};

/**
 * The WHERE clause for a query: the terms of each filter of the kind that the query sets, in the table's order; `1`
 * for none; with the term's `rids` when it is the only one. A loop over the table rather than callbacks: it runs on
 * every record query.
 */
export function recordWhere(table: RecordTable, query: RecordQuery, context: WhereContext = {}): WhereTerm {
  const terms: WhereTerm[] = [];
  for (const filter of RECORD_FILTERS[table.kind]) {
    if (query[filter.name] === undefined) continue;
    terms.push(...filter.where(query, table, context));
  }
  const [only] = terms;
  if (terms.length === 1 && only !== undefined) return only;
  if (terms.length === 0) return { sql: '1', params: [] };
  return { sql: terms.map((term) => term.sql).join(' AND '), params: terms.flatMap((term) => term.params) };
}

// The text indexes hold a document for each record the table holds and no other (the record writer writes and
// deletes both together), so their rowids are records: each the record's key in list order (record-text-keys.ts).
function freeTextSql(q: string, { textIndex, gramIndex, texts }: RecordTable, context: WhereContext): WhereTerm[] {
  const text = freeText(q);
  if (text === null) return [{ sql: '0', params: [] }];
  const { textTrigrams } = context;
  const choose: TextTrigramChoice | undefined = textTrigrams && ((word) => textTrigrams(textIndex, word));
  const matchesOf = (textMatch: TextMatch): WhereTerm => ({
    ...ridsTerm(textMatchRids(textMatch)),
    textMatch,
  });
  const terms: WhereTerm[] = [];
  if (text.words.length > 0) terms.push(matchesOf({ index: textIndex, texts, ...trigramMatch(text.words, choose) }));
  if (text.grams) terms.push(matchesOf({ index: gramIndex, texts, match: text.grams, checks: [] }));
  return terms;
}
