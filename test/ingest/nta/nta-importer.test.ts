import { companyIndexGaps } from '../../helpers/company-indexes.js';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import iconv from 'iconv-lite';
import {
  importNtaFiles,
  NtaImportError,
  type NtaImportOptions,
  type NtaProgress,
} from '../../../src/ingest/nta/nta-importer.js';
import type { NtaImportSummary } from '../../../src/ingest/nta/nta-summary.js';
import { readDatasetMeta, writeDatasetMeta, type Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { buildZip } from '../../helpers/zip.js';
import { importRecordFiles } from '../../../src/ingest/records/records-importer.js';
import { ntaLine, REAL_FILE, SAMPLE_FILE, sampleRow, sampleRows, withFields } from './nta-fixtures.js';

const RECORDS_FILE = new URL('../../fixtures/records/good.jsonl', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'kohyo-nta-import-'));
const NOW = new Date('2026-01-28T00:00:00Z');
let n = 0;

function freshDb(): Db {
  return openWritable(join(dir, `db${n++}.sqlite`));
}
function file(name: string, content: string | Buffer): string {
  const path = join(dir, `${n++}-${name}`);
  writeFileSync(path, content);
  return path;
}
/** A CSV file in the Shift_JIS edition from rows of fields. */
function sjisFile(name: string, rows: readonly (readonly string[])[]): string {
  return file(name, iconv.encode(rows.map((r) => `${ntaLine(r)}\n`).join(''), 'cp932'));
}
async function importInto(
  db: Db,
  files: string[],
  options: Pick<NtaImportOptions, 'onProgress' | 'parseThreadMinBytes'> = {},
): Promise<NtaImportSummary> {
  return importNtaFiles(db, files, { now: () => NOW, ...options });
}
async function rejection(db: Db, files: string[]): Promise<NtaImportError> {
  try {
    await importInto(db, files);
  } catch (err) {
    assert.ok(err instanceof NtaImportError, `expected NtaImportError, got ${String(err)}`);
    return err;
  }
  return assert.fail('the import did not fail');
}

const count = (db: Db, sql: string): number => (db.prepare(sql).get() as { n: number }).n;

/** Everything the import writes about companies, in a stable order, as one digest. */
function contentDigest(db: Db): string {
  const hash = createHash('sha256');
  // each table's rows as arrays, hashed as one text rather than as an object and an update a row: the same content in
  // the same order, at about half the cost over the real file's 75,000 rows
  for (const sql of [
    'SELECT * FROM companies ORDER BY corporate_number',
    'SELECT c.corporate_number, a.kind, a.name FROM company_aliases a JOIN companies c ON c.id = a.company_id ORDER BY 1, 2, 3',
    'SELECT c.corporate_number, t.field, t.alias_kind, t.term FROM company_terms t JOIN companies c ON c.id = t.company_id ORDER BY 1, 2, 4',
  ])
    hash.update(JSON.stringify(db.prepare(sql).raw().all()));
  return hash.digest('hex');
}
function company(db: Db, cn: string): Record<string, unknown> {
  const row = db.prepare('SELECT * FROM companies WHERE corporate_number = ?').get(cn) as
    Record<string, unknown> | undefined;
  return row ?? assert.fail(`no company ${cn}`);
}
function aliasesOf(db: Db, cn: string): string[] {
  return (
    db
      .prepare(
        "SELECT a.kind || ':' || a.name AS s FROM company_aliases a JOIN companies c ON c.id = a.company_id WHERE c.corporate_number = ? ORDER BY 1",
      )
      .all(cn) as { s: string }[]
  ).map((r) => r.s);
}
function ftsFind(db: Db, query: string): string[] {
  return (
    db
      .prepare(
        `SELECT c.corporate_number AS cn FROM company_trigrams f JOIN companies c ON c.id = f.rowid
    WHERE company_trigrams MATCH ? ORDER BY 1`,
      )
      .all(`"${query}"`) as { cn: string }[]
  ).map((r) => r.cn);
}

