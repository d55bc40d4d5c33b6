// Opening a database file: migrations for writers, read-only for the server, dataset metadata.
import Database from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';
import { companyTermsAreCurrent, ensureCompanyTermsCurrent } from './company-terms-rebuild.js';
import { ensureRecordTextCurrent, recordTextIsCurrent } from './record-text-rebuild.js';

export type Db = Database.Database;

export class SchemaVersionError extends Error {
  constructor(path: string, found: number) {
    super(`database ${path} has schema version ${found}, this build needs ${SCHEMA_VERSION}: restart the server or run any import command to migrate it`);
  }
}

/** Opens (creating if need be) a database for writing and brings its schema up to date. */
export function openWritable(path: string): Db {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  // terms written by an older normaliser would not meet today's query keys
  ensureCompanyTermsCurrent(db);
  // likewise record text and grams, which a file from before the short-gram index lacks
  ensureRecordTextCurrent(db);
  return db;
}

/** The most of a file the server maps (SQLite caps it at its build's limit, 2 GB by default). */
const READ_MMAP_BYTES = 2 ** 31 - 65536;

/** Opens an existing database read-only, as the server does; refuses an out-of-date schema. */
export function openReadOnly(path: string): Db {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('query_only = ON');
  // Pages are read in place from a memory map rather than copied through a 2 MB page cache: at a million
  // companies this cut the CPU time of company search by 35 to 50 % (bench/README.md). Writers in other
  // processes are seen as before: the map is of the same OS pages, and SQLite remaps when the file grows.
  db.pragma(`mmap_size = ${READ_MMAP_BYTES}`);
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== SCHEMA_VERSION) {
    db.close();
    throw new SchemaVersionError(path, version);
  }
  return db;
}

/** The schema version of an existing file, read without changing it. */
export function readSchemaVersion(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

/**
 * Whether a file of the current schema also holds search terms and record text written by this build
 * (a new normaliser changes them without a schema change); read without changing the file.
 */
export function derivedDataIsCurrent(path: string): boolean {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return companyTermsAreCurrent(db) && recordTextIsCurrent(db);
  } finally {
    db.close();
  }
}

/** Applies, each in its own transaction, every migration newer than the file's user_version. */
export function migrate(db: Db, migrations: readonly { version: number; sql: string }[] = MIGRATIONS): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}

export type DatasetKind = 'demo' | 'production';

export interface DatasetMeta {
  readonly kind: DatasetKind;
  /** RFC 3339 instant of the last build or import. */
  readonly version: string;
}

export function writeDatasetMeta(db: Db, meta: DatasetMeta): void {
  const put = db.prepare('INSERT INTO dataset_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  db.transaction(() => {
    put.run('kind', meta.kind);
    put.run('version', meta.version);
  })();
}

export function readDatasetMeta(db: Db): DatasetMeta {
  const rows = db.prepare('SELECT key, value FROM dataset_meta').all() as { key: string; value: string }[];
  const map = new Map(rows.map((r) => [r.key, r.value]));
  const kind = map.get('kind') === 'demo' ? 'demo' : 'production';
  return { kind, version: map.get('version') ?? new Date(0).toISOString() };
}
