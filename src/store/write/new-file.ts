// A new dataset file written whole, as its migrations would leave it, from a copy of the schema made once per process.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from '../schema/migrate.js';
import { MIGRATIONS } from '../schema/schema.js';
import { createAtomically } from './create-atomically.js';

let schemaImage: Buffer | undefined;

/** A database of the latest schema and nothing else: the migrations applied to one in memory, its bytes. */
function newDatabaseImage(): Buffer {
  if (schemaImage === undefined) {
    const db = new Database(':memory:');
    try {
      // as openDatabase sets it for the migrations of a file
      db.pragma('foreign_keys = ON');
      migrate(db, MIGRATIONS);
      schemaImage = db.serialize();
    } finally {
      db.close();
    }
  }
  return schemaImage;
}

/**
 * Writes at `path`, where no database is (no file, and no log or journal of one), the database the migrations make
 * of a new file; true when it did. Running every migration costs a new file several times as much as this, and
 * the tests and the demo build make hundreds of new files. The file appears whole or not at all (written beside it,
 * then linked into place, which fails where a file has appeared meanwhile); false where it is not for a file to hold
 * (`:memory:`), or its folder is missing, for SQLite to say so as it opens.
 */
export function writeNewDatabase(path: string): boolean {
  if (path === '' || path === ':memory:' || path.startsWith('file:')) return false;
  if (['', '-wal', '-journal'].some((suffix) => existsSync(`${path}${suffix}`))) return false;
  if (!existsSync(dirname(path))) return false;
  return createAtomically(path, newDatabaseImage());
}