describe('importing the real Shift_JIS daily file', () => {
  let db: Db;
  let summary: NtaImportSummary;
  const progress: NtaProgress[] = [];
  /**
   * The content as the last test below left it, read at its end: the next test's content before its import, which it
   * would otherwise read again (the digest of the real file's 75,000 rows takes most of a second). Unset while a test
   * runs, so that a test that ends before reading it leaves the next one to read the content itself.
   */
  let left: string | undefined;
  const contentBefore = (): string => {
    const digest = left ?? contentDigest(db);
    left = undefined;
    return digest;
  };
  const contentAfter = (): string => (left = contentDigest(db));

  before(async () => {
    db = freshDb();
    summary = await importInto(db, [REAL_FILE], { onProgress: (p) => progress.push(p) });
  });

  it('reads every row and skips none', () => {
    const [f] = summary.files;
    assert.equal(summary.files.length, 1);
    assert.equal(f!.file, REAL_FILE);
    assert.equal(f!.encoding, 'cp932');
    assert.equal(f!.entry, null);
    // 18,263 records (sequence numbers 1 to 18263, no header, one LF at the end)
    assert.equal(f!.rowsRead, 18263);
    assert.equal(f!.currentRows, 18019);
    assert.equal(f!.historyRows, 244);
    assert.equal(f!.inserted, 18019);
    assert.equal(f!.updated + f!.unchanged + f!.older + f!.deleted, 0);
    assert.equal(f!.formerNamesAdded, 43);
    assert.equal(f!.unclaimedFormerNames, 0);
    assert.equal(f!.skippedTotal, 0);
    assert.deepEqual(f!.skippedExamples, []);
  });

  it('stores one company per corporate number with the exact counts of the file', () => {
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies'), 18019);
    assert.equal(count(db, "SELECT count(*) AS n FROM companies WHERE status = 'closed'"), 16435);
    assert.equal(count(db, "SELECT count(*) AS n FROM companies WHERE status = 'closed' AND closed_on IS NULL"), 0);
    assert.equal(count(db, "SELECT count(*) AS n FROM companies WHERE close_cause = 'closed_by_registrar'"), 16198);
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies WHERE name_en IS NOT NULL'), 17);
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies WHERE address_en IS NOT NULL'), 19);
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies WHERE name_kana IS NOT NULL'), 1960);
    assert.equal(count(db, "SELECT count(*) AS n FROM company_aliases WHERE kind = 'romanized'"), 1960);
    // 43 former names and 50 readings of them (kana and romanized) that the history rows give
    assert.equal(count(db, "SELECT count(*) AS n FROM company_aliases WHERE kind = 'former_name'"), 93);
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies WHERE successor_corporate_number IS NOT NULL'), 20);
  });

  it('keeps the trigram index in step with the terms', () => {
    db.exec("INSERT INTO company_trigrams(company_trigrams) VALUES('integrity-check')");
    // a document per company with terms, none left over, and each finds its company by every term
    assert.equal(
      count(db, 'SELECT count(*) AS n FROM company_trigrams'),
      count(db, 'SELECT count(DISTINCT company_id) AS n FROM company_terms'),
    );
    // every 25th of the daily file's 18,019 companies: each gram of each name is a query
    assert.deepEqual(companyIndexGaps(db, 25), []);
  });

  it('stores 株式会社エス・エイ・アイ field by field', () => {
    const { id, ...row } = company(db, '1010001001111');
    assert.equal(typeof id, 'number');
    assert.deepEqual(row, {
      corporate_number: '1010001001111',
      name: '株式会社エス・エイ・アイ',
      name_kana: 'エスエイアイ',
      name_en: null,
      kind_code: '301',
      legal_form: 'kabushiki_kaisha',
      prefecture_code: '13',
      prefecture: '東京都',
      city: '千代田区',
      city_code: '13101',
      street: '神田須田町ニ丁目１９番２３号',
      postal_code: '1000000',
      address_outside: null,
      address_en: null,
      status: 'active',
      closed_on: null,
      close_cause: null,
      successor_corporate_number: null,
      updated_on: '2026-01-27',
      nta_changed_on: '2026-01-05',
      enforcement_count: 0,
      procurement_suspension_count: 0,
      license_action_count: 0,
    });
    assert.deepEqual(aliasesOf(db, '1010001001111'), ['romanized:Esueiai']);
  });

  it('stores a closed company with its close cause', () => {
    const row = company(db, '1010001001879');
    assert.equal(row.name, '株式会社カナクボ');
    assert.equal(row.status, 'closed');
    assert.equal(row.closed_on, '2026-01-06');
    assert.equal(row.close_cause, 'liquidation_completed');
  });

  it('stores a company closed by merger with its successor, and the successor active', () => {
    const row = company(db, '1110001027781');
    assert.equal(row.status, 'closed');
    assert.equal(row.close_cause, 'merger');
    assert.equal(row.successor_corporate_number, '6110001027819');
    const successor = company(db, '6110001027819');
    assert.equal(successor.name, '斎藤・嘉井電機株式会社');
    assert.equal(successor.status, 'active');
  });

  it('stores English names and addresses', () => {
    const mitsubishi = company(db, '4010001008772');
    assert.equal(mitsubishi.name_en, 'Mitsubishi Electric Corporation');
    assert.equal(mitsubishi.address_en, '2-7-3,Marunouchi, Chiyoda ku, Tokyo');
    assert.deepEqual(ftsFind(db, 'mitsubishielectric'), ['4010001008772']);
    const kaiwa = company(db, '1010001256548'); // its history row comes first and was at another address
    assert.equal(kaiwa.name_en, 'Kaiwa Shipping Co., Ltd.');
    assert.equal(kaiwa.address_en, 'Mayapada Shiodome Plaza 7F, 2-11-4 Higashishimbashi, Minato ku, Tokyo');
    assert.equal(kaiwa.city, '港区');
    assert.equal(kaiwa.nta_changed_on, '2025-08-27');
  });

  it('stores the current name of a renamed company and its earlier names as former names', () => {
    const row = company(db, '1030001033549');
    assert.equal(row.name, '株式会社Ｓａｖｉｎｇ　Ｌｉｖｅｓ');
    assert.equal(row.prefecture, '群馬県');
    assert.equal(row.city, '高崎市');
    assert.equal(row.nta_changed_on, '2025-12-16');
    assert.deepEqual(aliasesOf(db, '1030001033549'), [
      'former_name:Inahokurabu',
      'former_name:Uisuteria',
      'former_name:イナホクラブ',
      'former_name:ウイステリア',
      'former_name:ウイステリア株式会社',
      'former_name:株式会社稲穂クラブ',
      'romanized:Seibinguraibuzu', // セイビングライブズ
    ]);
    assert.deepEqual(ftsFind(db, '稲穂クラブ'), ['1030001033549']);
  });

  it('reports progress every thousand rows and once at the end', () => {
    assert.equal(progress.length, 19);
    assert.deepEqual(
      progress.slice(0, 3).map((p) => p.rowsRead),
      [1000, 2000, 3000],
    );
    const last = progress[progress.length - 1]!;
    assert.deepEqual([last.rowsRead, last.done, last.bytesRead, last.totalBytes], [18263, true, 3255515, 3255515]);
  });

  it('sets the dataset version to the import time and the kind to production', () => {
    assert.deepEqual(readDatasetMeta(db), { kind: 'production', version: NOW.toISOString() });
  });

  it('is idempotent: importing the file again changes nothing', async () => {
    const digest = contentBefore();
    const again = await importInto(db, [REAL_FILE]);
    const [f] = again.files;
    assert.deepEqual([f!.inserted, f!.updated, f!.unchanged, f!.older, f!.formerNamesAdded], [0, 0, 18019, 0, 0]);
    assert.equal(contentAfter(), digest);
  });

  it('a garbage file after it changes nothing and fails naming the file', async () => {
    const digest = contentBefore();
    const garbage = file('garbage.csv', Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251)));
    const err = await rejection(db, [garbage]);
    assert.equal(err.file, garbage);
    assert.ok(err.message.startsWith(`${garbage}: `));
    assert.equal(contentAfter(), digest);
  });

  it('a Shift_JIS file cut in the middle of a quoted field changes nothing and fails naming file and line', async () => {
    const digest = contentBefore();
    const bytes = readFileSync(REAL_FILE);
    const cut = bytes.indexOf(Buffer.from(',"'), bytes.length >> 3) + 4; // inside a name, an eighth of the way through
    const err = await rejection(db, [file('cut.csv', bytes.subarray(0, cut))]);
    assert.equal(typeof err.line, 'number');
    assert.match(err.message, /cut\.csv: line \d+: malformed CSV: Quote Not Closed/u);
    assert.equal(contentAfter(), digest);
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies'), 18019);
  });

  it('a truncated zip changes nothing and fails naming the file', async () => {
    const digest = contentBefore();
    const zip = buildZip([{ name: 'diff.csv', data: readFileSync(REAL_FILE) }]);
    const err = await rejection(db, [file('truncated.zip', zip.subarray(0, zip.length - 200))]);
    assert.match(err.message, /truncated\.zip: not a readable zip archive/u);
    assert.equal(contentAfter(), digest);
  });
});

