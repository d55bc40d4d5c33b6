// Faults planted in a database as only a fault of SQLite or of the disk could leave them, for the tests of the checks
// that must refuse them (change-check.ts, record-change-check.ts).
import type { Db } from '../../src/store/schema/database.js';

/** Rewrites an index's SQL in place, as only a fault could (the schema is not writable otherwise). */
function rewriteIndexSql(db: Db, name: string, sql: string): void {
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
  db.prepare('UPDATE sqlite_schema SET sql = ? WHERE name = ?').run(sql, name);
  db.pragma('writable_schema = RESET');
  db.unsafeMode(false);
}

/**
 * Runs `write` with the index made to skip every row (a partial index of no row), then puts the index back as it was
 * (once its promise settles, for asynchronous work): what `write` inserted is missing from it, and a row it updated
 * keeps its old entry, which then disagrees with it.
 */
export function withIndexAside<T>(db: Db, index: string, write: () => T): T {
  const sql = db.prepare<[string], string>('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(index)!;
  const putBack = () => rewriteIndexSql(db, index, sql);
  // a partial index holds no row either once its condition is false
  rewriteIndexSql(
    db,
    index,
    /\sWHERE\s/iu.test(sql) ? sql.replace(/\sWHERE\s[\s\S]*$/iu, ' WHERE 0') : `${sql} WHERE 0`,
  );
  let result: T;
  try {
    result = write();
  } catch (error) {
    putBack();
    throw error;
  }
  if (result instanceof Promise) return result.finally(putBack) as T;
  putBack();
  return result;
}
