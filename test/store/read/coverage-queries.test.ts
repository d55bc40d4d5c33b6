// Tests for src/store/read/coverage-queries.ts: the counted body of each source, in files old and new.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../../src/store/schema/schema.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { sourceCoverage } from '../../../src/store/read/coverage-queries.js';
import { registerSource } from '../../../src/store/write/source-writer.js';
import { seedVocabularies } from '../../../src/store/write/vocabulary-seed.js';

const source = (id: string, publisher_code: string) => ({
  id,
  publisher_code,
  record_kind: 'procurement_suspension' as const,
  url: `https://example.go.jp/${id}`,
  title: id,
});

test('sources count for their publisher unless registered with another body, in a file migrated from before the column too', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-coverage-')), 'k.sqlite');
  // a file of schema 3 holding a source, as the collections before the column wrote it
  const old = new Database(path);
  for (const m of MIGRATIONS.filter((m) => m.version <= 3)) old.exec(m.sql);
  old.pragma('user_version = 3');
  seedVocabularies(old);
  old
    .prepare('INSERT INTO sources(id, publisher_code, record_kind, url, title) VALUES (?, ?, ?, ?, ?)')
    .run('old-kanto', 'mlit_kanto_rdb', 'procurement_suspension', 'https://x', 't');
  old.close();

  const db = openWritable(path);
  try {
    registerSource(db, { ...source('tohoku', 'mlit_tohoku_rdb'), counted_body: 'mlit' });
    registerSource(db, source('osaka', 'pref_27'));
    // as the record importer adds a source it does not know: no counted body written
    db.prepare('INSERT INTO sources(id, publisher_code, record_kind, url, title) VALUES (?, ?, ?, ?, ?)').run(
      'imported',
      'pref_13',
      'procurement_suspension',
      'https://y',
      't',
    );
    const counted = Object.fromEntries(sourceCoverage(db, 'procurement_suspension').map((s) => [s.id, s.counted_body]));
    assert.deepEqual(counted, { 'old-kanto': 'mlit_kanto_rdb', tohoku: 'mlit', osaka: 'pref_27', imported: 'pref_13' });
    // registering again with the registry's body moves it
    registerSource(db, { ...source('old-kanto', 'mlit_kanto_rdb'), counted_body: 'mlit' });
    assert.equal(sourceCoverage(db, 'procurement_suspension').find((s) => s.id === 'old-kanto')!.counted_body, 'mlit');
  } finally {
    db.close();
  }
});
