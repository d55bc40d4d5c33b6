// Tests for src/store/write/change-check.ts: the check of a daily change, and what it still refuses to publish.
import assert from 'node:assert/strict';
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import type { Db } from '../../../src/store/schema/database.js';
import {
  companyChangeProblems,
  markCompanyChange,
  type CompanyChangeMark,
} from '../../../src/store/write/change-check.js';
import { integrityProblems } from '../../../src/store/schema/database.js';
import { beginDraft } from '../../../src/store/write/publish.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { tempDir, writeCompanies, writeCompaniesTo } from '../../ingest/collect/collect-helpers.js';
import { withIndexAside } from '../../helpers/planted-faults.js';

const CITIES = ['千代田区', '大阪市北区', '鳥取市', '米子市'];

/** Companies numbered from `from`, with names and places enough to fill several pages of each table. */
function companies(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    base: String(300_000_000_000 + from + i),
    name: `株式会社見本${from + i}建設`,
    prefecture_code: String(13 + (i % 4)),
    city: CITIES[i % 4]!,
  }));
}

/** A live dataset of 300 companies, and a draft copied from it with `more` companies written after the mark. */
function draftWithChange(more: number, write: (db: Db) => void = (db) => writeCompaniesTo(db, companies(1000, more))) {
  const live = join(tempDir(), 'kohyo.sqlite');
  writeCompanies(live, companies(0, 300));
  // opened once more, as an import's upkeep leaves it: the counts of its tokens taken, so that the draft's opening
  // changes nothing (a draft that opening upgraded gets the full check: publish.ts)
  openWritable(live).close();
  const draft = beginDraft(live, 4301);
  const mark = markCompanyChange(draft.db);
  write(draft.db);
  return { live, draft, mark };
}

const check = (mark: CompanyChangeMark) => (db: Db) => companyChangeProblems(db, mark);

test('what a change wrote is found again through every index and full-text index: nothing to report', () => {
  const { draft, mark } = draftWithChange(40);
  assert.deepEqual(companyChangeProblems(draft.db, mark), []);
  assert.deepEqual(integrityProblems(draft.db), []);
  draft.discard();
});

test('the check reads only what the change wrote: a mark after the change leaves nothing to read', () => {
  const { draft } = draftWithChange(40);
  const after = markCompanyChange(draft.db);
  const terms = draft.db.prepare<[], number>('SELECT count(*) FROM company_terms').pluck().get()!;
  assert.ok(after.termsMaxId >= terms);
  assert.deepEqual(companyChangeProblems(draft.db, after), []);
  draft.discard();
});

test('a written company missing from an index of its table is reported as integrity_check reports it, and not published', () => {
  const { live, draft, mark } = draftWithChange(0, (db) => {
    // the index made to skip every row while one more company is written, then put back as it was
    withIndexAside(db, 'companies_by_prefecture_city', () => writeCompaniesTo(db, companies(2000, 1)));
  });
  const before = readFileSync(live);
  const problems = companyChangeProblems(draft.db, mark);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /^row \d+ missing from index companies_by_prefecture_city$/u);
  assert.ok(integrityProblems(draft.db).some((p) => / missing from index companies_by_prefecture_city$/u.test(p)));
  assert.throws(
    () => draft.publish({ changes: check(mark) }),
    /failed its integrity check: row \d+ missing from index/u,
  );
  assert.deepEqual(readFileSync(live), before);
  assert.equal(existsSync(draft.path), false);
});

test('a written search term missing from the trigram index is reported, and not published', () => {
  const { live, draft, mark } = draftWithChange(3);
  const removed = draft.db
    .prepare<[number], { id: number; company_id: number }>(
      'SELECT id, company_id FROM company_terms WHERE id > ? AND length(term) >= 3 ORDER BY id LIMIT 1',
    )
    .get(mark.termsMaxId)!;
  // the company's document: every term of it of three characters or more is then missing
  draft.db.prepare('DELETE FROM company_trigrams WHERE rowid = ?').run(removed.company_id);
  const missing = draft.db
    .prepare<[number, number], number>(
      'SELECT id FROM company_terms WHERE id > ? AND company_id = ? AND length(term) >= 3 ORDER BY id',
    )
    .pluck()
    .all(mark.termsMaxId, removed.company_id);
  assert.ok(missing.includes(removed.id));
  assert.deepEqual(
    companyChangeProblems(draft.db, mark),
    missing.map((id) => `row ${id} missing from the full-text index company_trigrams`),
  );
  const before = readFileSync(live);
  assert.throws(() => draft.publish({ changes: check(mark) }), /failed its integrity check/u);
  assert.deepEqual(readFileSync(live), before);
});

test('a page the change wrote, damaged on disk, is refused and the draft deleted', () => {
  const { live, draft, mark } = draftWithChange(40);
  // the rightmost leaf of the companies' table holds the companies written last
  const page = draft.db
    .prepare<[], number>(
      "SELECT pageno FROM dbstat WHERE name = 'companies' AND pagetype = 'leaf' ORDER BY path DESC LIMIT 1",
    )
    .pluck()
    .get()!;
  const pageSize = draft.db.pragma('page_size', { simple: true }) as number;
  // garbage over it, and a new change counter so that the connection reads the file again
  const fd = openSync(draft.path, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (page - 1) * pageSize);
  writeSync(fd, Buffer.from([0x7f, 0x7f, 0x7f, 0x7f]), 0, 4, 24);
  closeSync(fd);
  const before = readFileSync(live);
  assert.throws(() => draft.publish({ changes: check(mark) }), /failed its integrity check|malformed/u);
  assert.deepEqual(readFileSync(live), before);
  assert.equal(existsSync(draft.path), false);
});

test('a draft copied from the live file and given a change check is published after it alone', () => {
  const { live, draft, mark } = draftWithChange(5);
  let checked = 0;
  draft.publish({
    changes: (db) => {
      checked++;
      return companyChangeProblems(db, mark);
    },
  });
  assert.equal(checked, 1);
  const db = new Database(live, { readonly: true });
  assert.equal(db.prepare('SELECT count(*) FROM companies').pluck().get(), 305);
  db.close();
});
