// Opening a database file: for writing, or read-only as the server does; the file's schema version; dataset metadata.
// Bringing a file up to date (migrations, rebuilt search data) is database-upgrade.ts's job.
import Database from 'better-sqlite3';
import { SCHEMA_VERSION } from './schema.js';
import { userVersion } from './migrate.js';

export type Db = Database.Database;

class SchemaVersionError extends Error {
  constructor(path: string, found: number) {
    super(
      `database ${path} has schema version ${found}, this build needs ${SCHEMA_VERSION}: restart the server or run any import command to migrate it`,
    );
  }
}

/** Opens (creating if need be) a database for writing, as it is: no schema is applied. */
export function openDatabase(path: string): Db {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  return db;
}

/**
 * The most of a file the server asks SQLite to map: a terabyte, more than any dataset. SQLite maps no more than its
 * build allows (SQLITE_MAX_MMAP_SIZE): 2 GB in better-sqlite3's own build, the whole file in the image's
 * (docs/operating.md, "A dataset larger than the memory map").
 */
const READ_MMAP_BYTES = 2 ** 40;

/** The size of an open database file in bytes, as SQLite counts it: its pages times their size. */
export function databaseBytes(db: Db): number {
  return Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
}

/**
 * How many bytes of a file opened by openReadOnly lie past its memory map (0 when the map holds it whole): those are
 * read through the page cache, as its build of SQLite maps no more (READ_MMAP_BYTES).
 */
export function bytesPastTheMap(db: Db): number {
  return Math.max(0, databaseBytes(db) - Number(db.pragma('mmap_size', { simple: true })));
}

/** SQLite's own default page cache (2 MB), for a reader that is not the server. */
const DEFAULT_CACHE_MIB = 2;

/**
 * Opens an existing database read-only, as the server does; refuses an out-of-date schema. `cacheMiB` bounds SQLite's
 * page cache, which holds the pages the memory map does not reach.
 */
export function openReadOnly(path: string, cacheMiB = DEFAULT_CACHE_MIB): Db {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('query_only = ON');
  // Pages are read in place from a memory map rather than copied through the page cache, a large share of company
  // search's CPU at a million companies. Writers in other
  // processes are seen as before: the map is of the same OS pages, and SQLite remaps when the file grows.
  db.pragma(`mmap_size = ${READ_MMAP_BYTES}`);
  // Past the map (with a 2 GB map, at all Japan more than half of the file), every page is read into the page cache:
  // SQLite's small default cache read the same pages again for every answer. The cache grows only as pages are read,
  // so a file the map holds whole never fills it.
  db.pragma(`cache_size = ${-1024 * cacheMiB}`);
  const version = userVersion(db);
  if (version !== SCHEMA_VERSION) {
    db.close();
    throw new SchemaVersionError(path, version);
  }
  return db;
}

/** Runs a read on an existing file opened read-only for the purpose, whatever its schema version. */
export function readFile<T>(path: string, read: (db: Db) => T): T {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * Folds the write-ahead log into the file and keeps a rollback journal instead: the file is then whole on its own, to
 * rename, copy or publish without a `-wal` beside it to lose.
 */
export function makeSelfContained(db: Db): void {
  db.pragma('journal_mode = DELETE');
}

/**
 * What SQLite's integrity check (or its quicker form, which skips the indexes' match to their tables) finds wrong
 * with the file, or with one table (`table`: its b-tree and its indexes', or an FTS5 table's own check): nothing when
 * it is whole.
 */
export function integrityProblems(
  db: Db,
  check: 'integrity_check' | 'quick_check' = 'integrity_check',
  table?: string,
): string[] {
  const of = table === undefined ? '' : `("${table.replaceAll('"', '""')}")`;
  const found = db.prepare<[], string>(`PRAGMA ${check}${of}`).pluck().all();
  return found.length === 1 && found[0] === 'ok' ? [] : found;
}

/** The schema version of an existing file, read without changing it. */
export function readSchemaVersion(path: string): number {
  return readFile(path, userVersion);
}

export type DatasetKind = 'demo' | 'production';

export interface DatasetMeta {
  readonly kind: DatasetKind;
  /** RFC 3339 instant of the last build or import. */
  readonly version: string;
}

export function writeDatasetMeta(db: Db, meta: DatasetMeta): void {
  const put = db.prepare(
    'INSERT INTO dataset_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  db.transaction(() => {
    put.run('kind', meta.kind);
    put.run('version', meta.version);
  })();
}

export function readDatasetMeta(db: Db): DatasetMeta {
  const rows = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM dataset_meta').all();
  const map = new Map(rows.map((r) => [r.key, r.value]));
  const kind = map.get('kind') === 'demo' ? 'demo' : 'production';
  return { kind, version: map.get('version') ?? new Date(0).toISOString() };
}
