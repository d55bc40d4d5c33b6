// `kohyo sources propose` on tables it has never seen, made here in each format a publisher uses (a CSV in UTF-8 and in
// Shift_JIS, a workbook, an HTML page): the source file it prints, read back as an operator would save it, holds the
// mapping field by field, and the records it reads are the table's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { parse } from 'yaml';
import { runCli } from '../../../src/cli.js';
import type { SourceFile } from '../../../src/ingest/registry/source-file-schema.js';
import { buildXlsx } from '../../helpers/xlsx.js';
import { tempDir } from '../collect/collect-helpers.js';
import { capturedIo } from '../../helpers/captured-io.js';

interface Proposed {
  readonly exit: number;
  readonly text: string;
  readonly err: string;
  readonly file: SourceFile;
}

/** `sources propose --file` on the bytes, and the source file it printed, read back as YAML. */
async function propose(name: string, bytes: Uint8Array | string, ...args: string[]): Promise<Proposed> {
  const dir = tempDir();
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const { out, err, io } = capturedIo('2026-11-26T03:00:00Z', { env: { KOHYO_DB: join(dir, 'none.sqlite') } });
  const exit = await runCli(['sources', 'propose', '--file', file, ...args], io);
  const start = out.findIndex((line) => line.startsWith('source file to save as '));
  const end = out.indexOf('', start);
  assert.ok(start >= 0, err.join('\n'));
  const text = out
    .slice(start + 1, end)
    .map((line) => line.slice(2))
    .join('\n');
  return { exit, text: out.join('\n'), err: err.join('\n'), file: parse(text) as SourceFile };
}

function entry(proposed: Proposed): SourceFile {
  return proposed.file;
}

// A ministry's orders as its open data writes them: headers in English, of words no list of ours used, ISO dates.
const ORDERS_CSV = [
  'Firm,Location,When,Measure,Act,Facts',
  '株式会社見本商事,東京都千代田区霞が関1-1-1,2025-03-14,Cease and desist order,独占禁止法第3条,入札談合',
  '見本物産株式会社,大阪府大阪市北区中之島1-1,2025-04-02,Surcharge payment order,独占禁止法第7条の2,価格カルテル',
  '有限会社テスト,愛知県名古屋市中区三の丸3-1-2,2025-05-20,Cease and desist order,独占禁止法第19条,優越的地位の濫用',
].join('\n');

test('a CSV in UTF-8 with English headers: each column by its words or its values, the ISO dates read, three records', async () => {
  const proposed = await propose('orders.csv', ORDERS_CSV);
  assert.equal(proposed.exit, 0, proposed.err);
  const source = entry(proposed);
  assert.equal(source.record_kind, 'enforcement');
  assert.equal(source.format, 'csv');
  assert.deepEqual(source.mapping, {
    encoding: 'utf-8',
    columns: {
      company_name: ['Firm'],
      company_address: ['Location'],
      date: ['When'],
      action_type: ['Measure'],
      law: ['Act'],
      summary: ['Facts'],
    },
  });
  assert.match(proposed.text, /^columns: .*date ← 「When」 \(its values are dates\)/mu);
  assert.match(proposed.text, /^values of 「Measure」 \(action_type\): 2 distinct, 2 with a code, 0 TODO$/mu);
  assert.match(proposed.text, /^TODO: 4 in the file: 4 the table cannot tell \(its id, publisher, title, url\)$/mu);
  assert.match(proposed.text, /^3 record\(s\) it would give/mu);
  assert.match(
    proposed.text,
    /^ {2}row 3: 2025-04-02 「見本物産株式会社」 .*: surcharge_payment_order under antimonopoly_act$/mu,
  );
  assert.match(proposed.text, /^0 row\(s\) it would skip$/mu);
});

// The issue's table: five licence actions in Shift_JIS, 営業停止 with its days, dates in five forms.
const ACTIONS_CSV = [
  '業者名,所在地,処分日,処分内容,処分理由',
  '株式会社見本建設,大阪府大阪市中央区大手前2-1-22,令和7年3月14日,営業停止（7日間）,建設業法第28条第1項第2号に該当',
  '見本工務店株式会社,大阪府堺市堺区南瓦町3-1,R7.4.1,営業停止（15日間）,建設業法第28条第1項第3号に該当',
  '有限会社テスト設備,大阪府豊中市中桜塚3-1-1,H31.4.1,指示処分,建設業法第28条第1項に該当',
  '株式会社サンプル土木,大阪府吹田市泉町1-3-40,2025/6/3,許可の取消し,建設業法第29条第1項第5号に該当',
  '見本舗装株式会社,大阪府東大阪市荒本北1-1-1,令和七年七月一日,営業停止（7日間）,建設業法第28条第1項第2号に該当',
].join('\r\n');

