// Rows read back through every index of their table: what PRAGMA integrity_check adds to quick_check ("row N missing
// from index X"), for the rows a change wrote alone, so that a check of a change reads what it wrote and not the file.
import type { Db } from '../schema/database.js';

interface IndexColumns {
  readonly name: string;
  readonly columns: readonly string[];
  /** A partial index's condition, as its CREATE INDEX gives it: the index holds the rows it is true of. */
  readonly where: string | null;
}

/**
 * Each of the rows of a rowid table read by its rowid, then looked up through every index of the table by the
 * values the index holds and the rowid: a row missing from an index, or an index entry that disagrees with its row,
 * is reported. A partial index is asked for the rows its condition holds of (companies_with_records, which a write of
 * records moves companies into and out of); one on an expression is left out (its entries are not the row's columns).
 */
export function rowsThroughIndexes(db: Db, table: string, rowids: readonly number[]): string[] {
  const indexes = columnIndexes(db, table);
  const columns = [...new Set(indexes.flatMap((i) => i.columns))];
  // each partial index's condition, read with the row, as a column named after the index (no table column has a space)
  const heldBy = (index: IndexColumns) => `held by ${index.name}`;
  const conditions = indexes.flatMap((i) => (i.where === null ? [] : [`(${i.where}) AS ${quoted(heldBy(i))}`]));
  // as SQLite holds them: an integer past 2^53 (a rank key) read as a number would no longer find its entry
  const read = db
    .prepare<[number], Record<string, unknown>>(
      `SELECT ${['rowid', ...columns.map(quoted), ...conditions].join(', ')} FROM ${quoted(table)} WHERE rowid = ?`,
    )
    .safeIntegers(true);
  const lookups = indexes.map((index) => {
    // SQLite reads a partial index only for a query whose condition implies the index's
    const partial = index.where === null ? '' : ` AND (${index.where})`;
    return {
      index,
      find: db
        .prepare<unknown[], number>(
          `SELECT count(*) FROM ${quoted(table)} INDEXED BY ${quoted(index.name)}
           WHERE ${index.columns.map((c) => `${quoted(c)} IS ?`).join(' AND ')} AND rowid = ?${partial}`,
        )
        .pluck(),
    };
  });
  const problems: string[] = [];
  for (const rowid of rowids) {
    const row = read.get(rowid);
    if (row === undefined) {
      problems.push(`row ${rowid} of ${table} not found`);
      continue;
    }
    for (const { index, find } of lookups) {
      // a row the condition does not hold of has no entry to find (read as a BigInt, as every integer of the row)
      if (index.where !== null && row[heldBy(index)] !== 1n) continue;
      if (find.get(...index.columns.map((c) => row[c]), rowid) !== 1) {
        problems.push(`row ${rowid} missing from index ${index.name}`);
      }
    }
  }
  return problems;
}

/** The table's indexes on plain columns, with their columns in order and a partial one's condition. */
function columnIndexes(db: Db, table: string): IndexColumns[] {
  const list = db
    .prepare<[string], { name: string; partial: number }>('SELECT name, partial FROM pragma_index_list(?)')
    .all(table);
  const info = db.prepare<[string], { cid: number; name: string | null }>(
    'SELECT cid, name FROM pragma_index_info(?) ORDER BY seqno',
  );
  const sql = db.prepare<[string], string>("SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?").pluck();
  return list.flatMap(({ name, partial }) => {
    const cols = info.all(name);
    if (cols.some((c) => c.cid < 0 || c.name === null)) return [];
    const where = partial === 1 ? partialCondition(sql.get(name)) : null;
    if (partial === 1 && where === null) return [];
    return [{ name, columns: cols.map((c) => c.name ?? ''), where }];
  });
}

/**
 * The condition of a partial index's CREATE INDEX: what follows its WHERE (an index's columns come before, in
 * parentheses, and hold no WHERE); null when there is none to read.
 */
function partialCondition(createIndex: string | undefined): string | null {
  const match = /\)\s*WHERE\s([\s\S]+)$/iu.exec(createIndex ?? '');
  return match?.[1]?.trim() ?? null;
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
