// Tests for src/ingest/records: importing record JSON Lines files whole or not at all, and the command around it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { ridOfTextKey } from '../../../src/store/read/record-text-keys.js';
import { readDatasetMeta, type Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { runImportRecords } from '../../../src/ingest/records/records-command.js';
import { importRecordFiles, MAX_LISTED_ERRORS } from '../../../src/ingest/records/records-importer.js';
import { capturedIo } from '../../helpers/captured-io.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/records');
const GOOD = path.join(FIXTURES, 'good.jsonl');
const BAD = path.join(FIXTURES, 'one-bad-line.jsonl');
const NOW = new Date('2026-01-02T03:04:05.678Z');

let dir: string;
let db: Db;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-records-'));
  db = openWritable(path.join(dir, 'test.sqlite'));
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const ids = (table: string) =>
  (db.prepare(`SELECT id FROM ${table} ORDER BY id`).all() as { id: string }[]).map((r) => r.id);
const allIds = () => [...ids('enforcements'), ...ids('procurement_suspensions'), ...ids('license_actions')];
const search = (table: string, phrase: string) =>
  (
    db
      .prepare(
        `SELECT r.company_name AS name FROM ${table}_fts f JOIN ${table} r ON r.rid = ${ridOfTextKey('f.rowid')} WHERE ${table}_fts MATCH ?`,
      )
      .all(`"${phrase}"`) as { name: string }[]
  ).map((r) => r.name);
