import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { mhlwRecordsFromPages } from '../../../src/ingest/sources/mhlw-labour-law-violations/parser.js';
import { parsePdfTable, pdfTableFromPages } from '../../../src/ingest/parsers/pdf-table-parser.js';
import { SUSPENSION_TABLE } from '../../../src/ingest/sources/procurement-suspensions/suspension-table.js';
import { writeTablePdf, type PdfColumn } from '../../helpers/pdf.js';
import { cachedPdfPages } from '../../helpers/pdf-pages-cache.js';
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
  [
    '1',
    '株式会社テスト建設',
    '兵庫県神戸市中央区下山手通5-10-1',
    '令和7年3月14日から\n令和7年6月13日まで',
    '別表第2第1号（贈賄）',
  ],
  [
    '2',
    'テスト電気工業株式会社\n神戸支店',
    '兵庫県姫路市安田4-1',
    '令和7年4月1日から\n令和7年4月30日まで',
    '別表第1第3号（安全管理措置の不適切により生じた\n公衆損害事故）',
  ],
];
const PAGE_2 = [
  ['3', '有限会社テスト舗装', '兵庫県尼崎市東七松町１－２３－１', 'Ｒ７．５．１～Ｒ７．７．３１', '独占禁止法違反行為'],
  ['4', '合同会社テスト', '兵庫県明石市中崎1-5-1', '令和7年6月2日から', '虚偽記載'],
];

function suspension(r: unknown): [string, string | null, string, string | null, string | null] {
  const s = r as {
    company: { name: string; address: string | null };
    period: { from: string; to: string | null };
    reason_detail?: string | null;
  };
  return [s.company.name, s.company.address, s.period.from, s.period.to, s.reason_detail ?? null];
}

test('a two-page list is read row by row: wrapped cells joined, the header repeated on page 2 skipped', async () => {
  const pdf = await writeTablePdf({
    title: '指名停止措置一覧（令和7年度）',
    columns: COLUMNS,
    pages: [PAGE_1, PAGE_2],
    footer: '兵庫県県土整備部',
  });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  assert.deepEqual(list.records.map(suspension), [
    ['株式会社テスト建設', '兵庫県神戸市中央区下山手通5-10-1', '2025-03-14', '2025-06-13', '別表第2第1号（贈賄）'],
    [
      'テスト電気工業株式会社神戸支店',
      '兵庫県姫路市安田4-1',
      '2025-04-01',
      '2025-04-30',
      '別表第1第3号（安全管理措置の不適切により生じた公衆損害事故）',
    ],
    ['有限会社テスト舗装', '兵庫県尼崎市東七松町１－２３－１', '2025-05-01', '2025-07-31', '独占禁止法違反行為'],
    ['合同会社テスト', '兵庫県明石市中崎1-5-1', '2025-06-02', null, '虚偽記載'],
  ]);
  assert.deepEqual(list.period, { from: '2025-03-14', to: '2025-06-02' });
  // The footer lies outside the drawn table: it is no row, and nothing had to be left out to read the page.
  assert.deepEqual(list.warnings, []);
  assert.deepEqual(list.skipped_rows, [], 'the header repeated on page 2 is taken for the header, not read as a row');
});

test('a list without a one-line column of its own (no 番号) still finds its rows', async () => {
  const columns = COLUMNS.slice(1).map((c) => ({ ...c, x: c.x - 30 }));
  const pdf = await writeTablePdf({ columns, pages: [PAGE_1.map((row) => row.slice(1))] });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  assert.deepEqual(
    list.records.map((r) => suspension(r)[0]),
    ['株式会社テスト建設', 'テスト電気工業株式会社神戸支店'],
  );
});

test('other spellings of the headers (業者名, 住所, 措置期間, 停止理由) read the same', async () => {
  const headers = ['番号', '業者名', '住所', '措置期間', '停止理由'];
  const pdf = await writeTablePdf({ columns: COLUMNS.map((c, i) => ({ ...c, header: headers[i]! })), pages: [PAGE_2] });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  assert.deepEqual(
    list.records.map((r) => suspension(r).slice(0, 3)),
    [
      ['有限会社テスト舗装', '兵庫県尼崎市東七松町１－２３－１', '2025-05-01'],
      ['合同会社テスト', '兵庫県明石市中崎1-5-1', '2025-06-02'],
    ],
  );
});

test('labels printed over two lines in narrow header cells (商号又は/名称, 指名停止/期間, 決定/年月日) are one label each', async () => {
  const headers = ['番号', '商号又は\n名称', '所在地', '指名停止\n期間', '措置要件'];
  const columns = [
    ...COLUMNS.map((c, i) => ({ ...c, header: headers[i]!, width: i === 4 ? 170 : c.width })),
    { header: '決定\n年月日', x: 730, width: 70 },
  ];
  const rows = PAGE_1.map((row) => [...row.slice(0, 4), '贈賄', '令和7年3月10日']);
  const list = expectParsed(
    await parsePdfTable(await writeTablePdf({ columns, pages: [rows] }), SUSPENSION_TABLE, context),
  );
  assert.deepEqual(
    list.records.map((r) => suspension(r).slice(0, 4)),
    [
      ['株式会社テスト建設', '兵庫県神戸市中央区下山手通5-10-1', '2025-03-14', '2025-06-13'],
      ['テスト電気工業株式会社神戸支店', '兵庫県姫路市安田4-1', '2025-04-01', '2025-04-30'],
    ],
  );
});

