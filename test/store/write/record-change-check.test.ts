// Tests for src/store/write/record-change-check.ts: the check of a write of records, what it refuses and what it leaves.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { importRecordFiles } from '../../../src/ingest/records/records-importer.js';
import { integrityProblems, type Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { withDraft } from '../../../src/store/write/draft.js';
import { beginDraft } from '../../../src/store/write/publish.js';
import { recordChangeCheck, recordChangeProblems } from '../../../src/store/write/record-change-check.js';
import { tempDir, writeCompanies } from '../../ingest/collect/collect-helpers.js';
import { withIndexAside } from '../../helpers/planted-faults.js';

const NOW = new Date('2026-01-02T03:04:05Z');
const CITIES = ['千代田区', '大阪市北区', '鳥取市', '米子市'];

function companies(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    base: String(400_000_000_000 + i),
    name: `株式会社見本${i}建設`,
    prefecture_code: String(13 + (i % 4)),
    city: CITIES[i % 4]!,
  }));
}

/** A file of one enforcement record for each company `from` to `to - 1`, dated `date`, each with two laws. */
function recordsFile(dir: string, numbers: readonly string[], from: number, to: number, date: string): string {
  const lines = numbers.slice(from, to).map((number, i) =>
    JSON.stringify({
      kind: 'enforcement',
      company: { corporate_number: number, name: `株式会社見本${from + i}建設`, prefecture_code: '13', address: '' },
      authority: 'jftc',
      source: {
        url: `https://example.go.jp/jftc/${date}.html`,
        title: '排除措置命令について',
        published_on: date,
        retrieved_at: '2025-03-15T10:00:00+09:00',
      },
      law: 'antimonopoly_act',
      laws: ['subcontract_act'],
      law_detail: '第19条',
      action_type: 'cease_and_desist_order',
      date,
      summary: `見本部品${from + i}の納入価格を不当に引き下げるよう要請していた`,
      summary_en: null,
      amount_jpy: null,
    }),
  );
  const file = join(dir, `records-${date}-${from}.jsonl`);
  writeFileSync(file, lines.join('\n'));
  return file;
}

/**
 * A live dataset of 60 companies with records of the first 20, and a draft of it into which records of companies 10 to
 * 29 are imported (`before` runs on the draft first): the counts of those 20 move.
 */
async function draftWithRecords(before: (db: Db, numbers: readonly string[]) => void = () => undefined) {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const numbers = writeCompanies(live, companies(60));
  const db = openWritable(live);
  await importRecordFiles(db, [recordsFile(dir, numbers, 0, 20, '2025-03-14')], { now: NOW });
  db.close();
  const draft = beginDraft(live, 4401);
  before(draft.db, numbers);
  const moved = new Set<number>();
  const file = recordsFile(dir, numbers, 10, 30, '2025-06-20');
  const write = () =>
    importRecordFiles(draft.db, [file], { now: NOW, onCountsMoved: (ids) => ids.forEach((id) => moved.add(id)) });
  return { dir, live, numbers, draft, moved, write };
}

const idsOf = (db: Db, numbers: readonly string[]) =>
  numbers.map((n) =>
    db.prepare<[string], number>('SELECT id FROM companies WHERE corporate_number = ?').pluck().get(n)!,
  );

/** Publishing with the check is refused with `problem`, the draft deleted and the live file byte for byte as it was. */
function assertRefused(live: string, draft: ReturnType<typeof beginDraft>, moved: Set<number>, problem: RegExp) {
  const before = readFileSync(live);
  assert.throws(() => draft.publish({ changes: recordChangeCheck(moved) }), problem);
  assert.deepEqual(readFileSync(live), before);
  assert.equal(existsSync(draft.path), false);
}

test('an import of records is checked by the records part and the companies whose counts moved, and published', async () => {
  const { live, numbers, draft, moved, write } = await draftWithRecords();
  await write();
  // 10 to 19 go from one record to two, 20 to 29 from none to one; the others keep theirs
  assert.deepEqual(
    [...moved].sort((a, b) => a - b),
    idsOf(draft.db, numbers.slice(10, 30)),
  );
  assert.deepEqual(recordChangeProblems(draft.db, moved), []);
  let checks: string[] = [];
  draft.publish({ changes: recordChangeCheck(moved), onCheck: (c) => (checks = [...checks, c]) });
  assert.deepEqual(checks, ['changes']);
  const published = new Database(live, { readonly: true });
  assert.equal(published.prepare('SELECT count(*) FROM enforcements').pluck().get(), 40);
  published.close();
});

test('a record whose index entry disagrees with it is refused, whichever record it is', async () => {
  const { live, draft, moved, write } = await draftWithRecords();
  await write();
  // a record of the live file, not one the import wrote: the records' part is read whole
  const rid = draft.db.prepare<[], number>('SELECT min(rid) FROM enforcements').pluck().get()!;
  withIndexAside(draft.db, 'enforcements_by_date', () =>
    draft.db.prepare("UPDATE enforcements SET date = '2020-01-01' WHERE rid = ?").run(rid),
  );
  assert.deepEqual(recordChangeProblems(draft.db, moved), [`row ${rid} missing from index enforcements_by_date`]);
  assertRefused(live, draft, moved, /failed its integrity check: row \d+ missing from index enforcements_by_date/u);
});

