import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { UsageStore, type UsageEntry } from '../../../src/usage/store/usage-store.js';
import { USAGE_SCHEMA_VERSION } from '../../../src/usage/store/usage-schema.js';

const ENTRY: UsageEntry = {
  at: '2026-11-21T03:00:00.000Z',
  method: 'GET',
  endpoint: '/api/v1/companies',
  conditions: '{}',
  status: 200,
  code: null,
  returned: 1,
  latencyMs: 1,
  clientId: 'aaaa',
  userAgent: null,
  referer: null,
  clientName: null,
  clientContact: null,
};

function path(): string {
  return join(mkdtempSync(join(tmpdir(), 'kohyo-usage-store-')), 'usage.sqlite');
}

test('a new usage database is migrated, in WAL mode, with the indexes the reports use', () => {
  const file = path();
  UsageStore.open(file).close();
  UsageStore.open(file).close(); // reopening migrates nothing twice
  const db = new Database(file, { readonly: true });
  assert.equal(db.pragma('user_version', { simple: true }), USAGE_SCHEMA_VERSION);
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  const indexes = (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'usage_log' ORDER BY name")
      .all() as { name: string }[]
  ).map((r) => r.name);
  assert.deepEqual(indexes, ['usage_log_at'], 'one index: each more is a write more for every request');
  const plan = (sql: string) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('2026-01-01') as { detail: string }[]).map((r) => r.detail).join('; ');
  assert.match(plan('DELETE FROM usage_log WHERE at < ?'), /usage_log_at/u);
  assert.match(plan('SELECT COUNT(*) FROM usage_log WHERE at >= ?'), /usage_log_at/u);
  assert.match(plan('SELECT client_id, COUNT(*) FROM usage_log WHERE at >= ? GROUP BY client_id'), /usage_log_at/u);
  db.close();
});

test('a batch is written in one transaction: all of it or none of it', () => {
  const store = UsageStore.open(path());
  store.write([ENTRY, { ...ENTRY, clientId: 'bbbb' }]);
  assert.equal(store.all().length, 2);
  assert.throws(() =>
    store.write([
      { ...ENTRY, clientId: 'cccc' },
      { ...ENTRY, status: null as unknown as number },
    ]),
  );
  assert.deepEqual(
    store.all().map((e) => e.clientId),
    ['aaaa', 'bbbb'],
  );
  assert.deepEqual(store.all()[0], ENTRY, 'an entry reads back as it was written');
  store.close();
});

test('purge removes in chunks until nothing older is left', () => {
  const store = UsageStore.open(path());
  const entries = Array.from({ length: 25 }, (_, i) => ({
    ...ENTRY,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  }));
  store.write(entries);
  assert.equal(store.purge(new Date(Date.UTC(2026, 0, 1, 0, 0, 20)), 4), 20);
  assert.equal(store.all().length, 5);
  assert.equal(store.purge(new Date(Date.UTC(2026, 0, 1, 0, 0, 20)), 4), 0);
  store.close();
});

test('a new usage database, its WAL and shared-memory files are readable by the owner only; an existing file keeps its mode', () => {
  const mode = (file: string) => statSync(file).mode & 0o777;
  // the usual umask, under which SQLite alone creates files 0644
  const previous = process.umask(0o022);
  try {
    const plain = path();
    new Database(plain).close();
    assert.equal(mode(plain), 0o644, 'what SQLite does by itself');
    const file = path();
    const store = UsageStore.open(file);
    store.write([ENTRY]);
    for (const created of [file, `${file}-wal`, `${file}-shm`]) assert.equal(mode(created), 0o600, created);
    store.close();
    chmodSync(file, 0o640);
    UsageStore.open(file).close();
    assert.equal(mode(file), 0o640, "the operator's choice for an existing file stands");
  } finally {
    process.umask(previous);
  }
});

test('tallies add up by hour and key, count in the report beside the entries, and go with their whole hour', () => {
  const store = UsageStore.open(path());
  try {
    const tally = (hour: string, status: number, code: string | null, requests: number) => ({
      hour,
      method: 'GET',
      endpoint: '/api/v1/companies',
      status,
      code,
      clientId: 'aaaa',
      requests,
    });
    store.write([ENTRY]);
    store.writeCounts([
      tally('2026-11-21T03:00:00.000Z', 304, null, 5),
      tally('2026-11-21T03:00:00.000Z', 429, 'rate_limited', 2),
    ]);
    store.writeCounts([
      tally('2026-11-21T03:00:00.000Z', 304, null, 3),
      tally('2026-11-21T01:00:00.000Z', 304, null, 7),
    ]);
    assert.deepEqual(
      store.allCounts().map((c) => [c.hour, c.status, c.code, c.requests]),
      [
        ['2026-11-21T01:00:00.000Z', 304, null, 7],
        ['2026-11-21T03:00:00.000Z', 304, null, 8],
        ['2026-11-21T03:00:00.000Z', 429, 'rate_limited', 2],
      ],
    );
    const report = store.report(new Date('2026-11-21T02:59:00.000Z'));
    assert.equal(report.total, 1 + 8 + 2, 'the entry since then, and the hours that end after it: not the 01:00 hour');
    assert.deepEqual(report.byStatus, [
      { key: '200', requests: 1 },
      { key: '304', requests: 8 },
      { key: '429 rate_limited', requests: 2 },
    ]);
    assert.deepEqual(report.refusalsByCode, [{ key: 'rate_limited', requests: 2, clientIds: 1 }]);
    store.purge(new Date('2026-11-21T03:00:00.000Z'));
    assert.deepEqual(
      store.allCounts().map((c) => c.hour),
      ['2026-11-21T03:00:00.000Z', '2026-11-21T03:00:00.000Z'],
      'the 01:00 hour ended before the instant; the 03:00 hour did not',
    );
  } finally {
    store.close();
  }
});
