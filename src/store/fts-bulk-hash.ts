// A larger in-memory hash for FTS5 while a bulk of rows is indexed at once, set aside again before anything is kept.
import type { Db } from './database.js';

/**
 * FTS5 writes its pending postings out as a new segment whenever they pass its hash size, 1 MiB by default, and
 * merges the segments as they pile up: indexing a million companies' terms at once wrote thousands of small
 * segments. At 128 MiB a million companies' trigrams stay in memory until the end and become one segment, which
 * cut their indexing from 7.9 to 5.6 s and left the optimize after it nothing to merge (bench/README.md). What it
 * costs is memory: at most this much more while the bulk is indexed, well inside the import's 1 GB.
 */
export const BULK_FTS_HASH_BYTES = 128 * 1024 * 1024;

/** FTS5's own default (FTS5_DEFAULT_HASHSIZE in SQLite's source). */
const DEFAULT_FTS_HASH_BYTES = 1024 * 1024;

/**
 * Runs `index` with FTS5's hash size raised for `tables`. The setting is kept in each table's `_config` table, so it
 * is set back to FTS5's default afterwards, through FTS5 too (SQLite's defensive mode, on in better-sqlite3, keeps
 * shadow tables from being written directly): every later writer of the file indexes as before. The caller's
 * transaction makes the whole of it all or nothing.
 */
export function withBulkFtsHash<T>(db: Db, tables: readonly string[], index: () => T): T {
  if (!db.inTransaction) throw new Error('a bulk FTS index needs an open transaction');
  // an integer literal: FTS5 refuses a bound JavaScript number, which better-sqlite3 binds as a real
  const setHashSize = (bytes: number) => {
    for (const table of tables) db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('hashsize', ${bytes})`);
  };
  setHashSize(BULK_FTS_HASH_BYTES);
  try {
    return index();
  } finally {
    setHashSize(DEFAULT_FTS_HASH_BYTES);
  }
}