test('text overrunning its cell belongs to the cell it starts in', async () => {
  const columns = COLUMNS.map((c, i) => (i === 4 ? { ...c, width: 120 } : c)).concat({
    header: '備考',
    x: 680,
    width: 120,
  });
  const rows = PAGE_1.map((row, i) => [...row, i === 0 ? '再発' : '']);
  const pdf = await writeTablePdf({ columns, pages: [rows], footer: '※ 措置要件は要領別表による' });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  // 「別表第1第3号（安全管理措置の不適切により生じた」 runs over the border into 備考; the text reading failed here.
  assert.deepEqual(
    list.records.map((r) => suspension(r)[4]),
    ['別表第2第1号（贈賄）', '別表第1第3号（安全管理措置の不適切により生じた公衆損害事故）'],
  );
});

test('borders drawn as thin filled boxes, the header on the first page only, other column widths on page 2', async () => {
  const narrower = COLUMNS.map((c, i) =>
    i === 0 ? { ...c, width: 30 } : { ...c, x: c.x - 10, width: i === 4 ? c.width + 10 : c.width },
  );
  const pdf = await writeTablePdf({
    columns: COLUMNS,
    pages: [PAGE_1, PAGE_2],
    borders: 'thin-fill',
    header: 'first-page',
    pageColumns: { 1: narrower },
  });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  assert.deepEqual(
    list.records.map((r) => suspension(r).slice(0, 3)),
    [
      ['株式会社テスト建設', '兵庫県神戸市中央区下山手通5-10-1', '2025-03-14'],
      ['テスト電気工業株式会社神戸支店', '兵庫県姫路市安田4-1', '2025-04-01'],
      ['有限会社テスト舗装', '兵庫県尼崎市東七松町１－２３－１', '2025-05-01'],
      ['合同会社テスト', '兵庫県明石市中崎1-5-1', '2025-06-02'],
    ],
  );
  assert.deepEqual(list.skipped_rows, []);
});

test('a row split by a page break is one record, with or without the header repeated', async () => {
  const first = [
    PAGE_1[0]!,
    [
      '2',
      'テスト電気工業株式会社\n神戸支店',
      '兵庫県姫路市安田4-1',
      '令和7年4月1日から\n令和7年4月30日まで',
      '別表第1第3号（安全管理措置の',
    ],
  ];
  const second = [['', '', '', '', '不適切により生じた公衆損害事故）'], ...PAGE_2];
  for (const header of ['every-page', 'first-page'] as const) {
    const list = expectParsed(
      await parsePdfTable(
        await writeTablePdf({ columns: COLUMNS, pages: [first, second], header }),
        SUSPENSION_TABLE,
        context,
      ),
    );
    assert.deepEqual(
      list.records.map((r) => suspension(r)[4]),
      [
        '別表第2第1号（贈賄）',
        '別表第1第3号（安全管理措置の不適切により生じた公衆損害事故）',
        '独占禁止法違反行為',
        '虚偽記載',
      ],
      header,
    );
  }
});

test('a cell merged across two columns is read in the first of them', async () => {
  const columns = COLUMNS.map((c, i) => (i === 4 ? { ...c, width: 120 } : c)).concat({
    header: '備考',
    x: 680,
    width: 120,
  });
  const rows = PAGE_1.map((row) => [...row, '備考の文']);
  const pdf = await writeTablePdf({ columns, pages: [rows], merged: [{ page: 0, row: 1, column: 4, span: 2 }] });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  assert.deepEqual(
    list.records.map((r) => suspension(r)[4]),
    ['別表第2第1号（贈賄）', '別表第1第3号（安全管理措置の不適切により生じた公衆損害事故）'],
  );
});

test('a list with no drawn borders is read by the alignment of its text', async () => {
  const pdf = await writeTablePdf({ columns: COLUMNS, pages: [PAGE_1, PAGE_2], borders: 'none' });
  const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
  assert.deepEqual(
    list.records.map((r) => suspension(r)[0]),
    ['株式会社テスト建設', 'テスト電気工業株式会社神戸支店', '有限会社テスト舗装', '合同会社テスト'],
  );
});

