// Builds the SQL of the record endpoints as plain values (text and parameters): a page, a count, a count of several
// queries at once, each over the WHERE clause of the filter table (record-filters.ts).
import type { RecordQuery } from '../domain/record-query.js';
import type { RecordTable } from './record-tables.js';
import { limitSql } from './sql-limit.js';
import { recordWhere } from './record-filters.js';
import type { SqlFragment } from './sql-fragment.js';

/**
 * The page's record ids and documents (one more than the limit, to know whether more exist). The rows are chosen and
 * ordered first and their documents read after: sorting whole rows carried every match's document (about 700 bytes)
 * through the sort, a third of a page's time where a query matches hundreds of records.
 */
export function recordPageSql(table: RecordTable, query: RecordQuery, limit: number, offset: number): SqlFragment {
  const where = recordWhere(table, query);
  const order = (alias: string) => `${alias}${table.orderColumn} DESC, ${alias}rid DESC`;
  const page = `SELECT r.rid FROM ${table.table} r WHERE ${where.sql} ORDER BY ${order('r.')} ${limitSql(limit + 1)} OFFSET ?`;
  return {
    sql: `SELECT id, doc FROM ${table.table} WHERE rid IN (${page}) ORDER BY ${order('')}`,
    params: [...where.params, offset],
  };
}

/**
 * The ids of the records a query matches, each once, at most `cap`: read from the indexes of the query's one term when
 * it is a set of ids (a company's, a text's), without visiting each record; else from the table.
 */
function matchingRids(table: RecordTable, query: RecordQuery, cap: number): SqlFragment {
  const where = recordWhere(table, query);
  if (where.rids !== undefined)
    return { sql: `SELECT DISTINCT rid FROM (${where.rids.sql}) ${limitSql(cap)}`, params: where.rids.params };
  return { sql: `SELECT r.rid FROM ${table.table} r WHERE ${where.sql} ${limitSql(cap)}`, params: where.params };
}

/** How many rows match, counted no further than `cap` so that the count stays cheap. */
export function recordCountSql(table: RecordTable, query: RecordQuery, cap: number): SqlFragment {
  const rids = matchingRids(table, query, cap);
  return { sql: `SELECT count(*) AS n FROM (${rids.sql})`, params: rids.params };
}

/**
 * How many rows match any of the queries, each row once, counted no further than `cap`: each query's rows are read
 * no further than the cap either, down its own index, before the union drops the rows two of them share.
 */
export function recordUnionCountSql(table: RecordTable, queries: readonly RecordQuery[], cap: number): SqlFragment {
  const arms = queries.map((query) => matchingRids(table, query, cap));
  return {
    sql: `SELECT count(*) AS n FROM (${arms.map((arm) => `SELECT rid FROM (${arm.sql})`).join(' UNION ')} ${limitSql(cap)})`,
    params: arms.flatMap((arm) => arm.params),
  };
}
