import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { demoDatabase } from '../helpers/server.js';
import { openWritable } from '../../src/store/database-upgrade.js';
import { optimiseAfterBulkWrite } from '../../src/store/maintenance.js';

const rows = (db: Database.Database, table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

test('the demo dataset is analysed without STAT4 samples', async () => {
  const db = new Database(await demoDatabase(), { readonly: true });
  try {
    assert.ok(rows(db, 'sqlite_stat1') > 0);
    assert.equal(rows(db, 'sqlite_stat4'), 0);
  } finally {
    db.close();
  }
});

test('the maintenance after a bulk write, and a writer opening a file, leave no samples', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-stat4-')), 'demo.sqlite');
  copyFileSync(await demoDatabase(), path);
  const sampled = new Database(path);
  sampled.exec('ANALYZE');
  assert.ok(rows(sampled, 'sqlite_stat4') > 0, 'ANALYZE keeps samples in this build of SQLite');
  sampled.close();

  const writer = openWritable(path);
  try {
    assert.equal(rows(writer, 'sqlite_stat4'), 0, 'opening for writing drops them');
    optimiseAfterBulkWrite(writer);
    assert.equal(rows(writer, 'sqlite_stat4'), 0, 'ANALYZE is followed by dropping them');
    assert.ok(rows(writer, 'sqlite_stat1') > 0);
  } finally {
    writer.close();
  }
});
