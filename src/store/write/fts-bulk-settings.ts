// FTS5's settings while a bulk of rows is indexed at once (a larger in-memory hash, merging left to the end), set back
// before anything is kept.
import type { Db } from '../schema/database.js';

/**
 * FTS5 writes its pending postings out as a new segment whenever they pass its hash size, 1 MiB by default, and
 * merges the segments as they pile up: indexing a million companies' terms at once wrote thousands of small
 * segments. With BULK_FTS_HASH_BYTES, fewer and larger segments make the indexing of a bulk and the end of a large
 * import noticeably faster; twice that took a five-million import's peak memory too near the 1 GB it must stay under. The memory is held only while postings are pending: FTS5 writes them out as
 * a segment when the next statement that writes the index begins (at its savepoint) and at the commit.
 */
const BULK_FTS_HASH_BYTES = 64 * 1024 * 1024;

/** FTS5's own default (FTS5_DEFAULT_HASHSIZE in SQLite's source). */
const DEFAULT_FTS_HASH_BYTES = 1024 * 1024;

/** FTS5's own defaults (FTS5_DEFAULT_AUTOMERGE and FTS5_DEFAULT_CRISISMERGE in SQLite's source). */
const DEFAULT_MERGING = { automerge: 4, crisismerge: 16 } as const;

/**
 * When the bulk's merging is left to its end: no merging as segments are written, but a level that reaches
 * `crisismerge` segments is merged at once. A stretch of an import is a segment of each index
 * (company-terms-writer.ts): about 650 at all Japan. FTS5 refuses to write past 2,000 segments an index ("database or
 * disk is full"), so a file larger still gets one merge of its first thousand rather than failing.
 */
export const NO_MERGING = { automerge: 0, crisismerge: 1000 } as const;

export interface BulkFtsOptions {
  /**
   * Leaves merging the segments to the end of the bulk, where they are merged whole ('optimize') when the settings
   * are set back, for an index that was empty: merged as they piled up, each posting was written again at every
   * level of FTS5's merge tree, a visible share of a new dataset's writing thread. Merged before the rest of the bulk's end, the pages the segments leave are taken again by what is
   * written after them (the deferred indexes) rather than left free in the file. An index that holds a dataset's
   * documents already is merged as before: a daily change file adds a few segments, and its import optimises nothing.
   */
  readonly mergeAtEnd: boolean;
}

/**
 * Sets `tables`' FTS5 settings for a bulk until the function it returns is called: a larger hash, and merging as
 * `options` says (merged whole by that function when left to the end). The settings are kept in each table's
 * `_config` table, so they are set back to FTS5's defaults then, through FTS5 too (SQLite's defensive mode, on in
 * better-sqlite3, keeps shadow tables from being written directly): every later writer of the file indexes as before.
 * The caller's transaction makes the whole of it all or nothing; each setting is a write, so a writer that indexes
 * many stretches sets them once for all of them.
 */
export function ftsForBulk(db: Db, tables: readonly string[], options: BulkFtsOptions): () => void {
  if (!db.inTransaction) throw new Error('a bulk FTS index needs an open transaction');
  // an integer literal: FTS5 refuses a bound JavaScript number, which better-sqlite3 binds as a real
  const set = (name: string, value: number) => {
    for (const table of tables) db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('${name}', ${value})`);
  };
  const setMerging = (merging: typeof DEFAULT_MERGING | typeof NO_MERGING) => {
    set('automerge', merging.automerge);
    set('crisismerge', merging.crisismerge);
  };
  set('hashsize', BULK_FTS_HASH_BYTES);
  if (options.mergeAtEnd) setMerging(NO_MERGING);
  return () => {
    // a fault SQLite answers by rolling the transaction back (a full disk) took the settings with it; writing the
    // defaults then would be a write of its own, outside the caller's transaction
    if (!db.inTransaction) return;
    set('hashsize', DEFAULT_FTS_HASH_BYTES);
    if (!options.mergeAtEnd) return;
    setMerging(DEFAULT_MERGING);
    for (const table of tables) db.exec(`INSERT INTO ${table}(${table}) VALUES ('optimize')`);
  };
}
