import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, existsSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { integrityProblems, readFile, type Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { withDraft } from '../../../src/store/write/draft.js';
import { quickCheckInParallel } from '../../../src/store/write/parallel-check.js';
import { tempDir, writeCompaniesTo } from '../../ingest/collect/collect-helpers.js';

/**
 * A dataset with companies (their terms and full-text indexes), a filler table over many pages, and free pages:
 * half the filler deleted, so that the freelist has a trunk page and leaves.
 */
function datasetWithFreePages(): string {
  const path = join(tempDir(), 'kohyo.sqlite');
  const db = openWritable(path);
  writeCompaniesTo(
    db,
    Array.from({ length: 40 }, (_, i) => ({
      base: String(300000000000 + i),
      name: `株式会社見本${i}建設`,
      prefecture_code: i % 2 === 0 ? '13' : '27',
      city: i % 2 === 0 ? '千代田区' : '大阪市北区',
    })),
  );
  db.exec(`CREATE TABLE filler (v TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
    INSERT INTO filler SELECT hex(randomblob(200)) FROM n;
    DELETE FROM filler WHERE rowid % 2 = 0 OR rowid > 2000;`);
  db.exec('ANALYZE');
  assert.ok(Number(db.pragma('freelist_count', { simple: true })) > 10);
  db.close();
  return path;
}

/** What each check found, a line each (SQLite reports the b-trees' problems as one text of many lines). */
function bothChecks(path: string): Promise<{ whole: string[]; parallel: string[] }> {
  const lines = (problems: readonly string[]) => problems.flatMap((p) => p.split('\n'));
  const whole = (db: Db) => {
    try {
      return integrityProblems(db, 'quick_check');
    } catch (error) {
      return [String(error)];
    }
  };
  return readFile(path, async (db: Db) => ({
    whole: lines(whole(db)),
    parallel: lines(await quickCheckInParallel(db, path, 0)),
  }));
}

/** Writes `bytes` at `offset` of the file, and a new change counter so that no connection trusts its cache. */
function overwrite(path: string, offset: number, bytes: Buffer): void {
  const fd = openSync(path, 'r+');
  writeSync(fd, bytes, 0, bytes.length, offset);
  writeSync(fd, Buffer.from([0x7f, 0x7f, 0x7f, 0x7f]), 0, 4, 24);
  closeSync(fd);
}

function headerNumber(path: string, offset: number): number {
  const fd = openSync(path, 'r');
  const buffer = Buffer.alloc(4);
  readSync(fd, buffer, 0, 4, offset);
  closeSync(fd);
  return buffer.readUInt32BE(0);
}

function uint32(n: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(n, 0);
  return buffer;
}

test('a sound file passes the check on two threads as it passes the whole check on one', async () => {
  const path = datasetWithFreePages();
  assert.deepEqual(await bothChecks(path), { whole: [], parallel: [] });
});

test('a damaged table page is found on two threads as on one', async () => {
  const path = datasetWithFreePages();
  const pageSize = readFile(path, (db) => Number(db.pragma('page_size', { simple: true })));
  const page = readFile(path, (db) =>
    Number(db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'companies'").pluck().get()),
  );
  overwrite(path, (page - 1) * pageSize, Buffer.alloc(pageSize, 0x5a));
  const { whole, parallel } = await bothChecks(path);
  assert.notDeepEqual(whole, []);
  assert.notDeepEqual(parallel, []);
});

test('free pages the freelist no longer lists are found never used, as the whole check finds them', async () => {
  const path = datasetWithFreePages();
  // the header's freelist emptied: its pages are in no b-tree and on no list
  overwrite(path, 32, Buffer.alloc(8, 0));
  const { whole, parallel } = await bothChecks(path);
  const neverUsed = (problems: readonly string[]) => problems.filter((p) => /^Page \d+: never used$/u.test(p));
  assert.ok(neverUsed(whole).length > 0);
  assert.deepEqual(neverUsed(parallel), neverUsed(whole));
});

test("a page both on the freelist and in a table's b-tree is found referenced twice", async () => {
  const path = datasetWithFreePages();
  const root = readFile(path, (db) =>
    Number(db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'companies'").pluck().get()),
  );
  // the freelist's first trunk page becomes the companies' root page, which stays in its b-tree as well
  assert.ok(headerNumber(path, 32) > 0);
  overwrite(path, 32, uint32(root));
  const { whole, parallel } = await bothChecks(path);
  assert.notDeepEqual(whole, []);
  assert.ok(parallel.includes(`2nd reference to page ${root}`), parallel.join('\n'));
});

test('when the second thread cannot check, the new dataset is refused and deleted, and nothing is published', async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const draft = `${live}.next-4301`;
  const options = {
    activity: 'test',
    kind: 'production' as const,
    now: () => new Date(),
    pid: 4301,
    parallelCheckFromBytes: 0,
    // as the check begins, the draft's file goes: this thread still reads it through its open connection, the
    // second thread cannot open it
    onCheck: () => rmSync(draft),
  };
  await assert.rejects(
    withDraft(live, options, async (db) => {
      writeCompaniesTo(db, [{ base: '300000000101', name: '株式会社見本', prefecture_code: '13', city: '千代田区' }]);
      await Promise.resolve();
    }),
    /the check's second thread failed/u,
  );
  assert.equal(existsSync(live), false);
  assert.equal(existsSync(draft), false);
});
