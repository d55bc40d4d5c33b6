// Secondary indexes and triggers set aside while many rows are written, and put back once at the end.
import type { Db } from '../schema/database.js';

/** Puts back what deferIndexes or deferTriggers set aside; a rollback of the transaction brings them back instead. */
export type RestoreIndexes = () => void;

/**
 * Drops the named indexes inside the caller's open transaction and returns what builds them again. Filling a
 * table in key order and then sorting once is much cheaper than keeping an index in step row by row, which
 * writes its pages in random order: at a million companies the term index alone was a large share of an import.
 * Only worth it for a table that starts empty or nearly so:
 * rebuilding means sorting every row, not only the new ones. Nothing may read through these indexes meanwhile.
 */
export function deferIndexes(db: Db, names: readonly string[]): RestoreIndexes {
  if (!db.inTransaction) throw new Error('deferring indexes needs an open transaction');
  const get = db.prepare<[string], Schema>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name = ?");
  return setAside(
    db,
    'INDEX',
    names.flatMap((name) => get.get(name) ?? []),
  );
}

/**
 * Drops every trigger on the table inside the caller's open transaction and returns what creates them again;
 * meanwhile the writer does what they did. A trigger that writes to an FTS5 table makes SQLite open a statement savepoint for
 * each row written, and FTS5 writes its pending postings out at every savepoint: one new segment per row, which
 * made the triggers most of the cost of a large write.
 */
export function deferTriggers(db: Db, table: string): RestoreIndexes {
  if (!db.inTransaction) throw new Error('deferring triggers needs an open transaction');
  const saved = db
    .prepare<[string], Schema>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?")
    .all(table);
  return setAside(db, 'TRIGGER', saved);
}

interface Schema {
  readonly name: string;
  readonly sql: string;
}

function setAside(db: Db, type: 'INDEX' | 'TRIGGER', saved: readonly Schema[]): RestoreIndexes {
  for (const { name } of saved) db.exec(`DROP ${type} ${name}`);
  return () => {
    for (const { sql } of saved) db.exec(sql);
  };
}
