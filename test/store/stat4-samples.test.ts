import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { demoDatabase } from '../helpers/server.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { optimiseAfterBulkWrite } from '../../src/store/write/maintenance.js';
import { SCHEMA_VERSION } from '../../src/store/schema/schema.js';
import { upgradeDatasetFile } from '../../src/ingest/upgrade-dataset.js';
import { backToSchema11 } from '../helpers/older-schema.js';

const rows = (db: Database.Database, table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

test('the demo dataset is analysed without STAT4 samples', async () => {
  const db = new Database(await demoDatabase(), { readonly: true });
  try {
    assert.ok(rows(db, 'sqlite_stat1') > 0);
    assert.equal(rows(db, 'sqlite_stat4'), 0);
  } finally {
    db.close();
  }
});

/** A copy of the demo analysed as a schema-10 build left it: ANALYZE keeps samples of every index. */
async function sampledCopy(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-stat4-')), 'sampled.sqlite');
  copyFileSync(await demoDatabase(), path);
  const sampled = new Database(path);
  try {
    backToSchema11(sampled);
    sampled.exec('ANALYZE');
    // schema 11 changed no table: a file of schema 11 without its listing columns is one of schema 10
    sampled.pragma('user_version = 10');
    assert.ok(rows(sampled, 'sqlite_stat4') > 0, 'ANALYZE keeps samples in this build of SQLite');
  } finally {
    sampled.close();
  }
  return path;
}

test('the maintenance after a bulk write, and a writer opening a file, leave no samples', async () => {
  const path = await sampledCopy();
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

test('a file an older build analysed loses its samples on upgrade and keeps the averages (schema 11)', async () => {
  const path = await sampledCopy();
  assert.deepEqual(upgradeDatasetFile(path, { now: () => new Date('2026-11-21T00:00:00Z') }), {
    kind: 'upgraded',
    from: 10,
    to: SCHEMA_VERSION,
  });
  const upgraded = new Database(path, { readonly: true });
  try {
    assert.equal(rows(upgraded, 'sqlite_stat4'), 0);
    assert.ok(rows(upgraded, 'sqlite_stat1') > 0, 'the averages stay');
  } finally {
    upgraded.close();
  }
});