test('an unreadable row in 60 is skipped with its page and reason; two fail the list of a source that allows one', async () => {
  const rows = Array.from({ length: 60 }, (_, i) => [
    `${i + 1}`,
    `テスト建設${i + 1}株式会社`,
    '兵庫県神戸市中央区',
    '令和7年3月14日から\n令和7年6月13日まで',
    '贈賄',
  ]);
  const pages = Array.from({ length: 5 }, (_, p) => rows.slice(12 * p, 12 * p + 12));
  const bad = (page: number, row: number) =>
    pages.map((p, i) =>
      p.map((cells, j) => (i === page && j === row ? [...cells.slice(0, 3), '令和7年2月30日から', '贈賄'] : cells)),
    );
  const one = expectParsed(
    await parsePdfTable(await writeTablePdf({ columns: COLUMNS, pages: bad(2, 0) }), SUSPENSION_TABLE, context),
  );
  assert.equal(one.records.length, 59);
  const unreadable = one.skipped_rows.filter((row) => row.reason !== 'the header row repeated');
  assert.equal(unreadable.length, 1);
  assert.equal(unreadable[0]?.page, 3);
  assert.match(unreadable[0]?.reason ?? '', /^unreadable: .*令和7年2月30日/u);
  assert.match(unreadable[0]?.text ?? '', /^25 \| テスト建設25株式会社 \|/u);
  const twoPages = bad(2, 0).map((p, i) =>
    i === 4 ? p.map((cells, j) => (j === 0 ? [...cells.slice(0, 3), '未定', '贈賄'] : cells)) : p,
  );
  const twoPdf = await writeTablePdf({ columns: COLUMNS, pages: twoPages });
  assert.equal(expectParsed(await parsePdfTable(twoPdf, SUSPENSION_TABLE, context)).records.length, 58);
  // a source that may lose one row at most
  const strict = { ...context, source: { ...context.source, unreadable_rows: { rows: 1, share: 0.02 } } };
  const two = await parsePdfTable(twoPdf, SUSPENSION_TABLE, strict);
  assert.equal(two.ok, false);
  assert.match(
    two.ok ? '' : two.error,
    /^2 of 60 rows of the PDF table could not be read .*more than 1 rows and more than 2 % of the rows/u,
  );
});

test('a list without a mapped column fails naming the column it lacks', async () => {
  const pdf = await writeTablePdf({
    columns: COLUMNS.filter((c) => c.header !== '措置要件'),
    pages: [PAGE_1.map((row) => row.slice(0, 4))],
  });
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
  // the pages pdfjs reads, once per test run (the other tests of the real editions read them too)
  const pages = await cachedPdfPages(fs.readFileSync(sharedData('mhlw/000534084.pdf')));
  const mhlwContext = contextFor('enforcement', 'mhlw');
  const generic = expectParsed(pdfTableFromPages(pages, MHLW_LIST_MAPPING, mhlwContext));
  const specific = expectParsed(mhlwRecordsFromPages(pages, mhlwContext));
  assert.equal(specific.records.length, 414);
  assert.equal(generic.records.length, 414);
  const key = (r: unknown) => {
    const e = r as { company: { name: string; address: string | null }; date: string; laws: string[] };
    return [
      e.company.name.normalize('NFKC').replace(/\s+/gu, ''),
      e.company.address?.normalize('NFKC').replace(/\s+/gu, '') ?? null,
      e.date,
      e.laws,
    ];
  };
  assert.deepEqual(generic.records.map(key), specific.records.map(key));
});

// The generic reader on an edition with an address overrunning its cell (page 25) and two 公表日 printed
// as Excel day counts, which a list's date column does not hold unless its mapping says so: each skipped alone.
test('the generic parser reads the 2022-12 MHLW edition: 388 of its 390 rows, the two Excel day counts skipped with their reason', async () => {
  const pages = await cachedPdfPages(fs.readFileSync(sharedData('mhlw/editions/2022-12-01_001018384.pdf')));
  const list = expectParsed(pdfTableFromPages(pages, MHLW_LIST_MAPPING, contextFor('enforcement', 'mhlw')));
  assert.equal(list.records.length, 388);
  assert.deepEqual(
    list.skipped_rows.map((row) => [
      row.page,
      row.reason.replace(/: .*/u, ''),
      row.text?.split(' | ').slice(0, 3).join(' | '),
    ]),
    [
      [12, 'unreadable', '（株）リアルスター | 栃木県鹿沼市 | 44578'],
      [12, 'unreadable', '（有）ヤマカ運輸 佐野営業所 | 栃木県佐野市 | 44762'],
    ],
  );
  const overrun = list.records.find((r) => (r as { company: { name: string } }).company.name === '豊商運輸（株）') as
    { company: { address: string } } | undefined;
  assert.equal(overrun?.company.address, '富山県中新川郡上市町');
});

test('a date printed above the tables (更新日, …現在) dates the edition, page by page', async () => {
  for (const [title, date] of [
    ['指名停止措置一覧　　最終更新日：令和７年６月２日', '2025-06-02'],
    ['指名停止措置一覧（令和7年6月3日現在）', '2025-06-03'],
    ['指名停止措置一覧（令和7年度）', null],
  ] as const) {
    const pdf = await writeTablePdf({ title, columns: COLUMNS, pages: [PAGE_1, PAGE_2] });
    const list = expectParsed(await parsePdfTable(pdf, SUSPENSION_TABLE, context));
    assert.equal(list.records.length, 4, title);
    assert.deepEqual(new Set(list.records.map((r) => r.source.published_on)), new Set([date]), title);
  }
});