test('a Shift_JIS CSV of licence actions: the kind from the days suspended, 営業停止 a code with its days, the sector from the law', async () => {
  const proposed = await propose('kantoku.csv', iconv.encode(ACTIONS_CSV, 'shift_jis'));
  assert.equal(proposed.exit, 0, proposed.err);
  const source = entry(proposed);
  assert.equal(source.record_kind, 'license_action');
  assert.deepEqual(source.mapping, {
    encoding: 'shift_jis',
    columns: {
      company_name: ['業者名'],
      company_address: ['所在地'],
      date: ['処分日'],
      action_type: ['処分内容'],
      reason: ['処分理由'],
    },
    fixed: { sector_code: 'construction' },
    action_types: [
      ['許可の取消し', 'license_revocation'],
      ['営業停止', 'business_suspension_order'],
      ['指示処分', 'instruction_order'],
    ],
  });
  const text = proposed.text;
  assert.match(
    text,
    /^record kind: license_action, as its actions suspend a business for a number of days \(「営業停止（7日間）」\)$/mu,
  );
  assert.match(text, /^values of 「処分内容」 \(action_type\): 4 distinct, 4 with a code, 0 TODO$/mu);
  assert.match(
    text,
    /^ {2}「営業停止」 in 2 values \(3 rows: 「営業停止（7日間）」, 「営業停止（15日間）」\) → business_suspension_order; the rest of each \(「7日間」, 「15日間」\) is the length of its period \(period\), which needs a first day no column gives/mu,
  );
  assert.match(
    text,
    /^fixed: sector_code = construction, named by 「建設業法第28条第1項第2号に該当」 of 「処分理由」$/mu,
  );
  assert.match(text, /^TODO: 4 in the file/mu);
  assert.doesNotMatch(text, /\bas as\b/u);
  // every date form read, the records as the table says
  for (const line of [
    /^ {2}row 2: 2025-03-14 「株式会社見本建設」 .*: business_suspension_order \(construction\)$/mu,
    /^ {2}row 4: 2019-04-01 「有限会社テスト設備」 .*: instruction_order \(construction\)$/mu,
    /^ {2}row 5: 2025-06-03 「株式会社サンプル土木」 .*: license_revocation \(construction\)$/mu,
    /^ {2}row 6: 2025-07-01 「見本舗装株式会社」 .*: business_suspension_order \(construction\)$/mu,
  ])
    assert.match(text, line);
  const asked = await propose('kantoku.csv', iconv.encode(ACTIONS_CSV, 'shift_jis'), '--kind', 'license_action');
  assert.match(asked.text, /^record kind: license_action, as asked for with --kind$/mu);
});

test('a workbook of suspensions: a title above the header, start and end found by their values in date cells and in wareki', async () => {
  const book = buildXlsx([
    {
      name: '一覧',
      rows: [
        ['令和7年度 指名停止措置一覧', null, null, null, null],
        ['商号又は名称', '所在地', '開始', '終了', '理由'],
        ['株式会社見本建設', '兵庫県神戸市中央区下山手通5-10-1', new Date(Date.UTC(2025, 2, 14)), 'R7.6.13', '贈賄'],
        ['見本電気株式会社', '兵庫県姫路市安田4-1', 'H31.4.1', new Date(Date.UTC(2019, 5, 30)), '粗雑工事'],
        ['有限会社テスト舗装', '兵庫県尼崎市東七松町1-23-1', '令和7年5月1日', '令和7年7月31日', '談合'],
      ],
    },
  ]);
  const proposed = await propose('list.xlsx', book);
  assert.equal(proposed.exit, 0, proposed.err);
  const source = entry(proposed);
  assert.equal(source.record_kind, 'procurement_suspension');
  assert.equal(source.format, 'xlsx');
  assert.deepEqual(source.mapping, {
    columns: {
      company_name: ['商号又は名称'],
      company_address: ['所在地'],
      period_from: ['開始'],
      period_to: ['終了'],
      reason: ['理由'],
    },
  });
  assert.match(proposed.text, /^list\.xlsx: an Excel workbook \(xlsx\); header in row 2$/mu);
  assert.match(proposed.text, /as it speaks of suspensions from bidding \(「令和7年度 指名停止措置一覧」\)/u);
  assert.match(proposed.text, /^ {2}「贈賄」 → bribery \(its reason, read from its words when collected\)$/mu);
  assert.match(proposed.text, /^ {2}row 4: 2019-04-01～2019-06-30 「見本電気株式会社」/mu);
  assert.match(proposed.text, /^3 record\(s\) it would give/mu);
});

