import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/store/schema/schema.js';
import { readSchemaVersion } from '../../src/store/schema/database.js';
import { openStore } from '../../src/store/read/store.js';
import { NewerDatasetError, upgradeDatasetFile } from '../../src/ingest/upgrade-dataset.js';
import { lockPathFor } from '../../src/store/write/writer-lock.js';
import { hostname } from 'node:os';

const now = () => new Date('2026-11-21T00:00:00Z');

function versionOneFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-upgrade-')), 'old.sqlite');
  const db = new Database(path);
  db.exec(MIGRATIONS[0]!.sql);
  db.pragma('user_version = 1');
  db.close();
  return path;
}

test('a file of an older schema is migrated in place and then opens read-only', () => {
  const path = versionOneFile();
  assert.throws(() => openStore(path), /schema version 1/u);
  assert.deepEqual(upgradeDatasetFile(path, { now }), { kind: 'upgraded', from: 1, to: SCHEMA_VERSION });
  assert.equal(readSchemaVersion(path), SCHEMA_VERSION);
  const store = openStore(path);
  store.close();
  assert.deepEqual(upgradeDatasetFile(path, { now }), { kind: 'current' });
});

test('an upgraded file is left with a rollback journal, as a published one, and no log beside it', () => {
  const path = versionOneFile();
  upgradeDatasetFile(path, { now });
  const db = new Database(path, { readonly: true });
  assert.equal(db.pragma('journal_mode', { simple: true }), 'delete');
  db.close();
  assert.equal(existsSync(`${path}-wal`), false);
});

test('a file of a newer schema is refused', () => {
  const path = versionOneFile();
  const db = new Database(path);
  db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
  db.close();
  assert.throws(() => upgradeDatasetFile(path, { now }), NewerDatasetError);
});

test('an upgrade waits for no one: a running collection makes it refuse, leaving the file as it was', () => {
  const path = versionOneFile();
  writeFileSync(
    lockPathFor(path),
    `${JSON.stringify({ pid: process.pid, host: hostname(), started_at: now().toISOString() })}\n`,
  );
  assert.throws(() => upgradeDatasetFile(path, { now }), /another collection is running/u);
  assert.equal(readSchemaVersion(path), 1);
});

test('a current schema with terms from an older normaliser is rebuilt at start', () => {
  const path = versionOneFile();
  upgradeDatasetFile(path, { now });
  const db = new Database(path);
  db.prepare('UPDATE company_terms_version SET version = version - 1').run();
  db.close();
  assert.deepEqual(upgradeDatasetFile(path, { now }), { kind: 'upgraded', from: SCHEMA_VERSION, to: SCHEMA_VERSION });
  assert.deepEqual(upgradeDatasetFile(path, { now }), { kind: 'current' });
});
