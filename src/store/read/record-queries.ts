// The record endpoints' queries: their SQL, and the records they return as the domain defines them (codes, not
// labels).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../schema/database.js';
import type { Page, RecordQuery } from '../../domain/records/record-query.js';
import { perRecordKind, type RecordKind, type RecordOfKind } from '../../domain/records/record.js';
import type { SqlFragment } from './sql-fragment.js';
import type { WhereTerm } from './where-term.js';
import { ALL_RECORD_TABLES, RECORD_TABLES, type RecordTable } from '../schema/record-tables.js';
import { recordFromDoc } from './record-docs.js';
import { limitSql, StatementCache } from './statement-cache.js';
import { kindOfRecordId } from '../../domain/records/record-id.js';
import { recordWhere, type WhereContext } from './record-filter-sql.js';
import { textMatchSql, type TextMatch } from './free-text.js';
import { recordTextTrigramsOf } from './token-counts.js';
import { ridOfTextKey } from './record-text-keys.js';

/** A record of a page before its document is read: /search reads only those it shows. */
export interface RecordEntry {
  readonly id: string;
  /** Null in a row written by a build from before documents (recordFromDoc refuses it). */
  readonly doc: string | null;
}

export interface RecordPage<T> {
  readonly records: T[];
  /** True when a row exists after this page. */
  readonly hasMore: boolean;
}

export class RecordQueries {
  private readonly pages: StatementCache<RecordEntry>;
  private readonly ridEntries: StatementCache<RecordEntry & { readonly rid: number }>;
  private readonly counts: StatementCache<{ n: number }>;
  private readonly ridLists: StatementCache<number>;
  private readonly changes: Readonly<Record<RecordKind, Statement<[string], string | null>>>;
  private readonly context: WhereContext;

  constructor(db: Db) {
    this.changes = perRecordKind((kind) =>
      db.prepare<[string], string | null>(`SELECT changed_at FROM ${RECORD_TABLES[kind].table} WHERE id = ?`).pluck(),
    );
    // the three share the bound one cache would have
    this.pages = new StatementCache(db, 1 / 2);
    this.ridEntries = new StatementCache(db, 1 / 16);
    this.counts = new StatementCache(db, 1 / 4);
    this.ridLists = new StatementCache(db, 1 / 4);
    this.context = { textTrigrams: recordTextTrigramsOf(db) };
  }

  /**
   * A page of the records of a kind that match, newest first, each read as its stored document (record-docs.ts):
   * one value a record instead of 23 columns and up to three child statements a page, which were about half of a
   * record answer's time.
   */
  page<K extends RecordKind>(kind: K, query: RecordQuery, page: Page): RecordPage<RecordOfKind<K>> {
    const { records, hasMore } = this.entries(kind, query, page);
    return { records: records.map((entry) => recordFromDoc<K>(entry.doc)), hasMore };
  }