const BROKERAGE_HTML = `<!DOCTYPE html><html lang="ja"><head><meta charset="UTF-8"><title>監督処分</title></head><body>
<h2>宅地建物取引業者に対する監督処分の状況</h2>
<table>
<tr><th>処分年月日</th><th>事業者名</th><th>主たる事務所の所在地</th><th>免許番号</th><th>処分の内容</th><th>処分の理由</th></tr>
<tr><td>令和七年三月十四日</td><td>株式会社見本不動産</td><td>大阪府大阪市北区梅田1-1-1</td><td>大阪府知事（3）第12345号</td>
  <td>業務停止（令和7年3月28日～令和7年4月26日）</td><td>宅地建物取引業法第65条第2項第2号に該当</td></tr>
<tr><td>H31.4.1</td><td>見本ハウジング有限会社</td><td>大阪府堺市堺区南瓦町3-1</td><td>国土交通大臣（2）第5678号</td>
  <td>指示処分</td><td>宅地建物取引業法第65条第1項に該当</td></tr>
<tr><td>R1.5.7</td><td>テスト住販株式会社</td><td>兵庫県神戸市中央区加納町6-5-1</td><td>大阪府知事（1）第60001号</td>
  <td>免許取消</td><td>宅地建物取引業法第66条第1項第9号に該当</td></tr>
</table></body></html>`;

test("an HTML table: the period an action's words hold read from its column, the sector its heading names", async () => {
  const proposed = await propose('kantoku.html', BROKERAGE_HTML);
  assert.equal(proposed.exit, 0, proposed.err);
  const source = entry(proposed);
  assert.equal(source.record_kind, 'license_action');
  assert.equal(source.url_kind, 'list_page');
  assert.deepEqual(source.mapping, {
    columns: {
      date: ['処分年月日'],
      company_name: ['事業者名'],
      company_address: ['主たる事務所の所在地'],
      permit_number: ['免許番号'],
      action_type: ['処分の内容'],
      period: ['処分の内容'],
      reason: ['処分の理由'],
    },
    fixed: { sector_code: 'real_estate_brokerage' },
    action_types: [
      ['業務停止', 'operations_suspension_order'],
      ['指示処分', 'instruction_order'],
    ],
  });
  const text = proposed.text;
  assert.match(text, /^columns: .*period ← 「処分の内容」 \(the periods its actions name\)/mu);
  assert.match(text, /^ {2}「免許取消」 → license_revocation$/mu);
  assert.match(
    text,
    /^ {2}row 2: 2025-03-14 「株式会社見本不動産」 .*: operations_suspension_order \(real_estate_brokerage\), 2025-03-28～2025-04-26$/mu,
  );
  assert.match(
    text,
    /^ {2}row 3: 2019-04-01 「見本ハウジング有限会社」 .*: instruction_order \(real_estate_brokerage\)$/mu,
  );
  assert.match(text, /^3 record\(s\) it would give/mu);
});