function tempFile(name: string, lines: readonly string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

describe('importRecordFiles', () => {
  it('imports every kind from a good file and summarises it', async () => {
    const [summary] = await importRecordFiles(db, [GOOD], { now: NOW });
    assert.deepEqual(summary, {
      file: GOOD,
      applied: true,
      lines: 6,
      records: { enforcement: 2, procurement_suspension: 2, license_action: 2 },
      inserted: 6,
      replaced: 0,
      errors: [],
      error_count: 0,
    });
    assert.equal(count('enforcements'), 2);
    assert.equal(count('procurement_suspensions'), 2);
    assert.equal(count('license_actions'), 2);
    assert.equal(readDatasetMeta(db).version, '2026-01-02T03:04:05Z');
  });

  it('keeps multi-law and multi-sector records whole', async () => {
    await importRecordFiles(db, [GOOD], { now: NOW });
    const laws = db.prepare('SELECT law_code FROM enforcement_laws ORDER BY law_code').all();
    assert.deepEqual(laws, [
      { law_code: 'antimonopoly_act' },
      { law_code: 'labour_standards_act' },
      { law_code: 'subcontract_act' },
    ]);
    const sectors = db
      .prepare(
        "SELECT s.sector_code FROM license_action_sectors s JOIN license_actions r ON r.rid = s.rid WHERE r.company_name = '仮名不動産株式会社' ORDER BY 1",
      )
      .all();
    assert.deepEqual(sectors, [
      { sector_code: 'architect_office' },
      { sector_code: 'construction' },
      { sector_code: 'real_estate_brokerage' },
    ]);
    assert.equal(count('license_action_permits'), 2);
    const lifted = db
      .prepare("SELECT lifted_on FROM procurement_suspensions WHERE reason_code = 'accident_worker'")
      .get();
    assert.deepEqual(lifted, { lifted_on: '2025-06-02' });
    const registry = db
      .prepare("SELECT publisher_code, record_kind FROM sources WHERE id = 'mhlw-labour-law-violations'")
      .get();
    assert.deepEqual(registry, { publisher_code: 'mhlw_labour_bureau_13', record_kind: 'enforcement' });
  });

  it('re-imports the same file to the same ids without duplicates', async () => {
    await importRecordFiles(db, [GOOD], { now: NOW });
    const first = allIds();
    const [again] = await importRecordFiles(db, [GOOD], { now: NOW });
    assert.equal(again!.inserted, 0);
    assert.equal(again!.replaced, 6);
    assert.deepEqual(allIds(), first);
    assert.equal(count('enforcement_laws'), 3);
    assert.equal(count('license_action_sectors'), 4);
    assert.equal(search('enforcements', '納入価格').length, 1);
  });

  it('gives the same ids in a fresh database (ids survive a rebuild)', async () => {
    await importRecordFiles(db, [GOOD], { now: NOW });
    const first = allIds();
    const other = openWritable(path.join(dir, 'other.sqlite'));
    try {
      await importRecordFiles(other, [GOOD], { now: NOW });
      const otherIds = ['enforcements', 'procurement_suspensions', 'license_actions'].flatMap((t) =>
        (other.prepare(`SELECT id FROM ${t} ORDER BY id`).all() as { id: string }[]).map((r) => r.id),
      );
      assert.deepEqual(otherIds, first);
    } finally {
      other.close();
    }
  });

  it('applies nothing of a file with a bad line, and names the line', async () => {
    const [summary] = await importRecordFiles(db, [BAD], { now: NOW });
    assert.equal(summary!.applied, false);
    assert.deepEqual(summary!.errors, ["line 3: authority 'xyz' is not a known authority code"]);
    assert.equal(summary!.error_count, 1);
    assert.equal(count('enforcements') + count('procurement_suspensions') + count('license_actions'), 0);
    assert.equal(count('sources'), 0);
    assert.equal(count('enforcements_fts'), 0);
    assert.equal(count('collection_runs'), 0);
  });

  it("refuses a source id that is not a registry's form: nothing of the file is written, no source counted", async () => {
    const [first = ''] = fs.readFileSync(GOOD, 'utf8').split('\n');
    const line = JSON.parse(first) as { source: Record<string, unknown> };
    line.source.id = '<svg onload=alert(1)>../../etc';
    const [summary] = await importRecordFiles(db, [tempFile('hostile.jsonl', [JSON.stringify(line)])], { now: NOW });
    assert.equal(summary!.applied, false);
    assert.match(
      summary!.errors[0]!,
      /^line 1: source\.id '<svg onload=alert\(1\)>\.\.\/\.\.\/etc' is not a source id/u,
    );
    assert.equal(count('sources'), 0);
    assert.equal(count('collection_runs'), 0);
  });

  it('records one successful collection run per source, so coverage and data_as_of see imported data', async () => {
    await importRecordFiles(db, [GOOD], { now: NOW });
    const runs = db
      .prepare('SELECT source_id, outcome, records, finished_at FROM collection_runs ORDER BY source_id')
      .all() as { source_id: string; outcome: string; records: number; finished_at: string }[];
    assert.equal(runs.length, count('sources'));
    assert.ok(runs.every((r) => r.outcome === 'success' && /^\d{4}-\d{2}-\d{2}T/u.test(r.finished_at)));
    assert.equal(
      runs.reduce((n, r) => n + r.records, 0),
      6,
    );
  });

  it('leaves what an earlier import wrote untouched when a later file fails', async () => {
    await importRecordFiles(db, [GOOD], { now: NOW });
    const before = allIds();
    const summaries = await importRecordFiles(db, [BAD], { now: new Date('2027-01-01T00:00:00Z') });
    assert.equal(summaries[0]!.applied, false);
    assert.deepEqual(allIds(), before);
    assert.equal(readDatasetMeta(db).version, '2026-01-02T03:04:05Z');
  });

  it('finds imported records by summary words and by authority label', async () => {
    await importRecordFiles(db, [GOOD], { now: NOW });
    assert.deepEqual(search('enforcements', '納入価格'), ['架空商事株式会社']);
    assert.deepEqual(search('enforcements', '公正取引委員会'), ['架空商事株式会社']);
    assert.deepEqual(search('enforcements', 'Tokyo Labour Bureau'), ['有限会社見本運輸']);
    assert.deepEqual(search('procurement_suspensions', '舗装工事'), ['試験建設株式会社']);
    assert.deepEqual(search('license_actions', '東京都'), ['仮名不動産株式会社']);
    assert.deepEqual(search('license_actions', '一括下請負'), ['仮名不動産株式会社']);
  });

  it('updates the record counts of linked companies', async () => {
    const number = corporateNumberFromBase('999900000002');
    db.prepare(
      "INSERT INTO companies(corporate_number, name, legal_form, status) VALUES (?, '試験建設株式会社', 'kabushiki_kaisha', 'active')",
    ).run(number);
    await importRecordFiles(db, [GOOD], { now: NOW });
    const row = db
      .prepare(
        'SELECT procurement_suspension_count AS p, enforcement_count AS e FROM companies WHERE corporate_number = ?',
      )
      .get(number);
    assert.deepEqual(row, { p: 2, e: 0 });
  });

  it('reports two lines with the same id, naming both', async () => {
    const line = fs.readFileSync(GOOD, 'utf8').split('\n')[0]!;
    const file = tempFile('dup.jsonl', [line, '', line]);
    const [summary] = await importRecordFiles(db, [file], { now: NOW });
    assert.equal(summary!.applied, false);
    assert.equal(summary!.errors.length, 1);
    assert.match(summary!.errors[0]!, /^line 3: id 'enf_[0-9a-f]{16}' is the same as on line 1/u);
  });

  it('reports bad JSON with its line number, and ignores blank lines and a byte-order mark', async () => {
    const line = fs.readFileSync(GOOD, 'utf8').split('\n')[0]!;
    const file = tempFile('json.jsonl', [`\uFEFF${line}`, '   ', '{"kind": "enforcement",']);
    const [summary] = await importRecordFiles(db, [file], { now: NOW });
    assert.equal(summary!.lines, 2);
    assert.equal(summary!.errors.length, 1);
    assert.match(summary!.errors[0]!, /^line 3: not valid JSON/u);
    const [clean] = await importRecordFiles(db, [tempFile('bom.jsonl', [`\uFEFF${line}`, ''])], { now: NOW });
    assert.equal(clean!.applied, true);
  });

  it(`lists at most ${MAX_LISTED_ERRORS} errors and counts the rest`, async () => {
    const bad = '{"kind":"fine"}';
    const [summary] = await importRecordFiles(db, [tempFile('many.jsonl', Array(60).fill(bad))], { now: NOW });
    assert.equal(summary!.errors.length, MAX_LISTED_ERRORS);
    assert.equal(summary!.error_count, 60);
    assert.match(summary!.errors[49]!, /^line 50: kind must be one of/u);
  });

  it("refreshes the statistics of the records' tables and leaves the companies' as the company upkeep left them", async () => {
    const stat = (table: string) =>
      db
        .prepare<[string], string>("SELECT idx || ' ' || stat FROM sqlite_stat1 WHERE tbl = ? ORDER BY idx")
        .pluck()
        .all(table);
    db.exec('ANALYZE');
    db.prepare("INSERT INTO sqlite_stat1 VALUES ('companies', 'companies_by_prefecture_city', '999 9 1')").run();
    const companies = stat('companies');
    await importRecordFiles(db, [GOOD], { now: NOW });
    assert.deepEqual(stat('companies'), companies);
    assert.ok(companies.includes('companies_by_prefecture_city 999 9 1'));
    for (const table of ['enforcements', 'procurement_suspensions', 'license_actions', 'sources'])
      assert.ok(stat(table).length > 0, `${table} analysed`);
  });

  it('numbers lines as readline does: CRLF, LF and a lone CR each end one, across chunks of the file', async () => {
    const [line, other] = fs
      .readFileSync(GOOD, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    // a line of more than a chunk (1 MiB), of three-byte characters, so that chunks end inside one
    const long = `{"kind": "${'あ'.repeat(400_000)}`;
    const file = path.join(dir, 'ends.jsonl');
    fs.writeFileSync(file, `${line}\r\n\r${long}\n{\r${other}`);
    const [summary] = await importRecordFiles(db, [file], { now: NOW });
    assert.equal(summary!.lines, 4);
    assert.equal(summary!.errors.length, 2);
    assert.match(summary!.errors[0]!, /^line 3: not valid JSON/u);
    assert.match(summary!.errors[1]!, /^line 4: not valid JSON/u);
  });

  it('writes nothing of a file that changed between its check and its writing', async () => {
    const file = tempFile('moving.jsonl', fs.readFileSync(GOOD, 'utf8').split('\n'));
    const onStep = (step: string) => {
      if (step.includes('writing')) fs.appendFileSync(file, '\n{"kind": "enforcement"}');
    };
    const [summary] = await importRecordFiles(db, [file], { now: NOW, onStep });
    assert.equal(summary!.applied, false);
    assert.match(summary!.errors[0]!, /^could not be written: .*moving\.jsonl changed while it was imported/u);
    assert.deepEqual(allIds(), []);
    // the same bytes changed in place, the lines as many
    const same = tempFile('same.jsonl', fs.readFileSync(GOOD, 'utf8').split('\n'));
    const swap = (step: string) => {
      if (step.includes('writing'))
        fs.writeFileSync(same, fs.readFileSync(same, 'utf8').replace('株式会社', '有限会社'));
    };
    const [changed] = await importRecordFiles(db, [same], { now: NOW, onStep: swap });
    assert.equal(changed!.applied, false);
    assert.deepEqual(allIds(), []);
  });

  it('reports a file it cannot read', async () => {
    const [summary] = await importRecordFiles(db, [path.join(dir, 'missing.jsonl')], { now: NOW });
    assert.equal(summary!.applied, false);
    assert.match(summary!.errors[0]!, /^cannot read the file: ENOENT/u);
  });
});

describe('runImportRecords', () => {
  function io(dbPath: string) {
    const steps: string[] = [];
    const progress = { isTTY: false, write: (t: string) => void steps.push(t) };
    return { ...capturedIo(NOW.toISOString(), { dbPath, progress }), steps };
  }

  it('tells each step on a line of its own, with the time the one before it took', async () => {
    const t = io(path.join(dir, 'steps.sqlite'));
    assert.equal(await runImportRecords([GOOD], t.io), 0);
    const said = t.steps.map((line) => line.replace(/ \(.*: [\d.]+ s\)\n$/u, '\n'));
    assert.deepEqual(said, [
      `${GOOD}: reading and checking every line …\n`,
      `${GOOD}: writing 6 records …\n`,
      `${GOOD}: 6 of 6 records written\n`,
      'counting the records of each company …\n',
      "merging the records' full-text indexes …\n",
      "counting the common trigrams of the records' text …\n",
      "refreshing the records' statistics …\n",
      'checking the new dataset …\n',
      'publishing it …\n',
      'published\n',
    ]);
    assert.match(t.steps[1] ?? '', / \(reading and checking every line: [\d.]+ s\)\n$/u);
  });

  it('checks an import into a dataset by what it changed, and says so', async () => {
    const live = path.join(dir, 'changes.sqlite');
    assert.equal(await runImportRecords([GOOD], io(live).io), 0);
    const t = io(live);
    assert.equal(await runImportRecords([GOOD], t.io), 0);
    const said = t.steps.map((line) => line.replace(/ \(.*: [\d.]+ s\)\n$/u, '\n'));
    assert.ok(said.includes('checking what the import changed …\n'), said.join(''));
    assert.ok(!said.includes('checking the new dataset …\n'));
  });

  it('prints a summary per file and exits 0 when every file applied', async () => {
    const t = io(path.join(dir, 'cli.sqlite'));
    assert.equal(await runImportRecords([GOOD], t.io), 0);
    assert.deepEqual(t.out, [
      `${GOOD}: 6 lines, 6 records (enforcement 2, procurement_suspension 2, license_action 2): 6 inserted, 0 replaced`,
    ]);
  });

  it('exits 1 and prints the errors when a file is refused, applying the good ones', async () => {
    const t = io(path.join(dir, 'cli.sqlite'));
    assert.equal(await runImportRecords([BAD, GOOD], t.io), 1);
    assert.deepEqual(t.err, [
      `${BAD}: not applied, 1 error in 4 lines; nothing of this file was written`,
      "  line 3: authority 'xyz' is not a known authority code",
    ]);
    assert.equal(t.out.length, 1);
  });

  it('exits 2 without files', async () => {
    const t = io(path.join(dir, 'cli.sqlite'));
    assert.equal(await runImportRecords([], t.io), 2);
    assert.match(t.err[0]!, /^(kohyo: no file given\n)?usage: /u);
  });
});