/**
 * The real file's first rows, cut after a line feed (a byte no Shift_JIS character contains): the editions below are
 * made from it, because what they test is the reading of the bytes, which a sixth of the file exercises as the whole
 * file does, at a sixth of its cost.
 */
function excerptOf(bytes: Buffer, rows: number): Buffer {
  let end = 0;
  for (let row = 0; row < rows; row++) end = bytes.indexOf(0x0a, end) + 1;
  return bytes.subarray(0, end);
}

describe('editions of the same file give the same database', () => {
  const ROWS = 3000;
  const shiftJis = excerptOf(readFileSync(REAL_FILE), ROWS);
  const text = iconv.decode(shiftJis, 'cp932');
  const importEdition = (db: Db, bytes: Buffer, parseThreadMinBytes: number) =>
    importInto(db, [file('edition', bytes)], { parseThreadMinBytes });
  let expected: string;

  before(async () => {
    const db = freshDb();
    // on a worker thread, as a file of the NTA's size is read
    await importEdition(db, shiftJis, 0);
    expected = contentDigest(db);
  });

  const editions: readonly (readonly [string, () => Buffer, string])[] = [
    ['the Unicode edition without a BOM', () => Buffer.from(text, 'utf8'), 'utf8'],
    [
      'the Unicode edition with a BOM',
      () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
      'utf8',
    ],
    ['a zip of the Shift_JIS edition', () => buildZip([{ name: 'diff_20260127.csv', data: shiftJis }]), 'cp932'],
    [
      'a stored zip of the Unicode edition',
      () => buildZip([{ name: 'diff_20260127.csv', data: Buffer.from(text, 'utf8') }], { stored: true }),
      'utf8',
    ],
  ];
  it('read on this thread rather than a worker thread (a file below PARSE_THREAD_MIN_BYTES)', async () => {
    const db = freshDb();
    await importEdition(db, shiftJis, Number.POSITIVE_INFINITY);
    assert.equal(contentDigest(db), expected);
  });

  // each edition read on this thread: the bytes are read by the same openParsedRows on either thread, and the test
  // above holds the two threads to one database; a worker thread's start cost 0.5 s of CPU an edition
  for (const [what, bytes, encoding] of editions) {
    it(what, async () => {
      const db = freshDb();
      const summary = await importEdition(db, bytes(), Number.POSITIVE_INFINITY);
      assert.equal(summary.files[0]!.encoding, encoding);
      assert.equal(summary.files[0]!.rowsRead, ROWS);
      assert.equal(contentDigest(db), expected);
    });
  }
});