test('a value no code fits is left out of the file and counted, and its rows are said to be skipped until it has one', async () => {
  const csv = `${ACTIONS_CSV}\r\n見本興業株式会社,大阪府大阪市北区1-1,R7.8.1,戒告,建設業法第28条第1項に該当`;
  const proposed = await propose('kantoku.csv', iconv.encode(csv, 'shift_jis'));
  assert.equal(proposed.exit, 0, proposed.err);
  assert.ok(!JSON.stringify(entry(proposed).mapping.action_types).includes('戒告'), 'no pair for 「戒告」');
  assert.match(proposed.text, /^ {4}# no code fits 「戒告」: its rows are skipped until a pair gives one$/mu);
  assert.match(proposed.text, /^values of 「処分内容」 \(action_type\): 5 distinct, 4 with a code, 1 TODO$/mu);
  assert.match(proposed.text, /^ {2}「戒告」 → TODO: names no action_type$/mu);
  assert.match(proposed.text, /^TODO: 4 in the file: 4 the table cannot tell \(its id, publisher, title, url\)$/mu);
  assert.match(
    proposed.text,
    /^and 1 value\(s\) no code fits \(「戒告」\): their rows are skipped until a pair of the file gives their words a code$/mu,
  );
  // one row in six the mapping cannot read is skipped alone, and told with its reason
  assert.match(proposed.text, /^5 record\(s\) it would give/mu);
  assert.match(
    proposed.text,
    /^ {2}skipped row 7: unreadable: column 「処分内容」: '戒告' names no known action_type/mu,
  );
});

// An operator's small list as a new user brings it: 令和 dates, one of them impossible, 営業停止 with its days and a
// law column, no sector column.
const SMALL_LIST = (law: boolean) =>
  [
    `業者名,所在地,処分年月日,処分内容${law ? ',根拠法令' : ''}`,
    ...Array.from({ length: 10 }, (_, i) =>
      [
        `株式会社見本不動産${i + 1}`,
        `大阪府大阪市北区梅田${i + 1}-1`,
        i === 3 ? '令和7年2月30日' : `令和7年${i + 1}月${i + 3}日`,
        '営業停止 7日間',
        ...(law ? ['宅地建物取引業法第65条第2項'] : []),
      ].join(','),
    ),
  ].join('\n');

test('a law column is read for the sector its law regulates, and the row that cannot be read is told on the first run', async () => {
  const proposed = await propose('takken.csv', SMALL_LIST(true));
  assert.equal(proposed.exit, 0, proposed.err);
  assert.deepEqual(entry(proposed).mapping?.columns.sector, ['根拠法令']);
  assert.deepEqual(entry(proposed).mapping?.sectors, [['宅地建物取引業', 'real_estate_brokerage']]);
  assert.doesNotMatch(proposed.text, /^unmapped: 「根拠法令」/mu);
  assert.doesNotMatch(proposed.text, /needs: sector/u);
  assert.match(proposed.text, /^9 record\(s\) it would give/mu);
  assert.match(
    proposed.text,
    /^ {2}skipped row 5: unreadable: column 「処分年月日」: '令和7年2月30日'.*has no day 30/mu,
  );
});

test('a list still needing a value (--fixed) has its unreadable rows told all the same', async () => {
  const proposed = await propose('nolaw.csv', SMALL_LIST(false));
  assert.equal(proposed.exit, 0, proposed.err);
  assert.match(
    proposed.text,
    /^needs: sector, which a license_action must have \(.*\): no column's header names it \(業種, .*\); name the column that holds it with --column sector=HEADER \(of this table's: 「処分内容」 \(read as action_type\)\), or give every record one with --fixed sector_code=CODE \(a code of GET \/api\/v1\/vocabularies, `sector`\)$/mu,
  );
  assert.match(proposed.text, /^1 row\(s\) it would skip, whatever gives sector_code$/mu);
  assert.match(proposed.text, /^ {2}skipped row 5: unreadable: column 「処分年月日」: '令和7年2月30日'/mu);
  assert.doesNotMatch(proposed.text, /skipped row (?!5)/u, 'no other row');
});

test('what no column gives and no fixed value can is said with the columns that could give it (an enforcement, never "a enforcement")', async () => {
  const proposed = await propose('orders.csv', 'Firm,When,Measure,Act\n株式会社見本,2025-03-14,勧告,独占禁止法第3条\n');
  assert.equal(proposed.exit, 0, proposed.err);
  assert.match(
    proposed.text,
    /^needs: summary, which an enforcement must have \(what was done, in the publisher's words: an enforcement's account of its case\): no column's header names it \(事案概要, 事案の概要, 違反内容, 違反の概要, …\); name the column that holds it with --column summary=HEADER \(of this table's: 「Measure」 \(read as action_type\), 「Act」 \(read as law\)\)$/mu,
  );
  assert.match(
    proposed.text,
    /^TODO: 5 in the file: .*; 1 column\(s\) to name \(summary: the needs above say how\)$/mu,
  );
  assert.match(proposed.text, /^0 row\(s\) it would skip, whatever gives summary$/mu);
  const dated = await propose('orders.csv', 'Firm,Measure,Act,Facts\n株式会社見本,勧告,独占禁止法第3条,入札談合\n');
  assert.match(
    dated.text,
    /^needs: date, which an enforcement must have \(the day of the action, .*\): no column's header names it \(.*\), and no other column of its can give it: this table cannot be an enforcement list as it is$/mu,
  );
  assert.match(dated.text, /^1 data row\(s\) under the header; no record until date has a value/mu);
});
