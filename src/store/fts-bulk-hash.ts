// A larger in-memory hash for FTS5 while a bulk of rows is indexed at once, set aside again before anything is kept.
import type { Db } from './database.js';

/**
 * FTS5 writes its pending postings out as a new segment whenever they pass its hash size, 1 MiB by default, and
 * merges the segments as they pile up: indexing a million companies' terms at once wrote thousands of small
 * segments. With 64 MiB, fewer and larger segments make the indexing of a bulk and the end of a large import
 * noticeably faster (bench/README.md); twice that saved a little more but took a five-million import's peak memory
 * too near the 1 GB it must stay under. The memory is held only while postings are pending: FTS5 writes them out at the
 * end of each statement that indexes many rows.
 */
const BULK_FTS_HASH_BYTES = 64 * 1024 * 1024;

/** FTS5's own default (FTS5_DEFAULT_HASHSIZE in SQLite's source). */
const DEFAULT_FTS_HASH_BYTES = 1024 * 1024;

/**
 * Raises FTS5's hash size for `tables` until the function it returns is called. The setting is kept in each table's
 * `_config` table, so it is set back to FTS5's default then, through FTS5 too (SQLite's defensive mode, on in
 * better-sqlite3, keeps shadow tables from being written directly): every later writer of the file indexes as
 * before. The caller's transaction makes the whole of it all or nothing; each setting is a write, so a writer that
 * indexes many stretches raises it once for all of them.
 */
export function raiseFtsHash(db: Db, tables: readonly string[]): () => void {
  if (!db.inTransaction) throw new Error('a bulk FTS index needs an open transaction');
  // an integer literal: FTS5 refuses a bound JavaScript number, which better-sqlite3 binds as a real
  const setHashSize = (bytes: number) => {
    for (const table of tables) db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('hashsize', ${bytes})`);
  };
  setHashSize(BULK_FTS_HASH_BYTES);
  return () => {
    // a fault SQLite answers by rolling the transaction back (a full disk) took the raised setting with it; writing
    // the default then would be a write of its own, outside the caller's transaction
    if (db.inTransaction) setHashSize(DEFAULT_FTS_HASH_BYTES);
  };
}
