import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { parseMhlwLabourViolationsPdf } from '../../../src/ingest/parsers/mhlw-labour-violations-pdf.js';
import { parsePdfTable } from '../../../src/ingest/parsers/pdf-table-parser.js';
import { SUSPENSION_TABLE } from '../../../src/ingest/registry/suspension-mappings.js';
import { writeTablePdf, type PdfColumn } from '../../helpers/pdf.js';
import { sharedData } from '../../helpers/shared-data.js';
import { contextFor, expectParsed, MHLW_LIST_MAPPING } from './parser-fixtures.js';

const context = contextFor('procurement_suspension', 'pref_28');

// A prefecture's 指名停止措置一覧 as exported from a spreadsheet: a number column, wrapped periods and names.
const COLUMNS: PdfColumn[] = [
  { header: '番号', x: 40, width: 40 },
  { header: '商号又は名称', x: 80, width: 170 },
  { header: '所在地', x: 250, width: 170 },
  { header: '指名停止期間', x: 420, width: 140 },
  { header: '措置要件', x: 560, width: 240 },
];

const PAGE_1 = [
  ['1', '株式会社テスト建設', '兵庫県神戸市中央区下山手通5-10-1', '令和7年3月14日から\n令和7年6月13日まで', '別表第2第1号（贈賄）'],
  ['2', 'テスト電気工業株式会社\n神戸支店', '兵庫県姫路市安田4-1', '令和7年4月1日から\n令和7年4月30日まで', '別表第1第3号（安全管理措置の不適切により生じた\n公衆損害事故）'],
];
const PAGE_2 = [
  ['3', '有限会社テスト舗装', '兵庫県尼崎市東七松町１－２３－１', 'Ｒ７．５．１～Ｒ７．７．３１', '独占禁止法違反行為'],
  ['4', '合同会社テスト', '兵庫県明石市中崎1-5-1', '令和7年6月2日から', '虚偽記載'],
];

function suspension(r: unknown): [string, string | null, string, string | null, string | null] {
  const s = r as { company: { name: string; address: string | null }; period: { from: string; to: string | null }; reason_detail?: string | null };
  return [s.company.name, s.company.address, s.period.from, s.period.to, s.reason_detail ?? null];
}

test('a two-page list is read row by row: wrapped cells joined, the header repeated on page 2 skipped', async () => {
  const pdf = await writeTablePdf({ title: '指名停止措置一覧（令和7年度）', columns: COLUMNS, pages: [PAGE_1, PAGE_2], footer: '兵庫県県土整備部' });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  assert.deepEqual(list.records.map(suspension), [
    ['株式会社テスト建設', '兵庫県神戸市中央区下山手通5-10-1', '2025-03-14', '2025-06-13', '別表第2第1号（贈賄）'],
    ['テスト電気工業株式会社神戸支店', '兵庫県姫路市安田4-1', '2025-04-01', '2025-04-30', '別表第1第3号（安全管理措置の不適切により生じた公衆損害事故）'],
    ['有限会社テスト舗装', '兵庫県尼崎市東七松町１－２３－１', '2025-05-01', '2025-07-31', '独占禁止法違反行為'],
    ['合同会社テスト', '兵庫県明石市中崎1-5-1', '2025-06-02', null, '虚偽記載'],
  ]);
  assert.deepEqual(list.period, { from: '2025-03-14', to: '2025-06-02' });
  assert.deepEqual(list.warnings, ['page 1: the text under the table 「兵庫県県土整備部」 was left out', 'page 2: the text under the table 「兵庫県県土整備部」 was left out']);
});

test('a list without a one-line column of its own (no 番号) still finds its rows', async () => {
  const columns = COLUMNS.slice(1).map((c) => ({ ...c, x: c.x - 30 }));
  const pdf = await writeTablePdf({ columns, pages: [PAGE_1.map((row) => row.slice(1))] });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  assert.deepEqual(list.records.map((r) => suspension(r)[0]), ['株式会社テスト建設', 'テスト電気工業株式会社神戸支店']);
});

