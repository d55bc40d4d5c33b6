// The migration runner of every database file we keep (the dataset and the usage log): numbered SQL steps
// applied in order, each in its own transaction, the file's user_version saying how far it has come.
// the driver's own type, not database.ts's alias: database.ts reads the schema, which is built from these steps
import type { Database as Db } from 'better-sqlite3';

/** One numbered step of a schema: SQL applied in one transaction, after which user_version is its version. */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

/** The file's user_version: the last migration applied to it, 0 for a new file. */
export function userVersion(db: Db): number {
  // the pragma answers one row, always
  return db.prepare<[], number>('PRAGMA user_version').pluck().get() ?? 0;
}

/** The version a file has once every migration is applied: the highest, 0 when there are none. */
export function latestVersion(migrations: readonly { version: number }[]): number {
  return migrations.reduce((latest, migration) => Math.max(latest, migration.version), 0);
}

/** Applies, each in its own transaction, every migration newer than the file's user_version. */
export function migrate(db: Db, migrations: readonly { version: number; sql: string }[]): number {
  const current = userVersion(db);
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return userVersion(db);
}
