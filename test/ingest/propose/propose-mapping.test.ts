// A table no source reads, mapped by `sources propose` (pure): each column by its header's words or by its values,
// the record kind from the columns and the values, each coded value with its code and what its words say beyond it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headerWords } from '../../../src/ingest/propose/header-words.js';
import { proposeMapping, type ProposedMapping } from '../../../src/ingest/propose/propose-mapping.js';
import { fieldOfValues } from '../../../src/ingest/propose/column-values.js';
import { codeOfWords } from '../../../src/ingest/propose/vocabulary-words.js';
import { enforcementActionTypes, licenseActionTypes, sectors } from '../../../src/domain/vocabularies/enums.js';
import type { Vocabulary } from '../../../src/domain/vocabulary.js';

// the common words alone: a table is mapped as it would be by a registry with no table sources
const WORDS = headerWords([]);

function proposed(rows: readonly (readonly string[])[], kind?: 'license_action'): ProposedMapping {
  const proposal = proposeMapping(rows, WORDS, { kind });
  assert.ok(proposal, 'a mapping is proposed');
  return proposal;
}

/** Each field with its column's header, in the table's order. */
function fields(proposal: ProposedMapping): Record<string, string> {
  return Object.fromEntries([...proposal.columns].map(([field, c]) => [field, proposal.headers[c] ?? '']));
}

const NAMES = ['株式会社見本建設', '見本工務店株式会社', '有限会社テスト', '株式会社サンプル', '（株）見本'];

// every form a Japanese list writes a date in: ISO, wareki in full, its era's first year, abbreviated eras (R, H, 令),
// full-width digits, kanji numerals, a weekday after it, a western date with slashes or 年月日
const DATE_FORMS: readonly (readonly [string, readonly string[]])[] = [
  ['ISO', ['2025-03-14', '2025-04-01', '2019-04-01', '2025-06-03', '2025-07-01']],
  ['wareki', ['令和7年3月14日', '令和7年4月1日', '平成31年4月1日', '令和元年5月1日', '令和7年7月1日']],
  ['abbreviated wareki', ['R7.3.14', 'R7.4.1', 'H31.4.1', 'R1.5.7', '令7.7.1']],
  ['full-width', ['令和７年３月１４日', '２０２５年４月１日', 'Ｈ３１．４．１', 'Ｒ７．６．３', '２０２５／７／１']],
  [
    'kanji numerals',
    ['令和七年三月十四日', '令和七年四月一日', '平成三十一年四月一日', '令和元年五月七日', '令和七年七月一日'],
  ],
  ['western with a weekday', ['2025/3/14(金)', '2025年4月1日(火)', '2019/4/1', '2025/6/3', '2025年7月1日']],
];

test('a date column is found by its values in every form, under a header of no known word, and by its header word', async (t) => {
  for (const [form, dates] of DATE_FORMS) {
    await t.test(form, () => {
      const rows = [
        ['商号又は名称', '所在地', 'いつ'],
        ...NAMES.map((name, i) => [name, '大阪府大阪市北区1-1', dates[i]!]),
      ];
      const byValues = proposed(rows);
      assert.deepEqual(fields(byValues), { company_name: '商号又は名称', company_address: '所在地', date: 'いつ' });
      assert.equal(byValues.found_by_values.get('date'), 'its values are dates');
      const byWord = proposed([['商号又は名称', '所在地', '処分日'], ...rows.slice(1)]);
      assert.equal(fields(byWord).date, '処分日');
      assert.equal(byWord.found_by_values.has('date'), false, 'its header word found it');
      assert.equal(fieldOfValues(dates), 'date');
    });
  }
});

test("a date column dating the list (最終更新日) is not the records' date, nor is a title row or a data row a header", () => {
  const rows = [
    ['令和7年度 処分一覧', '', '', ''],
    ['業者名', '最終更新日', '処分を行った日', '処分内容'],
    ...NAMES.map((name) => [name, '令和7年8月1日', 'R7.3.14', '指示']),
  ];
  const proposal = proposed(rows);
  assert.equal(proposal.header_row, 2);
  assert.equal(fields(proposal).date, '処分を行った日');
  assert.ok(proposal.unmapped.includes('「最終更新日」'), proposal.unmapped.join());
});