test('other spellings of the headers (業者名, 住所, 措置期間, 停止理由) read the same', async () => {
  const headers = ['番号', '業者名', '住所', '措置期間', '停止理由'];
  const pdf = await writeTablePdf({ columns: COLUMNS.map((c, i) => ({ ...c, header: headers[i]! })), pages: [PAGE_2] });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  assert.deepEqual(list.records.map((r) => suspension(r).slice(0, 3)), [
    ['有限会社テスト舗装', '兵庫県尼崎市東七松町１－２３－１', '2025-05-01'],
    ['合同会社テスト', '兵庫県明石市中崎1-5-1', '2025-06-02'],
  ]);
});

test('labels printed over two lines in narrow header cells (商号又は/名称, 指名停止/期間, 決定/年月日) are one label each', async () => {
  const headers = ['番号', '商号又は\n名称', '所在地', '指名停止\n期間', '措置要件'];
  const columns = [...COLUMNS.map((c, i) => ({ ...c, header: headers[i]!, width: i === 4 ? 170 : c.width })), { header: '決定\n年月日', x: 730, width: 70 }];
  const rows = PAGE_1.map((row) => [...row.slice(0, 4), '贈賄', '令和7年3月10日']);
  const list = expectParsed(await parsePdfTable(await writeTablePdf({ columns, pages: [rows] }), SUSPENSION_TABLE, context));
  assert.deepEqual(list.records.map((r) => suspension(r).slice(0, 4)), [
    ['株式会社テスト建設', '兵庫県神戸市中央区下山手通5-10-1', '2025-03-14', '2025-06-13'],
    ['テスト電気工業株式会社神戸支店', '兵庫県姫路市安田4-1', '2025-04-01', '2025-04-30'],
  ]);
});

test('text crossing a column border fails naming the columns; no row is dropped to make the page read', async () => {
  const columns = COLUMNS.map((c, i) => (i === 4 ? { ...c, width: 120 } : c)).concat({ header: '備考', x: 680, width: 120 });
  const pdf = await writeTablePdf({ columns, pages: [PAGE_1.map((row) => [...row, ''])], footer: '※ 措置要件は要領別表による' });
  const outcome = await parsePdfTable(pdf, SUSPENSION_TABLE, context);
  assert.ok(!outcome.ok, 'a row must not vanish');
  assert.match(outcome.error, /between columns 措置要件 and 備考/u);
});

test('a list without a mapped column fails naming the column it lacks', async () => {
  const pdf = await writeTablePdf({ columns: COLUMNS.filter((c) => c.header !== '措置要件'), pages: [PAGE_1.map((row) => row.slice(0, 4))] });
  const outcome = await parsePdfTable(pdf, SUSPENSION_TABLE, context);
  assert.equal(outcome.ok, false);
  assert.ok(!outcome.ok);
  const missing = /missing (.*?)\. The closest/u.exec(outcome.error)?.[1] ?? '';
  assert.match(missing, /^「措置要件」.*\(reason\)$/u, outcome.error);
  assert.doesNotMatch(missing, /company_name|period/u);
});

test('bytes that are no PDF fail with a sentence, not an exception', async () => {
  const outcome = await parsePdfTable(new TextEncoder().encode('<html>not found</html>'), SUSPENSION_TABLE, context);
  assert.equal(outcome.ok, false);
  assert.ok(!outcome.ok && /not a PDF/u.test(outcome.error));
});

// The ministry's own list read with the generic parser and only its header words: the same rows as its own parser.
test('the MHLW PDF read by the generic parser gives the 414 rows its own parser gives', async () => {
  const bytes = fs.readFileSync(sharedData('mhlw/000534084.pdf'));
  const mhlwContext = contextFor('enforcement', 'mhlw');
  const generic = expectParsed(await parsePdfTable(bytes, MHLW_LIST_MAPPING, mhlwContext));
  const specific = expectParsed(await parseMhlwLabourViolationsPdf(bytes, mhlwContext));
  assert.equal(specific.records.length, 414);
  assert.equal(generic.records.length, 414);
  const key = (r: unknown) => {
    const e = r as { company: { name: string; address: string | null }; date: string; laws: string[] };
    return [e.company.name.normalize('NFKC').replace(/\s+/gu, ''), e.company.address?.normalize('NFKC').replace(/\s+/gu, '') ?? null, e.date, e.laws];
  };
  assert.deepEqual(generic.records.map(key), specific.records.map(key));
});
