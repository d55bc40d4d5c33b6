// Secondary indexes set aside while a new table is filled, and built once at the end from the finished rows.
import type { Db } from './database.js';

/** Rebuilds what deferIndexes dropped; a rollback of the transaction brings them back instead. */
export type RestoreIndexes = () => void;

/**
 * Drops the named indexes inside the caller's open transaction and returns what builds them again. Filling a
 * table in key order and then sorting once is much cheaper than keeping an index in step row by row, which
 * writes its pages in random order: at a million companies the term index alone was a large share of an import
 * (bench/README.md, "Importing a full NTA file"). Only worth it for a table that starts empty or nearly so:
 * rebuilding means sorting every row, not only the new ones. Nothing may read through these indexes meanwhile.
 */
export function deferIndexes(db: Db, names: readonly string[]): RestoreIndexes {
  if (!db.inTransaction) throw new Error('deferring indexes needs an open transaction');
  const get = db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?");
  const saved = names.flatMap((name) => {
    const row = get.get(name);
    return row === undefined ? [] : [{ name, sql: row.sql }];
  });
  for (const { name } of saved) db.exec(`DROP INDEX ${name}`);
  return () => {
    for (const { sql } of saved) db.exec(sql);
  };
}
