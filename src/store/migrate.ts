// The migration runner of every database file we keep (the dataset and the usage log): numbered SQL steps
// applied in order, each in its own transaction, the file's user_version saying how far it has come.
import type { Db } from './database.js';

/** Applies, each in its own transaction, every migration newer than the file's user_version. */
export function migrate(db: Db, migrations: readonly { version: number; sql: string }[]): number {
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