  /** The same page, its documents not yet read. */
  entries(kind: RecordKind, query: RecordQuery, page: Page): RecordPage<RecordEntry> {
    const offset = (page.page - 1) * page.limit;
    const rows = run(this.pages, recordPageSql(RECORD_TABLES[kind], query, page.limit, offset, this.context));
    return { records: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
  }

  /**
   * When each of these records reached Kohyo or last changed (record-writer.ts), by id: records of any kind, told
   * apart by their id's prefix, each one probe of its table's id index. An id not held is left out.
   */
  changedAt(ids: readonly string[]): ReadonlyMap<string, string> {
    const found = new Map<string, string>();
    for (const id of ids) {
      const kind = kindOfRecordId(id);
      const time = kind === null ? undefined : this.changes[kind].get(id);
      if (typeof time === 'string') found.set(id, time);
    }
    return found;
  }

  /** The record of a kind with this id (the table's unique index), or null. */
  byId<K extends RecordKind>(kind: K, id: string): RecordOfKind<K> | null {
    const row = this.pages.prepared(`SELECT doc FROM ${RECORD_TABLES[kind].table} WHERE id = ?`).get(id);
    return row === undefined ? null : recordFromDoc<K>(row.doc);
  }

  /** How many rows match, up to `cap`. */
  count(kind: RecordKind, query: RecordQuery, cap: number): number {
    return run(this.counts, recordCountSql(RECORD_TABLES[kind], query, cap, this.context))[0]?.n ?? 0;
  }

  /** How many rows of every kind match, each kind's counted up to `cap`, in one statement. */
  countEveryKind(query: RecordQuery, cap: number): number {
    const counts = ALL_RECORD_TABLES.map((table) => recordCountSql(table, query, cap, this.context));
    const sum = {
      sql: `SELECT ${counts.map((count) => `(${count.sql})`).join(' + ')} AS n`,
      params: counts.flatMap((count) => count.params),
    };
    return run(this.counts, sum)[0]?.n ?? 0;
  }

  /** The rids of the records a query matches, each once, at most `cap`, in no order. */
  rids(kind: RecordKind, query: RecordQuery, cap: number): number[] {
    return this.ridsOf(recordRidsSql(RECORD_TABLES[kind], query, cap, this.context));
  }

  /**
   * The rids of the records a query matches, each once, in the order a page lists them (newest first), at most
   * `limit`: a page's records and, where fewer than `limit` match, every match.
   */
  listedRids(kind: RecordKind, query: RecordQuery, limit: number): number[] {
    return this.ridsOf(recordListedRidsSql(RECORD_TABLES[kind], query, limit, this.context));
  }

  /**
   * The records of these rids (listedRids'), their documents not yet read, each with its rid, in the order given; a rid
   * not held is left out.
   */
  entriesOf(kind: RecordKind, rids: readonly number[]): (RecordEntry & { readonly rid: number })[] {
    if (rids.length === 0) return [];
    const { table } = RECORD_TABLES[kind];
    return this.ridEntries
      .prepared(`SELECT r.rid, r.id, r.doc FROM json_each(?) j CROSS JOIN ${table} r ON r.rid = j.value ORDER BY j.key`)
      .all(JSON.stringify(rids));
  }

  private ridsOf({ sql, params }: SqlFragment): number[] {
    return this.ridLists
      .prepared(sql)
      .pluck()
      .all(...params);
  }
}

/** The rows of a statement built here, by their column names (the SQL above names each). */
function run<Row>(statements: StatementCache<Row>, fragment: SqlFragment): Row[] {
  return statements.prepared(fragment.sql).all(...fragment.params);
}

// Builds the SQL of the record endpoints as plain values (text and parameters): a page, the ids of the records that
// match, their count, each over the WHERE clause of the filters (record-filter-sql.ts).
/**
 * The page's record ids and documents (one more than the limit, to know whether more exist). The rows are chosen and
 * ordered first and their documents read after: sorting whole rows carried every match's document through the sort,
 * a large share of a page's time where a query matches hundreds of records.
 */
export function recordPageSql(
  table: RecordTable,
  query: RecordQuery,
  limit: number,
  offset: number,
  context: WhereContext = {},
): SqlFragment {
  const where = recordWhere(table, query, context);
  if (where.textMatch !== undefined) return textPageSql(table, where.textMatch, limit, offset);
  const page = listedRidsSql(table, where, `${limitSql(limit + 1)} OFFSET ?`);
  return {
    sql: `SELECT id, doc FROM ${table.table} WHERE rid IN (${page.sql}) ORDER BY ${listOrder(table, '', where)}`,
    params: [...page.params, offset],
  };
}

/**
 * The rids of the records a query matches, each once, newest first, at most `limit`: a page's (as recordPageSql
 * orders it) without the documents, where one read serves a page and a count (search-records.ts).
 */
export function recordListedRidsSql(
  table: RecordTable,
  query: RecordQuery,
  limit: number,
  context: WhereContext = {},
): SqlFragment {
  const where = recordWhere(table, query, context);
  if (where.textMatch === undefined) return listedRidsSql(table, where, limitSql(limit));
  return textInListOrderSql(where.textMatch, (from, rid) => `SELECT ${rid} AS rid FROM ${from}`, limitSql(limit));
}

/**
 * A list's order: its order column, then its rid, newest first; for an answer about one company (`ownFirst`), the
 * records linked to a company before those linked to none, as their relations rank (company-records.ts relationRank:
 * such an answer holds no record found by its text).
 */
function listOrder(table: RecordTable, alias: string, where: WhereTerm): string {
  const tier = where.ownFirst ? `${alias}company_corporate_number IS NULL, ` : '';
  return `${tier}${alias}${table.orderColumn} DESC, ${alias}rid DESC`;
}

/** The rids a WHERE term matches in list order, each once, then `bound` (its LIMIT, maybe an OFFSET). */
function listedRidsSql(table: RecordTable, where: WhereTerm, bound: string): SqlFragment {
  // where the indexes hold each record's place in the list, the matches are sorted by it without reading their rows
  const distinct = where.distinct ? '' : 'DISTINCT ';
  const sql =
    where.listed === undefined
      ? `SELECT r.rid FROM ${table.table} r WHERE ${where.sql} ORDER BY ${listOrder(table, 'r.', where)} ${bound}`
      : where.ownFirst
        ? `SELECT rid FROM (SELECT ${distinct}rid, listed_on, tier FROM (${where.listed.sql}))
          ORDER BY tier, listed_on DESC, rid DESC ${bound}`
        : `SELECT rid FROM (SELECT ${distinct}rid, listed_on FROM (${where.listed.sql}))
          ORDER BY listed_on DESC, rid DESC ${bound}`;
  return { sql, params: [...where.params] };
}

/**
 * The page of a query that is one text index's matches and nothing else (`q` of one index alone): the index's rowids
 * are the records' places in the list (record-text-keys.ts), so it reads its matches newest first and stops at the
 * page's end, where sorting every match by date cost most of the page for a common word. The page's limit is the
 * join's, not a subquery's over the index: FTS5 given a LIMIT of its own took longer than sorting a few matches did.
 */
function textPageSql(table: RecordTable, textMatch: TextMatch, limit: number, offset: number): SqlFragment {
  const page = textInListOrderSql(
    textMatch,
    (from, rid) => `SELECT p.id, p.doc FROM ${from} JOIN ${table.table} p ON p.rid = ${rid}`,
    `${limitSql(limit + 1)} OFFSET ?`,
  );
  return { sql: page.sql, params: [...page.params, offset] };
}

/**
 * One text index's matches in list order (its rowids are the records' places, record-text-keys.ts), then `bound`:
 * `select` makes the SELECT and FROM of the index's FROM clause and the SQL of each match's rid.
 */
function textInListOrderSql(
  textMatch: TextMatch,
  select: (from: string, rid: string) => string,
  bound: string,
): SqlFragment {
  const { index } = textMatch;
  const { from, where, params } = textMatchSql(textMatch);
  return {
    sql: `${select(from, ridOfTextKey(`${index}.rowid`))} WHERE ${where} ORDER BY ${index}.rowid ${bound}`,
    params: [...params],
  };
}

/**
 * The ids of the records a query matches, each once, at most `cap`: read from the indexes of the query's one term when
 * it is a set of ids (a company's, a text's), without visiting each record; else from the table.
 */
export function recordRidsSql(
  table: RecordTable,
  query: RecordQuery,
  cap: number,
  context: WhereContext = {},
): SqlFragment {
  const where = recordWhere(table, query, context);
  if (where.rids !== undefined) {
    const distinct = where.distinct ? '' : 'DISTINCT ';
    return { sql: `SELECT ${distinct}rid FROM (${where.rids.sql}) ${limitSql(cap)}`, params: where.rids.params };
  }
  return { sql: `SELECT r.rid FROM ${table.table} r WHERE ${where.sql} ${limitSql(cap)}`, params: where.params };
}

/** How many rows match, counted no further than `cap` so that the count stays cheap. */
export function recordCountSql(
  table: RecordTable,
  query: RecordQuery,
  cap: number,
  context: WhereContext = {},
): SqlFragment {
  const rids = recordRidsSql(table, query, cap, context);
  return { sql: `SELECT count(*) AS n FROM (${rids.sql})`, params: rids.params };
}
