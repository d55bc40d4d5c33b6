import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from '../../../src/store/schema/migrate.js';
import { MIGRATIONS } from '../../../src/store/schema/schema.js';
import type { Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { writeNewDatabase } from '../../../src/store/write/new-file.js';
import { tempDir } from '../../ingest/collect/collect-helpers.js';

/** What a file holds: its settings, its schema as written, and every row of every table (shadow tables included). */
function contentOf(db: Db): Record<string, unknown> {
  const tables = db
    .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
    .pluck()
    .all();
  return {
    settings: ['user_version', 'page_size', 'auto_vacuum', 'encoding', 'application_id'].map((p) =>
      db.pragma(p, { simple: true }),
    ),
    schema: db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').raw().all(),
    rows: Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}"`).raw().all()])),
    check: db.pragma('integrity_check', { simple: true }),
  };
}

test('a new file written whole holds what the migrations make of a new file, and so once opened for writing', () => {
  const dir = tempDir();
  const migrated = join(dir, 'migrated.sqlite');
  const made = new Database(migrated);
  made.pragma('foreign_keys = ON');
  migrate(made, MIGRATIONS);
  made.close();
  const written = join(dir, 'written.sqlite');
  assert.equal(writeNewDatabase(written), true);
  assert.deepEqual(readdirSync(dir).sort(), ['migrated.sqlite', 'written.sqlite'], 'nothing left beside it');
  const asWritten = [written, migrated].map((path) => {
    const db = new Database(path, { readonly: true });
    const content = contentOf(db);
    db.close();
    return content;
  });
  assert.deepEqual(asWritten[0], asWritten[1]);
  const [a, b] = [openWritable(written), openWritable(migrated)];
  assert.deepEqual(contentOf(a), contentOf(b));
  a.close();
  b.close();
});

test('a file is written only where no database is: not over a file, nor beside its log or journal', () => {
  const dir = tempDir();
  const existing = join(dir, 'existing.sqlite');
  writeFileSync(existing, 'kept');
  assert.equal(writeNewDatabase(existing), false);
  assert.equal(readFileSync(existing, 'utf8'), 'kept');
  for (const sidecar of ['-wal', '-journal']) {
    const path = join(dir, `logged${sidecar}.sqlite`);
    writeFileSync(`${path}${sidecar}`, '');
    assert.equal(writeNewDatabase(path), false, sidecar);
  }
  assert.equal(writeNewDatabase(':memory:'), false);
  assert.equal(writeNewDatabase(join(dir, 'missing', 'kohyo.sqlite')), false, 'a missing folder is for SQLite to name');
});
