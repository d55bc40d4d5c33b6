// A record's documents in its text indexes are keyed by its place in the list: keys ascend as the list goes, a page of
// one index's matches read in key order is the page sorting them gave, and a file keyed by rid is keyed again on upgrade.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordTextKey, ridOfTextKey } from '../../../src/store/read/record-text-keys.js';
import { openReadOnly, type Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { RecordQueries } from '../../../src/store/read/record-queries.js';
import { recordWhere } from '../../../src/store/read/record-filter-sql.js';
import { ALL_RECORD_TABLES, type RecordTable } from '../../../src/store/schema/record-tables.js';
import { upgradeDatasetFile } from '../../../src/ingest/upgrade-dataset.js';
import { demoDatabase } from '../../helpers/server.js';
import { backToSchema21 } from '../../helpers/older-schema.js';

const today = '2026-11-21';

test('keys ascend as a list goes, newest first and then the higher rid, across days, months, years and eras', () => {
  const dates = ['0001-01-01', '1868-10-23', '1989-01-07', '1989-01-08', '2019-04-30', '2019-05-01', '2024-02-29'];
  const pairs = dates.flatMap((date) => [0, 1, 2, 4_294_967_295].map((rid) => ({ date, rid })));
  const byKey = [...pairs].sort((a, b) => {
    const [ka, kb] = [recordTextKey(a.date, a.rid), recordTextKey(b.date, b.rid)];
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const newestFirst = [...pairs].sort((a, b) => b.date.localeCompare(a.date) || b.rid - a.rid);
  assert.deepEqual(byKey, newestFirst);
});

test('a date that is not a calendar day, or a rid that does not fit, is refused rather than misplaced', () => {
  for (const date of ['2025-02-29', '2025-02-30', '2025-13-01', '2025-4-1', '令和7年4月1日', '', '0000-12-31'])
    assert.throws(() => recordTextKey(date, 1), /calendar day/u, date);
  for (const rid of [-1, 2 ** 32, 2 ** 40])
    assert.throws(() => recordTextKey('2025-04-01', rid), /does not fit/u, `${rid}`);
});

test('SQLite reads the rid back from a key', () => {
  const db = openWritable(join(mkdtempSync(join(tmpdir(), 'kohyo-keys-')), 'keys.sqlite'));
  for (const [date, rid] of [
    ['0001-01-01', 1],
    ['2025-04-01', 123_456],
    ['9999-12-31', 4_294_967_295],
  ] as const) {
    const key = recordTextKey(date, rid);
    assert.equal(
      db
        .prepare(`SELECT ${ridOfTextKey('?')} AS rid`)
        .pluck()
        .get(key),
      rid,
    );
  }
  db.close();
});

/** Every record of the page the old plan gave: all of the text's matches, sorted by the list's order. */
function sortedPage(db: Db, table: RecordTable, q: string, limit: number, offset: number): string[] {
  const where = recordWhere(table, { today, q });
  return db
    .prepare(
      `SELECT id FROM ${table.table} r WHERE ${where.sql}
       ORDER BY r.${table.orderColumn} DESC, r.rid DESC LIMIT ? OFFSET ?`,
    )
    .pluck()
    .all(...where.params, limit, offset) as string[];
}

/** Texts records hold: the first one, two, three and four letters of company names. */
function textsOf(db: Db, table: RecordTable): string[] {
  const names = db.prepare(`SELECT DISTINCT company_name FROM ${table.table} LIMIT 40`).pluck().all() as string[];
  // letters and digits only: punctuation alone is no text to search for
  const core = (name: string) =>
    [...name.replace(/株式会社|有限会社|合同会社/gu, '')].filter((c) => /[\p{L}\p{N}]/u.test(c));
  return [...new Set(names.flatMap((name) => [1, 2, 3, 4].map((n) => core(name).slice(0, n).join(''))))];
}

test("a page of one index's matches, read in key order, is the page sorting every match gave, on every page", async () => {
  const db = openReadOnly(await demoDatabase());
  const queries = new RecordQueries(db);
  let pages = 0;
  for (const table of ALL_RECORD_TABLES) {
    for (const q of textsOf(db, table)) {
      assert.ok(recordWhere(table, { today, q }).textMatch, `${table.table} q=${q} is one index's matches`);
      for (const page of [1, 2, 3]) {
        const found = queries.entries(table.kind, { today, q }, { limit: 4, page }).records.map((r) => r.id);
        assert.deepEqual(found, sortedPage(db, table, q, 4, (page - 1) * 4), `${table.table} q=${q} page ${page}`);
        pages += found.length > 0 ? 1 : 0;
      }
    }
  }
  assert.ok(pages > 100, `${pages} pages with records`);
  db.close();
});

test("a file of schema 20 has every record's documents keyed again when it is upgraded", async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-keys-')), 'demo.sqlite');
  copyFileSync(await demoDatabase(), path);
  const before = openWritable(path);
  // as schema 20 left it: documents keyed by rid (here: none, as a file whose keys were never written)
  for (const { textIndex, gramIndex } of ALL_RECORD_TABLES)
    before.exec(`INSERT INTO ${textIndex}(${textIndex}) VALUES ('delete-all');
      INSERT INTO ${gramIndex}(${gramIndex}) VALUES ('delete-all');`);
  backToSchema21(before);
  before.pragma('user_version = 20');
  before.close();
  assert.equal(upgradeDatasetFile(path, { now: () => new Date('2026-11-21T00:00:00Z') }).kind, 'upgraded');
  const db = openReadOnly(path);
  for (const table of ALL_RECORD_TABLES) {
    const records = db.prepare(`SELECT rid, ${table.orderColumn} AS date FROM ${table.table}`).all() as {
      rid: number;
      date: string;
    }[];
    assert.ok(records.length > 0, table.table);
    for (const index of [table.textIndex, table.gramIndex]) {
      const keys = db.prepare(`SELECT rowid FROM ${index}`).safeIntegers().pluck().all() as bigint[];
      assert.deepEqual(
        keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        records.map((r) => recordTextKey(r.date, r.rid)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        index,
      );
    }
  }
  db.close();
});