describe('import semantics', () => {
  const sai = sampleRow('1010001001111');

  it('does not let an older row overwrite a newer one, but keeps its other name', async () => {
    const db = freshDb();
    await importInto(db, [SAMPLE_FILE]);
    const before = company(db, '1010001001111');
    const older = withFields(sai, { 6: '2025-01-01', 7: '株式会社エス・エイ・アイ旧', 12: '旧番地' });
    const summary = await importInto(db, [sjisFile('older.csv', [older])]);
    assert.equal(summary.files[0]!.older, 1);
    assert.deepEqual(company(db, '1010001001111'), before);
    assert.deepEqual(aliasesOf(db, '1010001001111'), ['former_name:株式会社エス・エイ・アイ旧', 'romanized:Esueiai']);
    const newer = withFields(sai, { 5: '2026-02-01', 6: '2026-01-30', 12: '新番地' });
    assert.equal((await importInto(db, [sjisFile('newer.csv', [newer])])).files[0]!.updated, 1);
    assert.equal(company(db, '1010001001111').street, '新番地');
  });

  it('lets the current row win whatever the order of the rows, and takes history names as former names', async () => {
    const rows = sampleRows().filter((r) => r[1] === '1030001033549');
    const forward = freshDb();
    await importInto(forward, [sjisFile('forward.csv', rows)]);
    const backward = freshDb();
    const summary = await importInto(backward, [sjisFile('backward.csv', [...rows].reverse())]);
    assert.equal(summary.files[0]!.formerNamesAdded, 2);
    assert.equal(contentDigest(backward), contentDigest(forward));
    assert.equal(company(backward, '1030001033549').city, '高崎市');
  });

  it('reports a malformed row with its line, skips it and imports the rest', async () => {
    const rows = sampleRows();
    rows.splice(2, 0, withFields(sai, { 2: '2010001001111' })); // line 3: wrong check digit
    rows.splice(4, 0, sai.slice(0, 29)); // line 5: 29 fields
    const db = freshDb();
    const summary = await importInto(db, [sjisFile('bad-rows.csv', rows)]);
    const [f] = summary.files;
    assert.equal(f!.rowsRead, 19);
    assert.equal(f!.skippedTotal, 2);
    assert.deepEqual(f!.skipped, { corporate_number: 1, field_count: 1 });
    assert.deepEqual(
      f!.skippedExamples.map((e) => [e.line, e.reason]),
      [
        [3, 'corporate_number'],
        [5, 'field_count'],
      ],
    );
    assert.match(
      f!.skippedExamples[0]!.message,
      /^line 3: corporate number "2010001001111" is not valid \(check digit\)/u,
    );
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies'), 8); // the sample's 8 numbers
  });

  it('rejects a file whose first 100 rows are all malformed, as soon as it has read them', async () => {
    const rows = Array.from({ length: 300 }, () => withFields(sai, { 9: '999' }));
    const db = freshDb();
    const err = await rejection(db, [sjisFile('not-nta.csv', rows)]);
    assert.match(
      err.message,
      /not an NTA corporate-number file: its first 100 rows are all malformed \(line 1: unknown kind code "999"\)/u,
    );
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies'), 0);
  });

  it('rejects a file with more than 10 malformed rows that are more than 1% of it, and accepts 10', async () => {
    const lines = iconv.decode(readFileSync(REAL_FILE), 'cp932').split('\n').slice(0, 200);
    const bad = ntaLine(withFields(sai, { 2: '1010001001112' }));
    const withBad = (k: number) =>
      file(
        `bad-${k}.csv`,
        iconv.encode([...lines.slice(0, 200 - k), ...Array<string>(k).fill(bad), ''].join('\n'), 'cp932'),
      );
    const db = freshDb();
    const err = await rejection(db, [withBad(11)]);
    assert.match(err.message, /11 of 200 rows are malformed, more than 1%/u);
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies'), 0);
    const accepted = await importInto(db, [withBad(10)]);
    assert.equal(accepted.files[0]!.skippedTotal, 10);
  });

  it('rejects, read on a worker thread, what it rejects read here: malformed rows, bytes of the other edition', async () => {
    const rows = Array.from({ length: 300 }, () => withFields(sai, { 9: '999' }));
    const db = freshDb();
    const onThread = (files: string[], encoding: 'utf8' | null = null) =>
      importNtaFiles(db, files, { now: () => NOW, encoding, parseThreadMinBytes: 0 });
    await assert.rejects(
      onThread([sjisFile('not-nta.csv', rows)]),
      /its first 100 rows are all malformed \(line 1: unknown kind code "999"\)/u,
    );
    await assert.rejects(
      onThread([SAMPLE_FILE], 'utf8'),
      (err: unknown) =>
        err instanceof NtaImportError && err.line === 1 && /bytes that are not valid UTF-8/u.test(err.message),
    );
    await assert.rejects(
      onThread([file('quote.csv', '1,"a\n')]),
      (err: unknown) => err instanceof NtaImportError && /malformed CSV: Quote Not Closed/u.test(err.message),
    );
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies'), 0);
  });

  it('rejects a file in which no row is well formed', async () => {
    const err = await rejection(freshDb(), [file('one-bad.csv', 'a,b,c\n')]);
    assert.match(err.message, /none of its rows \(1\) is well-formed/u);
  });

  it('fails on the Shift_JIS edition read as UTF-8, at the first line', async () => {
    const db = freshDb();
    try {
      await importNtaFiles(db, [SAMPLE_FILE], { encoding: 'utf8', now: () => NOW });
      assert.fail('no error');
    } catch (err) {
      assert.ok(err instanceof NtaImportError);
      assert.equal(err.line, 1);
      assert.match(err.message, /line 1: bytes that are not valid UTF-8/u);
    }
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies'), 0);
  });

  it('keeps the files before a rejected one, and stops there', async () => {
    const db = freshDb();
    const bad = file('bad.csv', 'garbage\n');
    const err = await rejection(db, [SAMPLE_FILE, bad, REAL_FILE]);
    assert.equal(err.file, bad);
    assert.equal(err.completed.length, 1);
    assert.equal(err.completed[0]!.file, SAMPLE_FILE);
    assert.equal(count(db, 'SELECT count(*) AS n FROM companies'), 8);
  });

  it('removes a company deleted by the NTA (process 99)', async () => {
    const db = freshDb();
    await importInto(db, [SAMPLE_FILE]);
    const summary = await importInto(db, [sjisFile('deleted.csv', [withFields(sai, { 3: '99', 6: '2026-01-20' })])]);
    assert.equal(summary.files[0]!.deleted, 1);
    assert.equal(db.prepare('SELECT 1 FROM companies WHERE corporate_number = ?').get('1010001001111'), undefined);
  });

  it("counts a new company's records that were imported before it (by its Corporate Number)", async () => {
    const db = freshDb();
    const records = file('records.jsonl', readFileSync(RECORDS_FILE));
    await importRecordFiles(db, [records], { now: NOW });
    const numbered = db
      .prepare("SELECT count(*) AS n FROM enforcements WHERE company_corporate_number = '8999900000001'")
      .get() as { n: number };
    assert.ok(numbered.n > 0, 'the record file names the company by number');
    await importInto(db, [sjisFile('newcomer.csv', [withFields(sai, { 2: '8999900000001' })])]);
    const counts = db
      .prepare('SELECT enforcement_count AS n FROM companies WHERE corporate_number = ?')
      .get('8999900000001') as { n: number };
    assert.equal(counts.n, numbered.n);
  });

  it('keeps the kind of an existing dataset and sets its version', async () => {
    const db = freshDb();
    writeDatasetMeta(db, { kind: 'demo', version: '2020-01-01T00:00:00.000Z' });
    await importInto(db, [SAMPLE_FILE]);
    assert.deepEqual(readDatasetMeta(db), { kind: 'demo', version: NOW.toISOString() });
  });

  it('refuses a file of no rows, blank lines or none: it is no edition of the register', async () => {
    for (const text of ['', '\n\r\n\n'])
      await assert.rejects(
        importInto(freshDb(), [file('empty.csv', text)]),
        /the file holds no rows: nothing to import/u,
      );
  });
});