test("rows a record's child table holds but its index lacks are refused", async () => {
  const { live, draft, moved, write } = await draftWithRecords();
  await withIndexAside(draft.db, 'enforcement_laws_by_rid', write);
  const problems = recordChangeProblems(draft.db, moved);
  assert.ok(problems.includes('wrong # of entries in index enforcement_laws_by_rid'), problems.join('\n'));
  assert.equal(problems.filter((p) => / missing from index enforcement_laws_by_rid$/u.test(p)).length, 40);
  assertRefused(live, draft, moved, /failed its integrity check: .*enforcement_laws_by_rid/u);
});

test('a record missing from its names index is refused', async () => {
  const { live, draft, moved, write } = await draftWithRecords();
  await write();
  draft.db
    .prepare(
      `INSERT INTO enforcements_names(enforcements_names, rowid, company_name_printed)
       SELECT 'delete', rid, company_name_printed FROM enforcements WHERE rid = (SELECT max(rid) FROM enforcements)`,
    )
    .run();
  assert.deepEqual(recordChangeProblems(draft.db, moved), [
    'the full-text index enforcements_names disagrees with the names of enforcements',
  ]);
  assertRefused(live, draft, moved, /failed its integrity check: the full-text index enforcements_names/u);
});

test('a damaged block of a text index is refused', async () => {
  const { live, draft, moved, write } = await draftWithRecords();
  await write();
  const block = draft.db
    .prepare<[], { id: number; block: Buffer }>('SELECT id, block FROM enforcements_fts_data WHERE id > 10 LIMIT 1')
    .get()!;
  const damaged = Buffer.from(block.block);
  for (let i = 4; i < damaged.length; i++) damaged[i] = 0xff - damaged[i]!;
  // a shadow table is written by FTS5 alone unless the connection is unsafe
  draft.db.unsafeMode(true);
  draft.db.prepare('UPDATE enforcements_fts_data SET block = ? WHERE id = ?').run(damaged, block.id);
  draft.db.unsafeMode(false);
  const problems = recordChangeProblems(draft.db, moved);
  assert.ok(
    problems.some((p) => /enforcements_fts/u.test(p)),
    problems.join('\n'),
  );
  assertRefused(live, draft, moved, /failed its integrity check: .*enforcements_fts/u);
});

test("a moved company's terms left with their old entries in the term index are refused", async () => {
  const { live, numbers, draft, moved, write } = await draftWithRecords();
  // the trigger rewrites each moved company's terms' rank copies; the index keeps the entries of the old ones
  await withIndexAside(draft.db, 'company_terms_by_term', write);
  const terms = draft.db
    .prepare<[], number>(
      `SELECT t.id FROM company_terms t JOIN companies c ON c.id = t.company_id
       WHERE c.corporate_number IN (${numbers
         .slice(10, 30)
         .map((n) => `'${n}'`)
         .join(', ')}) ORDER BY t.id`,
    )
    .pluck()
    .all();
  assert.ok(terms.length >= 20);
  assert.deepEqual(
    recordChangeProblems(draft.db, moved),
    terms.map((id) => `row ${id} missing from index company_terms_by_term`),
  );
  assertRefused(live, draft, moved, /failed its integrity check: row \d+ missing from index company_terms_by_term/u);
});

test('a company the write gave its first records, missing from the index of the companies with records, is refused', async () => {
  const { live, numbers, draft, moved, write } = await draftWithRecords();
  // 20 to 29 have no record before the write: their entries are the ones it makes; 10 to 19 keep theirs
  await withIndexAside(draft.db, 'companies_with_records', write);
  assert.deepEqual(
    recordChangeProblems(draft.db, moved),
    idsOf(draft.db, numbers.slice(20, 30)).map((id) => `row ${id} missing from index companies_with_records`),
  );
  assertRefused(live, draft, moved, /failed its integrity check: row \d+ missing from index companies_with_records/u);
});

test('a fault in a company the write did not move is not what the check reads; the full check finds it', async () => {
  const { numbers, draft, moved, write } = await draftWithRecords((db, registered) => {
    // company 50 has no records: the write leaves it as the live file had it
    withIndexAside(db, 'companies_by_prefecture_city', () =>
      db.prepare("UPDATE companies SET city = '倉吉市' WHERE corporate_number = ?").run(registered[50]),
    );
  });
  await write();
  const [unmoved] = idsOf(draft.db, [numbers[50]!]);
  assert.equal(moved.has(unmoved!), false);
  assert.deepEqual(recordChangeProblems(draft.db, moved), []);
  assert.ok(integrityProblems(draft.db).includes(`row ${unmoved} missing from index companies_by_prefecture_city`));
  draft.discard();
});

test('a new dataset keeps its full check: the change check is not asked for', async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const dir = tempDir();
  const numbers = writeCompanies(join(dir, 'register.sqlite'), companies(5));
  let ran = 0;
  let checks: string[] = [];
  const options = {
    activity: 'import records',
    kind: 'production' as const,
    now: () => NOW,
    onCheck: (c: 'full' | 'changes') => (checks = [...checks, c]),
    changeCheck: () => (db: Db) => {
      ran++;
      return recordChangeProblems(db, []);
    },
  };
  await withDraft(live, options, (db) =>
    importRecordFiles(db, [recordsFile(dir, numbers, 0, 5, '2025-03-14')], { now: NOW }),
  );
  assert.deepEqual(checks, ['full']);
  assert.equal(ran, 0);
  const published = new Database(live, { readonly: true });
  assert.equal(published.prepare('SELECT count(*) FROM enforcements').pluck().get(), 5);
  published.close();
});
