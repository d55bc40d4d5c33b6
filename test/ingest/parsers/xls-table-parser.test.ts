import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as XLSX from '@e965/xlsx';
import { parseGenericSource } from '../../../src/ingest/parsers/generic-parsers.js';
import { parseExcelTable as parseXlsTable } from '../../../src/ingest/parsers/excel-table-parser.js';
import { SUSPENSION_TABLE } from '../../../src/ingest/sources/procurement-suspensions/suspension-table.js';
import { contextFor, expectParsed } from './parser-fixtures.js';

const context = contextFor('procurement_suspension', 'pref_01');

/** A legacy .xls (BIFF8) workbook, as Hokkaido publishes its list: a title and a note above the table. */
function legacyXls(rows: unknown[][], sheet = '指名停止'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['説明'], ['この一覧について']]), '説明');
  const table = XLSX.utils.aoa_to_sheet([['指名停止措置状況'], ['令和8年4月22日現在'], [], ...rows], {
    cellDates: true,
  });
  XLSX.utils.book_append_sheet(book, table, sheet);
  return XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

const HEADER = ['番号', '商号又は名称', '所在地', '指名停止期間（自）', '指名停止期間（至）', '措置要件'];
const MAPPING = {
  ...SUSPENSION_TABLE,
  sheet: '指名停止',
  columns: {
    ...SUSPENSION_TABLE.columns,
    period: undefined,
    period_from: ['指名停止期間（自）'],
    period_to: ['指名停止期間（至）'],
  },
};

test('a legacy .xls is read: wareki text, Excel day counts, date cells and full-width digits all become dates', async () => {
  const rows = [
    HEADER,
    [1, '株式会社テスト建設', '北海道札幌市中央区北3条西6丁目', '令和7年3月14日', '令和7年6月13日', '贈賄'],
    [2, 'テスト工業（株）', '北海道旭川市６条通９丁目', 45748, 45777, '安全管理措置の不適切'],
    // SheetJS writes a Date as the local day it falls on: local midnight is that day in every time zone.
    [3, '有限会社テスト', '北海道函館市東雲町4-13', new Date(2025, 4, 1), '', '虚偽記載'],
    [4, '合同会社テスト舗装', '北海道釧路市黒金町７－５', '令和７年６月２日', 'Ｒ７．９．１', '独占禁止法違反'],
  ];
  const list = expectParsed(await parseXlsTable(legacyXls(rows), MAPPING, context));
  const read = list.records.map((r) =>
    r.kind === 'procurement_suspension' ? [r.company.name, r.period.from, r.period.to] : [],
  );
  assert.deepEqual(read, [
    ['株式会社テスト建設', '2025-03-14', '2025-06-13'],
    ['テスト工業（株）', '2025-04-01', '2025-04-30'],
    ['有限会社テスト', '2025-05-01', null],
    ['合同会社テスト舗装', '2025-06-02', '2025-09-01'],
  ]);
});

test('one period cell with the dates over two lines is one period', async () => {
  const rows = [
    ['商号又は名称', '所在地', '指名停止期間', '措置要件'],
    ['株式会社テスト', '北海道小樽市花園2-12-1', '令和7年3月14日から\n令和7年6月13日まで', '贈賄'],
  ];
  const list = expectParsed(await parseXlsTable(legacyXls(rows), { ...SUSPENSION_TABLE, sheet: '指名停止' }, context));
  const first = list.records[0];
  assert.ok(first?.kind === 'procurement_suspension');
  assert.deepEqual(first.period, { from: '2025-03-14', to: '2025-06-13' });
});

test('the registry id xls-table reaches the parser; a missing sheet and bytes that are no workbook fail in a sentence', async () => {
  const source = {
    ...context.source,
    format: 'xls' as const,
    parser: 'xls-table' as const,
    mapping: { ...MAPPING, sheet: '別紙' },
  };
  const outcome = await parseGenericSource(legacyXls([HEADER]), { ...context, source });
  assert.ok(!outcome.ok);
  assert.match(outcome.error, /no sheet 「別紙」; its sheets are 「説明」, 「指名停止」/u);
  const html = await parseXlsTable(
    new TextEncoder().encode('<html>お探しのページは見つかりません</html>'),
    MAPPING,
    context,
  );
  assert.ok(!html.ok);
  assert.match(html.error, /not an Excel workbook: it starts with "<html>/u);
  const whole = legacyXls([HEADER]);
  const truncated = await parseXlsTable(whole.subarray(0, 600), MAPPING, context);
  assert.ok(!truncated.ok, 'a truncated download is not read as an empty list');
});