test('English headers: words matched whole (「Act」 is a law, 「Facts」 a summary, neither an action), dates by values', () => {
  const rows = [
    ['Firm', 'Location', 'When', 'Measure', 'Act', 'Facts'],
    [
      '株式会社見本商事',
      '東京都千代田区霞が関1-1-1',
      '2025-03-14',
      'Cease and desist order',
      '独占禁止法第3条',
      '入札談合',
    ],
    [
      '見本物産株式会社',
      '大阪府大阪市北区中之島1-1',
      '2025-04-02',
      'Surcharge payment order',
      '独占禁止法第7条の2',
      '価格カルテル',
    ],
  ];
  const proposal = proposed(rows);
  assert.deepEqual(fields(proposal), {
    company_name: 'Firm',
    company_address: 'Location',
    date: 'When',
    action_type: 'Measure',
    law: 'Act',
    summary: 'Facts',
  });
  assert.equal(proposal.kind, 'enforcement');
  assert.match(proposal.kind_why, /only an enforcement takes \(「Cease and desist order」: cease_and_desist_order\)/u);
});

test('the record kind from the columns and the values, and why', async (t) => {
  const table = (header: readonly string[], ...rows: (readonly string[])[]) => [header, ...rows];
  const cases: readonly (readonly [string, (readonly string[])[], string, RegExp])[] = [
    [
      'days of a business suspended',
      table(
        ['業者名', '処分日', '処分内容'],
        ['株式会社見本', 'R7.3.14', '営業停止（7日間）'],
        ['見本株式会社', 'R7.4.1', '営業停止（15日間）'],
      ),
      'license_action',
      /suspend a business for a number of days \(「営業停止（7日間）」\)/u,
    ],
    [
      'a permit number, by its values under a header of its own',
      table(['業者名', '処分日', '番号'], ['株式会社見本', 'R7.3.14', '大阪府知事許可（般-5）第12345号']),
      'license_action',
      /permit number column \(「番号」\)/u,
    ],
    [
      'an action only a licence takes',
      table(['業者名', '処分日', '処分内容'], ['株式会社見本', 'R7.3.14', '改善命令']),
      'license_action',
      /only a licence takes \(「改善命令」: improvement_order\)/u,
    ],
    [
      'an action only an enforcement takes',
      table(['業者名', '公表日', '措置内容'], ['株式会社見本', 'R7.3.14', '勧告']),
      'enforcement',
      /only an enforcement takes \(「勧告」: recommendation\)/u,
    ],
    [
      'a suspension from bidding, by the title',
      [['指名停止措置一覧'], ['業者名', '開始', '終了', '理由'], ['株式会社見本', 'R7.3.14', 'R7.6.13', '贈賄']],
      'procurement_suspension',
      /suspensions from bidding \(「指名停止措置一覧」\)/u,
    ],
    [
      'a period column and nothing else',
      table(['業者名', '期間', '理由'], ['株式会社見本', 'R7.3.14～R7.6.13', '粗雑工事']),
      'procurement_suspension',
      /a period column \(「期間」\) and no permit number/u,
    ],
    [
      'a licence revoked, and no period',
      table(['業者名', '処分日', '処分内容'], ['株式会社見本', 'R7.3.14', '許可の取消し']),
      'license_action',
      /act on a licence, permit or registration \(「許可の取消し」: license_revocation\)/u,
    ],
    [
      'nothing says otherwise',
      table(
        ['業者名', '公表日', '違反法条', '事案概要'],
        ['株式会社見本', 'R7.3.14', '労働基準法第32条', '違法な時間外労働'],
      ),
      'enforcement',
      /^nothing in it says otherwise/u,
    ],
  ];
  for (const [name, rows, kind, why] of cases) {
    await t.test(name, () => {
      const proposal = proposed(rows);
      assert.equal(proposal.kind, kind);
      assert.match(proposal.kind_why, why);
    });
  }
  const asked = proposed(cases[0]![1], 'license_action');
  assert.equal(asked.kind_why, 'asked for with --kind');
});

test('two date columns of a suspension list are its start and end; a period of lengths alone is no period', () => {
  const suspension = proposed([
    ['指名停止措置一覧'],
    ['業者名', '自', '至', '理由'],
    ['株式会社見本', 'R7.3.14', 'R7.6.13', '贈賄'],
    ['見本株式会社', '令和7年4月1日', '令和7年4月30日', '粗雑工事'],
  ]);
  assert.deepEqual(fields(suspension), { company_name: '業者名', period_from: '自', period_to: '至', reason: '理由' });
  const lengths = proposed([
    ['業者名', '処分日', '処分内容', '処分期間'],
    ['株式会社見本', 'R7.3.14', '営業停止', '7日間'],
    ['見本株式会社', 'R7.4.1', '営業停止', '15日間'],
  ]);
  assert.equal(lengths.columns.has('period'), false);
  assert.ok(lengths.unmapped.includes('「処分期間」 (period: its cells are lengths, 7日間, with no first day)'));
});

