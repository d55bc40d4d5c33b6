// Tests for src/store/write/record-text-rebuild.ts: files from before the short-gram index, or of an older text version, get it filled.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { validateRecordLine } from '../../../src/domain/records/record-validation.js';
import { recordTextVersion } from '../../../src/domain/records/record-search-text.js';
import { type Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { createRecordWriter } from '../../../src/store/write/record-writer.js';
import { ensureRecordTextCurrent } from '../../../src/store/write/record-text-rebuild.js';
import { RecordQueries } from '../../../src/store/read/record-queries.js';
import { MIGRATIONS } from '../../../src/store/schema/schema.js';
import { seedVocabularies } from '../../../src/store/write/vocabulary-seed.js';

/** When the tests' records are written: their change time. */
const WRITTEN_AT = new Date('2026-01-02T03:04:05Z');

const TABLES = ['enforcements', 'procurement_suspensions', 'license_actions'] as const;
const source = { url: 'https://example.go.jp/a.html', title: '公表資料', retrieved_at: '2025-03-15T01:00:00Z' };
const LINES: Record<string, unknown>[] = [
  {
    kind: 'enforcement',
    company: { name: '架空商事株式会社' },
    authority: 'jftc',
    source,
    law: 'antimonopoly_act',
    laws: ['subcontract_act'],
    action_type: 'cease_and_desist_order',
    date: '2025-03-14',
    summary: '見本部品の価格カルテルを指示',
  },
  {
    kind: 'procurement_suspension',
    company: { name: '試験建設株式会社' },
    authority: 'mlit_kanto_rdb',
    source: { ...source, url: 'https://example.go.jp/b.html' },
    reason: 'bribery',
    reason_detail: '職員への贈賄',
    period: { from: '2025-04-01', to: null },
  },
  {
    kind: 'license_action',
    company: { name: '仮名不動産株式会社' },
    authority: 'pref_13',
    source: { ...source, url: 'https://example.go.jp/c.html' },
    sector_code: 'construction',
    sector_codes: ['real_estate_brokerage'],
    permits: [],
    action_type: 'business_suspension_order',
    nature: 'violation',
    date: '2025-07-01',
    reason_detail: '一括下請負',
  },
];

// one probe per piece the text is made of: name, source words, authority, law, action type, reason and sector labels
const PROBES: Record<(typeof TABLES)[number], { fts: string[]; grams: string[] }> = {
  enforcements: {
    fts: ['価格カルテル', '公取委', '下請代金', '架空商事'],
    grams: ['指示', '架', '公取', '下請', '命令'],
  },
  procurement_suspensions: { fts: ['関東地方整備局', 'bribery', '試験建設'], grams: ['贈賄', '関東', '試験'] },
  license_actions: { fts: ['一括下請負', '宅地建物', '仮名不動産'], grams: ['一括', '宅地', '営業', '仮名'] },
};

let dir: string;
let file: string;
let db: Db;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-text-rebuild-'));
  file = path.join(dir, 'test.sqlite');
  db = openWritable(file);
  seedVocabularies(db);
  const writer = createRecordWriter(db, () => WRITTEN_AT);
  for (const line of LINES) {
    const result = validateRecordLine(line, 1);
    assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
    writer.upsertSource(result.record);
    writer.writeRecord(result.record);
  }
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** How many records each probe finds, by table and index. */
function answers(): string[] {
  const found: string[] = [];
  for (const table of TABLES) {
    for (const index of ['fts', 'grams'] as const) {
      for (const probe of PROBES[table][index]) {
        const n = (
          db
            .prepare(`SELECT count(*) AS n FROM ${table}_${index} WHERE ${table}_${index} MATCH ?`)
            .get(`"${probe}"`) as { n: number }
        ).n;
        found.push(`${table}_${index} ${probe} ${n}`);
      }
    }
  }
  return found;
}

function reopen(): void {
  db.close();
  db = openWritable(file);
}

describe('ensureRecordTextCurrent', () => {
  it('the writer indexes every probe once', () => {
    for (const line of answers()) assert.match(line, / 1$/u, line);
  });

  it('fills the short grams of a file migrated from before the short-gram index', () => {
    const expected = answers();
    // the file as it was before migration 5, then that migration as migrate() applies it
    for (const table of TABLES) db.exec(`DROP TABLE ${table}_grams`);
    db.exec('DROP TABLE record_text_version');
    db.exec(MIGRATIONS.find((m) => m.version === 5)!.sql);
    reopen();
    assert.deepEqual(answers(), expected);
    assert.equal(db.prepare('SELECT version FROM record_text_version').pluck().get(), recordTextVersion());
  });

  it('rewrites text and grams stored at another version, from the rows and their child rows', () => {
    const expected = answers();
    for (const table of TABLES) {
      db.exec(
        `INSERT INTO ${table}_fts(${table}_fts) VALUES ('delete-all'); INSERT INTO ${table}_grams(${table}_grams) VALUES ('delete-all');`,
      );
    }
    db.prepare("UPDATE record_text_version SET version = '0.0'").run();
    reopen();
    assert.deepEqual(answers(), expected);
  });

  it('rekeys the company names of a file written with another folding, and its name index finds them by their printed name', () => {
    // the keys an older build wrote: the office left in the linker's key, no printed name
    db.prepare(
      "UPDATE enforcements SET company_name = '架空商事株式会社 鳥取工場', company_name_norm = '架空商事株式会社鳥取工場', company_name_printed = ''",
    ).run();
    db.prepare("UPDATE record_text_version SET version = '3.4'").run();
    reopen();
    assert.equal(db.prepare('SELECT company_name_norm FROM enforcements').pluck().get(), '架空商事');
    assert.equal(db.prepare('SELECT company_name_printed FROM enforcements').pluck().get(), '架空商事鳥取工場');
    const named = (key: string) =>
      db.prepare('SELECT count(*) FROM enforcements_names WHERE enforcements_names MATCH ?').pluck().get(`"${key}"`);
    // the printed name, office and all, its legal form left out
    assert.equal(named('架空商事鳥取工場'), 1);
    assert.equal(named('株式会社'), 0);
    db.exec("INSERT INTO enforcements_names(enforcements_names, rank) VALUES ('integrity-check', 1)");
  });

  it('fills the documents of a file from before them with the records its rows and child rows hold', () => {
    const pages = () => {
      const queries = new RecordQueries(db);
      return (['enforcement', 'procurement_suspension', 'license_action'] as const).map((kind) =>
        queries.page(
          kind,
          { authority: LINES.find((l) => l.kind === kind)!.authority as string, today: '2026-11-22' },
          { limit: 10, page: 1 },
        ),
      );
    };
    const expected = pages();
    assert.deepEqual(
      expected.map((page) => page.records.length),
      [1, 1, 1],
    );
    // the file as schema 9 left it: no documents, text of an older version
    for (const table of TABLES) db.exec(`UPDATE ${table} SET doc = NULL`);
    db.prepare("UPDATE record_text_version SET version = '1.0'").run();
    reopen();
    for (const table of TABLES)
      assert.equal(db.prepare(`SELECT count(*) FROM ${table} WHERE doc IS NULL`).pluck().get(), 0, table);
    assert.deepEqual(pages(), expected);
  });

  it('leaves a current file alone, and marks a file without records current', () => {
    assert.equal(ensureRecordTextCurrent(db), false);
    const empty = openWritable(path.join(dir, 'empty.sqlite'));
    try {
      assert.equal(empty.prepare('SELECT version FROM record_text_version').pluck().get(), recordTextVersion());
      empty.prepare('DELETE FROM record_text_version').run();
      assert.equal(ensureRecordTextCurrent(empty), false);
      assert.equal(empty.prepare('SELECT count(*) FROM record_text_version').pluck().get(), 1);
    } finally {
      empty.close();
    }
  });
});
