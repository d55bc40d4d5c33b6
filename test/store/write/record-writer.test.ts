// Tests for src/store/write/record-writer.ts and src/store/write/vocabulary-seed.ts against a real SQLite file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { ridOfTextKey } from '../../../src/store/read/record-text-keys.js';
import { validateRecordLine } from '../../../src/domain/records/record-validation.js';
import type { ValidRecord } from '../../../src/domain/records/record.js';
import { type Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { createRecordWriter, refreshRecordCounts, type RecordWriter } from '../../../src/store/write/record-writer.js';
import { seedVocabularies } from '../../../src/store/write/vocabulary-seed.js';
import { recordFromDoc } from '../../../src/store/read/record-docs.js';

/** When the tests' records are written: their change time. */
const WRITTEN_AT = new Date('2026-01-02T03:04:05Z');

const NUMBER = corporateNumberFromBase('999900000001');
const OTHER = corporateNumberFromBase('999900000002');

function valid(line: Record<string, unknown>): ValidRecord {
  const result = validateRecordLine(line, 1);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
  return result.record;
}

const source = { url: 'https://example.go.jp/a.html', title: '公表資料', retrieved_at: '2025-03-15T01:00:00Z' };
const enforcement = (summary: string, laws = ['subcontract_act']) =>
  valid({
    kind: 'enforcement',
    company: { name: '架空商事株式会社', corporate_number: NUMBER },
    authority: 'jftc',
    source,
    law: 'antimonopoly_act',
    laws,
    action_type: 'cease_and_desist_order',
    date: '2025-03-14',
    summary,
  });
const suspension = valid({
  kind: 'procurement_suspension',
  company: { name: '試験建設株式会社', corporate_number: NUMBER },
  authority: 'mlit_kanto_rdb',
  source: { ...source, url: 'https://example.go.jp/b.html' },
  reason: 'bid_rigging',
  reason_detail: '舗装工事の入札談合',
  period: { from: '2025-04-01', to: null },
});
const licence = (permits: { sector_code: string; number: string }[]) =>
  valid({
    kind: 'license_action',
    company: { name: '仮名不動産株式会社', corporate_number: OTHER },
    authority: 'pref_13',
    source: { ...source, url: 'https://example.go.jp/c.html' },
    sector_code: 'construction',
    sector_codes: ['real_estate_brokerage'],
    permits,
    action_type: 'business_suspension_order',
    nature: 'violation',
    date: '2025-07-01',
    reason_detail: '一括下請負',
  });

let dir: string;
let db: Db;
let writer: RecordWriter;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-writer-'));
  db = openWritable(path.join(dir, 'test.sqlite'));
  seedVocabularies(db);
  writer = createRecordWriter(db, () => WRITTEN_AT);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(record: ValidRecord): string {
  writer.upsertSource(record);
  return writer.writeRecord(record);
}
const count = (sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n;
const ftsIds = (table: string, phrase: string) =>
  (
    db
      .prepare(
        `SELECT r.id FROM ${table}_fts f JOIN ${table} r ON r.rid = ${ridOfTextKey('f.rowid')} WHERE ${table}_fts MATCH ? ORDER BY r.id`,
      )
      .all(`"${phrase}"`) as { id: string }[]
  ).map((r) => r.id);
/** The ids of the records whose kept text (what a word found by some of its trigrams is checked in) holds `word`. */
const textIds = (table: string, word: string) =>
  (
    db
      .prepare(
        `SELECT r.id FROM ${table}_texts x JOIN ${table} r ON r.rid = ${ridOfTextKey('x.key')} WHERE instr(x.text, ?) > 0 ORDER BY r.id`,
      )
      .all(word) as { id: string }[]
  ).map((r) => r.id);
const gramIds = (table: string, gram: string) =>
  (
    db
      .prepare(
        `SELECT r.id FROM ${table}_grams g JOIN ${table} r ON r.rid = ${ridOfTextKey('g.rowid')} WHERE ${table}_grams MATCH ? ORDER BY r.id`,
      )
      .all(`"${gram}"`) as { id: string }[]
  ).map((r) => r.id);

describe('seedVocabularies', () => {
  it('writes publisher groups and authorities, and can run again', () => {
    seedVocabularies(db);
    assert.equal(count('SELECT count(*) AS n FROM publisher_groups'), 5);
    const jftc = db.prepare("SELECT name, name_en, group_code FROM authorities WHERE code = 'jftc'").get();
    assert.deepEqual(jftc, { name: '公正取引委員会', name_en: 'Japan Fair Trade Commission', group_code: 'national' });
    assert.equal(count("SELECT official_total AS n FROM publisher_groups WHERE code = 'prefecture'"), 47);
  });
});

describe('record writer', () => {
  it('inserts a record with its source, child rows and searchable text', () => {
    assert.equal(write(enforcement('見本部品の価格カルテル')), 'inserted');
    const row = db.prepare('SELECT * FROM enforcements').get() as Record<string, unknown>;
    assert.equal(row.company_name_norm, '架空商事');
    assert.equal(row.company_link, 'source');
    assert.equal(row.law_code, 'antimonopoly_act');
    const laws = db.prepare('SELECT law_code FROM enforcement_laws ORDER BY law_code').all();
    assert.deepEqual(laws, [{ law_code: 'antimonopoly_act' }, { law_code: 'subcontract_act' }]);
    const src = db.prepare('SELECT publisher_code, record_kind FROM sources').get();
    assert.deepEqual(src, { publisher_code: 'jftc', record_kind: 'enforcement' });
    const id = row.id as string;
    for (const phrase of [
      '価格カルテル',
      '公正取引委員会',
      'fair trade',
      '公取委',
      '下請代金',
      'cease and desist',
      '架空商事',
    ]) {
      assert.deepEqual(ftsIds('enforcements', phrase), [id], phrase);
      // kept as the index folds it: letters in their case fold
      assert.deepEqual(textIds('enforcements', phrase.toLowerCase()), [id], phrase);
    }
    assert.deepEqual(textIds('enforcements', 'Fair Trade'), [], 'the kept text is case folded');
    // the short grams of the same text: summary, company name, authority and law labels
    for (const gram of ['価', 'カル', '架空', '公取', '下請', 'fa'])
      assert.deepEqual(gramIds('enforcements', gram), [id], gram);
  });

  it('replaces a record with the same id: one row, new text, new child rows', () => {
    write(enforcement('見本部品の価格カルテル'));
    assert.equal(write(enforcement('見本資材の入札談合', ['antimonopoly_act'])), 'replaced');
    assert.equal(count('SELECT count(*) AS n FROM enforcements'), 1);
    assert.deepEqual(ftsIds('enforcements', '価格カルテル'), []);
    assert.equal(ftsIds('enforcements', '入札談合').length, 1);
    assert.deepEqual(textIds('enforcements', '価格カルテル'), []);
    assert.equal(textIds('enforcements', '入札談合').length, 1);
    assert.equal(count('SELECT count(*) AS n FROM enforcements_texts'), 1);
    assert.deepEqual(gramIds('enforcements', 'カル'), []);
    assert.equal(gramIds('enforcements', '談合').length, 1);
    assert.deepEqual(db.prepare('SELECT law_code FROM enforcement_laws').all(), [{ law_code: 'antimonopoly_act' }]);
  });

  it('writes the sectors and permits of a licence action, replacing them on rewrite', () => {
    write(licence([{ sector_code: 'architect_office', number: '第1号' }]));
    const sectors = () =>
      (
        db.prepare('SELECT sector_code FROM license_action_sectors ORDER BY sector_code').all() as {
          sector_code: string;
        }[]
      ).map((r) => r.sector_code);
    assert.deepEqual(sectors(), ['architect_office', 'construction', 'real_estate_brokerage']);
    assert.equal(ftsIds('license_actions', '建築士事務所').length, 1);
    assert.equal(write(licence([{ sector_code: 'construction', number: '第2号' }])), 'replaced');
    assert.deepEqual(sectors(), ['construction', 'real_estate_brokerage']);
    assert.deepEqual(db.prepare('SELECT position, sector_code, number FROM license_action_permits').all(), [
      { position: 0, sector_code: 'construction', number: '第2号' },
    ]);
    assert.deepEqual(ftsIds('license_actions', '建築士事務所'), []);
  });

  it('stores a procurement suspension with its period', () => {
    write(suspension);
    const row = db.prepare('SELECT period_from, period_to, lifted_on, reason_code FROM procurement_suspensions').get();
    assert.deepEqual(row, { period_from: '2025-04-01', period_to: null, lifted_on: null, reason_code: 'bid_rigging' });
    assert.equal(ftsIds('procurement_suspensions', '関東地方整備局').length, 1);
    assert.equal(ftsIds('procurement_suspensions', 'bid rigging').length, 1);
  });

  it('keeps an existing source as it is', () => {
    db.prepare(
      "INSERT INTO sources(id, publisher_code, record_kind, url, title) VALUES ('mhlw-x', 'mhlw', 'enforcement', 'https://example.go.jp/x', 'registry title')",
    ).run();
    const record = valid({
      kind: 'enforcement',
      company: { name: '見本運輸有限会社' },
      authority: 'mhlw_labour_bureau_13',
      source: { ...source, id: 'mhlw-x', title: 'another title' },
      law: 'labour_standards_act',
      action_type: 'prosecution_referral',
      date: '2025-04-10',
      summary: '割増賃金の不払い',
    });
    write(record);
    assert.deepEqual(db.prepare("SELECT publisher_code, title FROM sources WHERE id = 'mhlw-x'").get(), {
      publisher_code: 'mhlw',
      title: 'registry title',
    });
    assert.equal(
      count("SELECT count(*) AS n FROM enforcements WHERE source_id = 'mhlw-x' AND company_link IS NULL"),
      1,
    );
  });

  it('removes a record with its text and child rows', () => {
    write(enforcement('見本部品の価格カルテル'));
    write(suspension);
    const withPermit = licence([{ sector_code: 'architect_office', number: '第1号' }]);
    write(withPermit);
    writer.removeRecord('procurement_suspension', suspension.id);
    assert.equal(count('SELECT count(*) AS n FROM procurement_suspensions'), 0);
    assert.deepEqual(ftsIds('procurement_suspensions', '入札談合'), []);
    assert.equal(count('SELECT count(*) AS n FROM procurement_suspensions_texts'), 0);
    assert.deepEqual(gramIds('procurement_suspensions', '談合'), []);
    assert.equal(gramIds('enforcements', 'カル').length, 1);
    writer.removeRecord('license_action', withPermit.id);
    assert.equal(count('SELECT count(*) AS n FROM license_action_sectors'), 0);
    assert.equal(count('SELECT count(*) AS n FROM license_action_permits'), 0);
    assert.equal(count('SELECT count(*) AS n FROM enforcements'), 1);
  });

  it('delists a record in its row and its document, its dates kept', () => {
    const record = enforcement('見本部品の価格カルテル');
    write(record);
    writer.delistRecord('enforcement', record.id);
    const row = db.prepare('SELECT listing_status, doc FROM enforcements WHERE id = ?').get(record.id) as {
      listing_status: string;
      doc: string;
    };
    assert.equal(row.listing_status, 'delisted');
    assert.deepEqual(recordFromDoc(row.doc).listing, { ...record.listing, status: 'delisted' });
    assert.deepEqual(writer.listingsOfSource(record.source.id), [
      { kind: 'enforcement', id: record.id, listing: { ...record.listing, status: 'delisted' } },
    ]);
  });
});

describe('refreshRecordCounts', () => {
  it('counts the records linked to each company by Corporate Number, clearing stale counts', () => {
    const addCompany = db.prepare(
      "INSERT INTO companies(corporate_number, name, legal_form, status, license_action_count) VALUES (?, ?, 'kabushiki_kaisha', 'active', ?)",
    );
    addCompany.run(NUMBER, '架空商事株式会社', 0);
    addCompany.run(OTHER, '仮名不動産株式会社', 5);
    addCompany.run(corporateNumberFromBase('999900000003'), '無関係株式会社', 2);
    write(enforcement('見本部品の価格カルテル'));
    write(suspension);
    const moved = refreshRecordCounts(db);
    // the ids of the companies written, each once: the one counted and the two cleared
    const idOf = db.prepare<[string], number>('SELECT id FROM companies WHERE corporate_number = ?').pluck();
    assert.deepEqual(
      moved.sort((a, b) => a - b),
      [NUMBER, OTHER, corporateNumberFromBase('999900000003')].map((n) => idOf.get(n)!).sort((a, b) => a - b),
    );
    const counts = db
      .prepare(
        'SELECT corporate_number, enforcement_count AS e, procurement_suspension_count AS p, license_action_count AS l FROM companies ORDER BY corporate_number',
      )
      .all();
    const byNumber = new Map(
      (counts as { corporate_number: string; e: number; p: number; l: number }[]).map((c) => [
        c.corporate_number,
        [c.e, c.p, c.l],
      ]),
    );
    assert.deepEqual(byNumber.get(NUMBER), [1, 1, 0]);
    assert.deepEqual(byNumber.get(OTHER), [0, 0, 0]);
    assert.deepEqual(byNumber.get(corporateNumberFromBase('999900000003')), [0, 0, 0]);
  });

  it('writes only the companies whose counts moved', () => {
    const addCompany = db.prepare(
      "INSERT INTO companies(corporate_number, name, legal_form, status) VALUES (?, ?, 'kabushiki_kaisha', 'active')",
    );
    addCompany.run(NUMBER, '架空商事株式会社');
    addCompany.run(OTHER, '仮名不動産株式会社');
    write(enforcement('見本部品の価格カルテル'));
    refreshRecordCounts(db);
    db.exec(`CREATE TEMP TABLE written (corporate_number TEXT);
      CREATE TEMP TRIGGER companies_written AFTER UPDATE ON companies
      BEGIN INSERT INTO written VALUES (new.corporate_number); END;`);
    const written = () => db.prepare('SELECT corporate_number FROM written').pluck().all();
    assert.deepEqual(refreshRecordCounts(db), [], 'nothing moved');
    assert.deepEqual(written(), [], 'nothing moved');
    write(suspension);
    const moved = refreshRecordCounts(db);
    assert.deepEqual(written(), [NUMBER], 'its suspension counted');
    assert.deepEqual(moved, db.prepare('SELECT id FROM companies WHERE corporate_number = ?').pluck().all(NUMBER));
  });
});

describe('change time (an Atom entry is updated when its record reached Kohyo or last changed)', () => {
  it('is the clock on insert, stays when the record is written again as it was, moves when its content changes', () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const clocked = createRecordWriter(db, () => now);
    const changedAt = (id: string) =>
      (db.prepare('SELECT changed_at AS t FROM enforcements WHERE id = ?').get(id) as { t: string }).t;
    const first = enforcement('下請代金の減額');
    clocked.upsertSource(first);
    clocked.writeRecord(first);
    assert.equal(changedAt(first.id), '2026-03-01T00:00:00Z');
    // a later edition: retrieved again, listed again, the list's date moved; the case is the same
    now = new Date('2026-04-01T00:00:00Z');
    const again = Object.assign({}, first, {
      source: { ...first.source, retrieved_at: '2026-04-01T00:00:00Z', published_on: '2026-03-31' },
      listing: { status: 'listed' as const, first_listed_on: '2025-03-14', last_listed_on: '2026-03-31' },
    });
    assert.equal(clocked.writeRecord(again), 'replaced');
    assert.equal(changedAt(first.id), '2026-03-01T00:00:00Z');
    // the source corrects the summary: a change
    now = new Date('2026-05-01T00:00:00Z');
    const corrected = Object.assign({}, again, { summary: '下請代金の不当な減額' });
    clocked.writeRecord(corrected);
    assert.equal(changedAt(first.id), '2026-05-01T00:00:00Z');
    // delisting is the list's history, not a change of the case
    clocked.delistRecord('enforcement', first.id);
    assert.equal(changedAt(first.id), '2026-05-01T00:00:00Z');
  });
});

describe('inBulk (an edition written at once, the name indexes kept by the writer)', () => {
  const nameIds = (table: string, name: string) =>
    (
      db
        .prepare(`SELECT r.id FROM ${table}_names n JOIN ${table} r ON r.rid = n.rowid WHERE ${table}_names MATCH ?`)
        .all(`"${name}"`) as { id: string }[]
    ).map((r) => r.id);
  const triggers = () => count("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger'");

  it('indexes, reindexes and unindexes names as the triggers would, and puts the triggers back', () => {
    const before = triggers();
    const first = enforcement('下請代金の減額');
    const renamed = Object.assign({}, first, { company: { ...first.company, name: '改称商事株式会社' } });
    db.transaction(() => {
      writer.inBulk(() => {
        write(first);
        write(suspension);
        write(renamed);
        writer.removeRecord('procurement_suspension', suspension.id);
      });
    })();
    assert.equal(triggers(), before);
    assert.deepEqual(nameIds('enforcements', '改称商事'), [first.id]);
    assert.deepEqual(nameIds('enforcements', '架空商事'), []);
    assert.deepEqual(nameIds('procurement_suspensions', '試験建設'), []);
    for (const table of ['enforcements', 'procurement_suspensions'])
      db.exec(`INSERT INTO ${table}_names(${table}_names, rank) VALUES ('integrity-check', 1)`);
    // after the bulk, the triggers index a record written one at a time again
    write(suspension);
    assert.deepEqual(nameIds('procurement_suspensions', '試験建設'), [suspension.id]);
  });

  it('replaces records written before the bulk: their old text and names are gone, their new ones found', () => {
    const first = enforcement('下請代金の減額');
    write(first);
    const replaced = Object.assign({}, enforcement('返品の強制'), {
      company: { ...first.company, name: '改称商事株式会社' },
    });
    db.transaction(() => writer.inBulk(() => write(replaced)))();
    assert.deepEqual(ftsIds('enforcements', '代金の減額'), []);
    assert.deepEqual(textIds('enforcements', '代金の減額'), []);
    assert.deepEqual(ftsIds('enforcements', '返品の強制'), [first.id]);
    assert.deepEqual(gramIds('enforcements', '返品'), [first.id]);
    assert.deepEqual(nameIds('enforcements', '架空商事'), []);
    assert.deepEqual(nameIds('enforcements', '改称商事'), [first.id]);
    db.exec("INSERT INTO enforcements_names(enforcements_names, rank) VALUES ('integrity-check', 1)");
  });

  it('writes the text of an edition in one segment, though its keys fall as its records come', () => {
    // a later day or a higher rid is a lower key (record-text-keys.ts): FTS5 wrote a segment at each record so listed
    const days = Array.from({ length: 120 }, (_, i) => `2025-01-${String(1 + (i % 28)).padStart(2, '0')}`);
    db.transaction(() =>
      writer.inBulk(() =>
        days.forEach((date, i) => write(Object.assign({}, enforcement(`違反${i}`), { id: `e-${i}`, date }))),
      ),
    )();
    for (const index of ['enforcements_fts', 'enforcements_grams'])
      assert.equal(count(`SELECT count(DISTINCT segid) AS n FROM ${index}_idx`), 1, index);
    assert.deepEqual(ftsIds('enforcements', '違反119'), ['e-119']);
  });

  it('leaves the triggers to the rollback when the write throws', () => {
    const before = triggers();
    assert.throws(() =>
      db.transaction(() => {
        writer.inBulk(() => {
          write(suspension);
          throw new Error('the edition failed');
        });
      })(),
    );
    assert.equal(triggers(), before);
    write(suspension);
    assert.deepEqual(nameIds('procurement_suspensions', '試験建設'), [suspension.id]);
  });
});
