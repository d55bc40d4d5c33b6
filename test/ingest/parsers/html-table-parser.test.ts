import { test } from 'node:test';
import assert from 'node:assert/strict';
import iconv from 'iconv-lite';
import type { ColumnMapping } from '../../../src/ingest/parsers/column-mapping.js';
import { parseHtmlTable } from '../../../src/ingest/parsers/html-table-parser.js';
import { htmlTables } from '../../../src/ingest/parsers/html-tables.js';
import { SUSPENSION_MAPPING, contextFor, expectParsed, fixture } from './parser-fixtures.js';

const context = contextFor('license_action', 'pref_13');

const MAPPING: ColumnMapping = {
  columns: {
    date: ['処分年月日'],
    company_name: ['商号又は名称'],
    company_address: ['主たる営業所の所在地', '所在地'],
    permit_number: ['許可番号'],
    action_type: ['処分の種類'],
    period: ['処分期間'],
    reason: ['処分の理由'],
  },
  fixed: { sector_code: 'construction' },
  action_types: [
    ['営業停止', 'business_suspension_order'],
    ['取消', 'license_revocation'],
    ['指示', 'instruction_order'],
  ],
};

test('every table of the page that fits the mapping is read; navigation tables and scripts are not', () => {
  const list = expectParsed(parseHtmlTable(fixture('license-actions.html'), MAPPING, context));
  const rows = list.records.map((r) =>
    r.kind === 'license_action' ? [r.date, r.company.name, r.action_type, r.nature, r.period, r.reason_detail] : [],
  );
  assert.deepEqual(rows, [
    [
      '2025-05-12',
      '株式会社　テスト建設',
      'business_suspension_order',
      'violation',
      { from: '2025-05-26', to: '2025-06-09' },
      '建設業法第28条第1項第3号に該当（一括下請負の禁止違反）',
    ],
    ['2025-05-12', 'サンプル工務店株式会社', 'instruction_order', 'violation', null, '施工体制台帳の不備'],
    ['2025-06-03', 'ＡＢＣ設備有限会社', 'license_revocation', 'voluntary_closure', null, '廃業の届出によるもの'],
    [
      '2025-03-14',
      '旧テスト土木株式会社',
      'license_revocation',
      'other',
      null,
      '営業所の所在不明（建設業法第29条の2）',
    ],
  ]);
  const first = list.records[0]!;
  assert.ok(first.kind === 'license_action');
  assert.deepEqual(first.permits, [{ sector_code: 'construction', number: 'テスト県知事許可（般-3）第12345号' }]);
  assert.equal(first.company.prefecture_code, null, 'テスト県 is no prefecture');
  assert.equal(list.records[1]!.company.prefecture_code, '13');
});

test('a caption or heading narrows the page to the tables it names', () => {
  const list = expectParsed(
    parseHtmlTable(fixture('license-actions.html'), { ...MAPPING, table_caption: '令和6年度' }, context),
  );
  assert.deepEqual(
    list.records.map((r) => r.company.name),
    ['旧テスト土木株式会社'],
  );
  const none = parseHtmlTable(fixture('license-actions.html'), { ...MAPPING, table_caption: '令和5年度' }, context);
  assert.equal(none.ok, false);
  if (!none.ok) assert.match(none.error, /no table captioned or headed 「令和5年度」 \(it has 3 table\(s\)\)/);
});

test('colspan and rowspan are spread over the grid', () => {
  const [table] = htmlTables(
    '<table><tr><th rowspan="2">a</th><th colspan="2">b</th></tr><tr><td>c</td><td>d</td></tr><tr><td>e<br>f</td></tr></table>',
  );
  assert.deepEqual(table?.rows, [['a', 'b', 'b'], ['a', 'c', 'd'], ['e\nf']]);
});

test('a page whose table lost a column fails naming it, against the closest table', () => {
  const html = fixture('license-actions.html')
    .toString('utf8')
    .replaceAll('<th rowspan="2">処分年月日</th>', '<th rowspan="2">日付</th>');
  const outcome = parseHtmlTable(Buffer.from(html), MAPPING, context);
  assert.equal(outcome.ok, false);
  if (!outcome.ok)
    assert.match(
      outcome.error,
      /^the HTML page \(closest: HTML table 2 .*\) does not have the expected columns: missing 「処分年月日」 \(date\)\./,
    );
});

test('a page cut off before its table fails instead of reading as an empty list', () => {
  const html = fixture('license-actions.html').toString('utf8');
  const outcome = parseHtmlTable(Buffer.from(html.slice(0, html.indexOf('<h2>'))), MAPPING, context);
  assert.equal(outcome.ok, false);
  if (!outcome.ok) assert.match(outcome.error, /does not have the expected columns/);
});

test('a Shift_JIS page is decoded by its meta charset; a page that lies about its charset fails clearly', () => {
  const page = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"></head><body>
<table><tr><th>業者名</th><th>所在地</th><th>法人番号</th><th>指名停止期間</th><th>措置理由</th></tr>
<tr><td>株式会社テスト</td><td>北海道札幌市中央区北1条西2丁目</td><td></td><td>令和7年1月6日～令和7年3月5日</td><td>贈賄</td></tr></table></body></html>`;
  const suspensions = contextFor('procurement_suspension', 'city_01100');
  const list = expectParsed(parseHtmlTable(iconv.encode(page, 'cp932'), SUSPENSION_MAPPING, suspensions));
  assert.deepEqual(
    list.records.map((r) => [r.company.name, r.company.prefecture_code, r.authority]),
    [['株式会社テスト', '01', 'city_01100']],
  );
  const lying = parseHtmlTable(
    iconv.encode(page.replace('Shift_JIS', 'UTF-8'), 'cp932'),
    SUSPENSION_MAPPING,
    suspensions,
  );
  assert.equal(lying.ok, false);
  if (!lying.ok) assert.match(lying.error, /^the HTML page cannot be read: the file is not valid UTF-8/);
});