test('each action value with the code its words name, and what they say beyond it: a length, a period, words', () => {
  const proposal = proposed([
    ['業者名', '処分日', '許可番号', '処分内容'],
    ['株式会社見本', 'R7.3.14', '第1号', '営業停止（7日間）'],
    ['見本株式会社', 'R7.4.1', '第2号', '営業停止（15日間）'],
    ['株式会社テスト', 'R7.5.1', '第3号', '営業停止（令和7年5月26日～令和7年6月9日）'],
    ['テスト株式会社', 'R7.5.2', '第4号', '許可の取消し'],
    ['有限会社見本', 'R7.5.3', '第5号', '営業停止及び指示'],
    ['見本有限会社', 'R7.5.4', '第6号', '戒告'],
  ]);
  const actions = proposal.values.find((v) => v.field === 'action_type');
  assert.ok(actions);
  assert.deepEqual(
    actions.values.map((v) => [v.value, v.codes, v.words, v.rest.kind, v.note ?? null]),
    [
      ['営業停止（7日間）', ['business_suspension_order'], '営業停止', 'length', null],
      ['営業停止（15日間）', ['business_suspension_order'], '営業停止', 'length', null],
      ['営業停止（令和7年5月26日～令和7年6月9日）', ['business_suspension_order'], '営業停止', 'period', null],
      ['許可の取消し', ['license_revocation'], '許可の取消し', 'none', null],
      ['営業停止及び指示', [], '営業停止及び指示', 'none', 'names business_suspension_order and instruction_order'],
      ['戒告', [], '戒告', 'none', 'names no action_type'],
    ],
  );
  // a period its action's words hold is read from the action's column
  assert.equal(proposal.columns.get('period'), proposal.columns.get('action_type'));
});

test('the words of a code: its label, the aliases publishers write, English in any case; the longest wins', () => {
  const cases: readonly (readonly [string, Vocabulary, string | null])[] = [
    ['営業停止（7日間）', licenseActionTypes, 'business_suspension_order'],
    ['業務の一部停止命令', licenseActionTypes, 'operations_suspension_order'],
    ['建設業許可の取消し', licenseActionTypes, 'license_revocation'],
    ['登録取消', licenseActionTypes, 'registration_revocation'],
    ['業務改善命令', enforcementActionTypes, 'business_improvement_order'],
    ['改善命令', licenseActionTypes, 'improvement_order'],
    ['改善命令', enforcementActionTypes, null],
    ['CEASE AND DESIST ORDER', enforcementActionTypes, 'cease_and_desist_order'],
    ['R1.5.30送致', enforcementActionTypes, 'prosecution_referral'],
    ['宅建業', sectors, 'real_estate_brokerage'],
    ['戒告', licenseActionTypes, null],
  ];
  for (const [cell, vocabulary, code] of cases) {
    const found = codeOfWords(cell, vocabulary);
    assert.equal(found.kind === 'code' ? found.code : null, code, cell);
  }
});

test('the values of a table fix what no column gives: a sector its laws or permits name, one law its summaries cite', () => {
  const construction = proposed([
    ['業者名', '処分日', '許可番号', '処分内容'],
    ['株式会社見本', 'R7.3.14', '大阪府知事許可（般-5）第12345号', '指示'],
  ]);
  assert.deepEqual(
    construction.fixed.map((f) => [f.field, f.code]),
    [['sector_code', 'construction']],
  );
  assert.deepEqual(construction.needs, []);
  const twoSectors = proposed([
    ['業者名', '処分日', '許可番号', '処分内容', '処分理由'],
    ['株式会社見本', 'R7.3.14', '第1号', '指示', '建設業法第28条'],
    ['見本株式会社', 'R7.3.15', '第2号', '指示', '宅地建物取引業法第65条'],
  ]);
  assert.deepEqual(twoSectors.fixed, [], 'two sectors named: none is fixed');
  assert.deepEqual(twoSectors.needs, ['sector']);
});
