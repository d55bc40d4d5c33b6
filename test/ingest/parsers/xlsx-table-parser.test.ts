import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ColumnMapping } from '../../../src/ingest/parsers/column-mapping.js';
import { parseExcelTable as parseXlsxTable } from '../../../src/ingest/parsers/excel-table-parser.js';
import { buildXlsx, type XlsxCell } from '../../helpers/xlsx.js';
import { contextFor, expectParsed, MHLW_LIST_MAPPING } from './parser-fixtures.js';

const context = contextFor('enforcement', 'mhlw');

// The layout of the MHLW labour-law list, as a bureau might publish it in Excel.
const MAPPING: ColumnMapping = {
  ...MHLW_LIST_MAPPING,
  sheet: '公表事案',
  columns: { authority: ['管轄'], ...MHLW_LIST_MAPPING.columns },
};

const HEADER: XlsxCell[] = ['管轄', '企業・事業場名称', '所在地', '公表日', '違反法条', '事案概要'];
const ROWS: XlsxCell[][] = [
  [
    '東京労働局',
    '株式会社テスト運輸',
    '東京都港区芝公園1-1',
    new Date(Date.UTC(2025, 2, 14)),
    '労働基準法第32条',
    '労働者に違法な時間外労働を行わせたもの',
  ],
  [
    '大阪労働局',
    'テスト建設（株）',
    '大阪府堺市堺区南瓦町3-1',
    'R7.3.18',
    '労働安全衛生法第21条、労働安全衛生規則第519条',
    '墜落防止措置を講じなかったもの',
  ],
  [
    '神奈川労働局',
    '有限会社テスト',
    '神奈川県川崎市川崎区宮本町1',
    45736,
    '最低賃金法第4条',
    '最低賃金を支払わなかったもの',
  ],
];

function workbook(rows: XlsxCell[][], sheet = '公表事案'): Buffer {
  return buildXlsx([
    { name: '説明', rows: [['この一覧について']] },
    { name: sheet, rows: [['労働基準関係法令違反に係る公表事案'], [], HEADER, ...rows] },
  ]);
}

test('the mapped sheet is read: date cells, wareki text and day counts all become dates', async () => {
  const list = expectParsed(await parseXlsxTable(workbook(ROWS), MAPPING, context));
  const summary = list.records.map((r) =>
    r.kind === 'enforcement' ? [r.authority, r.company.name, r.date, r.law, r.laws, r.action_type] : [],
  );
  assert.deepEqual(summary, [
    [
      'mhlw_labour_bureau_13',
      '株式会社テスト運輸',
      '2025-03-14',
      'labour_standards_act',
      ['labour_standards_act'],
      'prosecution_referral',
    ],
    [
      'mhlw_labour_bureau_27',
      'テスト建設（株）',
      '2025-03-18',
      'industrial_safety_and_health_act',
      ['industrial_safety_and_health_act'],
      'prosecution_referral',
    ],
    [
      'mhlw_labour_bureau_14',
      '有限会社テスト',
      '2025-03-20',
      'minimum_wage_act',
      ['minimum_wage_act'],
      'prosecution_referral',
    ],
  ]);
  const second = list.records[1]!;
  assert.ok(second.kind === 'enforcement');
  assert.equal(
    second.law_detail,
    '労働安全衛生法第21条、労働安全衛生規則第519条',
    'the articles are kept as the source cites them',
  );
  assert.deepEqual(list.period, { from: '2025-03-14', to: '2025-03-20' });
});

test('a law cell is split into citations as the PDF parser splits them: every law it cites, in order', async () => {
  const cells = [
    '労働基準法第32条及び最低賃金法第4条',
    '労働安全衛生法第20条\n労働安全衛生規則第519条;労働基準法第24条',
    '労働基準法第32条、同法第37条',
  ];
  const rows = cells.map((law, i): XlsxCell[] => [
    '東京労働局',
    `株式会社法条${i}`,
    '東京都港区芝公園1-1',
    'R7.3.14',
    law,
    '概要',
  ]);
  const list = expectParsed(await parseXlsxTable(workbook(rows), MAPPING, context));
  assert.deepEqual(
    list.records.map((r) => (r.kind === 'enforcement' ? [r.law, r.laws, r.law_detail] : [])),
    [
      ['labour_standards_act', ['labour_standards_act', 'minimum_wage_act'], cells[0]],
      // the line break within the cell is not kept: the title then runs straight into the article before it
      [
        'industrial_safety_and_health_act',
        ['industrial_safety_and_health_act', 'labour_standards_act'],
        cells[1]!.replace('\n', ''),
      ],
      ['labour_standards_act', ['labour_standards_act'], cells[2]],
    ],
  );
});

test('a workbook without the mapped sheet fails naming the sheets it has', async () => {
  const outcome = await parseXlsxTable(workbook(ROWS, 'Sheet1'), MAPPING, context);
  assert.equal(outcome.ok, false);
  if (!outcome.ok)
    assert.equal(outcome.error, 'the workbook has no sheet 「公表事案」; its sheets are 「説明」, 「Sheet1」.');
});

test('a sheet whose law column was dropped fails naming that column', async () => {
  const rows = ROWS.map((r) => r.filter((_, i) => i !== 4));
  const bytes = buildXlsx([{ name: '公表事案', rows: [HEADER.filter((_, i) => i !== 4), ...rows] }]);
  const outcome = await parseXlsxTable(bytes, MAPPING, context);
  assert.equal(outcome.ok, false);
  if (!outcome.ok)
    assert.match(
      outcome.error,
      /^sheet 「公表事案」 does not have the expected columns: missing 「違反法条」 \(law\)\./,
    );
});

test('an unknown law or authority fails the row with the cell named', async () => {
  const rows = [['火星労働局', '株式会社テスト', '東京都港区1', 'R7.3.14', '宇宙法第1条', '概要']];
  const outcome = await parseXlsxTable(workbook(rows), MAPPING, context);
  assert.equal(outcome.ok, false);
  if (outcome.ok) return;
  assert.deepEqual(outcome.problems, [
    "row 4, column 「管轄」: '火星労働局' is not a known authority",
    "row 4, column 「違反法条」: '宇宙法第1条' names no known law",
  ]);
});

test('a truncated workbook, or bytes that are no workbook at all, fail as unreadable', async () => {
  const bytes = workbook(ROWS);
  for (const broken of [bytes.subarray(0, Math.floor(bytes.length / 2)), Buffer.from('<html>error page</html>')]) {
    const outcome = await parseXlsxTable(broken, MAPPING, context);
    assert.equal(outcome.ok, false);
    if (!outcome.ok) assert.match(outcome.error, /^the file is not (a readable|an) Excel workbook/);
  }
});
