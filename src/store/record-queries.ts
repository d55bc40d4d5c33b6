// Runs the record endpoints' queries and returns the records as the domain defines them (codes, not labels).
import type { Db } from './database.js';
import type { Page, RecordQuery } from '../domain/record-query.js';
import type { RecordKind, RecordOfKind } from '../domain/record.js';
import { recordCountSql, recordPageSql, type SqlFragment } from './record-sql.js';
import { RECORD_TABLES } from './record-tables.js';
import { recordFromDoc } from './record-docs.js';
import { StatementCache } from './statement-cache.js';

export interface RecordPage<T> {
  readonly records: T[];
  /** True when a row exists after this page. */
  readonly hasMore: boolean;
}

export class RecordQueries {
  private readonly statements: StatementCache;

  constructor(db: Db) {
    this.statements = new StatementCache(db);
  }

  /**
   * A page of the records of a kind that match, newest first, each read as its stored document (record-docs.ts):
   * one value a record instead of 23 columns and up to three child statements a page, which were most of a
   * record answer (an 11-record enforcement page 155 → 81 µs in a tight loop).
   */
  page<K extends RecordKind>(kind: K, query: RecordQuery, page: Page): RecordPage<RecordOfKind<K>> {
    const rows = this.rows<{ doc: string }>(
      recordPageSql(RECORD_TABLES[kind], query, page.limit, (page.page - 1) * page.limit),
    );
    return {
      records: rows.slice(0, page.limit).map((row) => recordFromDoc<K>(row.doc)),
      hasMore: rows.length > page.limit,
    };
  }

  /** How many rows match, up to `cap`. */
  count(kind: RecordKind, query: RecordQuery, cap: number): number {
    return this.rows<{ n: number }>(recordCountSql(RECORD_TABLES[kind], query, cap))[0]?.n ?? 0;
  }

  /** The rows of a statement built here, by their column names (the SQL of record-sql.ts names each). */
  private rows<Row>(fragment: SqlFragment): Row[] {
    return this.statements.prepared(fragment.sql).all(...fragment.params) as Row[];
  }
}
