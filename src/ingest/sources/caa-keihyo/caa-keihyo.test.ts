// Golden tests of the Consumer Affairs Agency's FY2024 index of 景品表示法 releases (test/fixtures/government/caa), and the
// reading of release titles of other years, written here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { parse as parseCaaKeihyoHtml } from './parser.js';
import { readReleaseTitle } from './release-title.js';
import { caaFiscalYears } from './source.js';
import { sourceRegistry } from '../../registry/source-registry.js';
import type { EnforcementInput } from '../../../domain/records/record-input.js';
import { sharedData } from '../../../../test/helpers/shared-data.js';

const INDEX_URL = 'https://www.caa.go.jp/policies/policy/representation/fair_labeling/release/2024/';

function parse(file: string) {
  return parseCaaKeihyoHtml(new Uint8Array(fs.readFileSync(sharedData(`caa/${file}`))), {
    source: sourceRegistry().get('caa-keihyo-actions')!,
    url: INDEX_URL,
    retrieved_at: '2026-11-20T00:00:00Z',
  });
}

test('FY2024 index: 25 releases, 22 records; the 注意喚起 and the two titles naming no company are left out with a warning', () => {
  const outcome = parse('keihyo_release_2024_index.main.html');
  assert.ok(outcome.ok, !outcome.ok ? outcome.error : '');
  const records = outcome.records as EnforcementInput[];
  const count = (action: string) => records.filter((r) => r.action_type === action).length;
  // The titles say 措置命令 16 times (two against 「販売事業者2社」「3社」 whom the title does not name), 課徴金納付命令 7
  // times, 確約計画の認定 once; test/fixtures/government/README.md counts 15 and 8, which the titles do not bear out.
  assert.deepEqual(
    [records.length, count('measures_order'), count('surcharge_payment_order'), count('commitment_plan_approval')],
    [22, 14, 7, 1],
  );
  assert.deepEqual(
    outcome.skipped_rows.map((s) => [s.row, s.reason.replace(/^the release /u, '')]),
    [
      [6, 'names no company in its title'],
      [12, 'names no company in its title'],
      [13, 'is not an order or an approval'],
    ],
  );
  assert.match(outcome.skipped_rows[2]!.text!, /注意喚起/u, 'with the release title as its text');
  assert.deepEqual(outcome.period, { from: '2024-04-26', to: '2025-03-27' });
  for (const r of records) {
    assert.deepEqual([r.authority, r.law, r.kind], ['caa', 'premiums_and_representations_act', 'enforcement']);
    assert.equal(r.source.published_on, r.date);
    assert.equal(r.summary, r.source.title);
    assert.match(r.source.url, /^https:\/\/www\.caa\.go\.jp\/notice\/entry\/\d{6}\/$/u);
  }
});

test('records field by field as the index gives them', () => {
  const outcome = parse('keihyo_release_2024_index.main.html');
  const records = (outcome.ok ? outcome.records : []) as EnforcementInput[];
  const rohto = records.find((r) => r.company.name === 'ロート製薬株式会社')!;
  assert.deepEqual(
    [rohto.date, rohto.action_type, rohto.source.url, rohto.summary],
    [
      '2025-03-25',
      'measures_order',
      'https://www.caa.go.jp/notice/entry/041488/',
      'ロート製薬株式会社に対する景品表示法に基づく措置命令について',
    ],
  );
  const caname = records.find((r) => r.action_type === 'commitment_plan_approval')!;
  assert.deepEqual(
    [caname.company.name, caname.date],
    ['caname株式会社', '2025-02-26'],
    '「caname株式会社から申請があった確約計画の認定について」',
  );
  const wecars = records.find((r) => r.company.name.includes('WECARS'))!;
  assert.equal(
    wecars.company.name,
    '株式会社WECARS',
    'the words after に対する (the parenthesis naming ビッグモーター) are not a company',
  );
  const surcharge = records.find((r) => r.company.name === '北海道電力株式会社')!;
  assert.deepEqual([surcharge.date, surcharge.action_type], ['2024-12-03', 'surcharge_payment_order']);
  assert.equal(new Set(records.map((r) => r.source_key)).size, records.length);
});

test('a single release page is not an index: a clear failure', () => {
  const outcome = parse('entry_041488_sochi_meirei.main.html');
  assert.equal(outcome.ok, false);
  assert.match(!outcome.ok ? outcome.error : '', /not a yearly index/u);
});

test('titles of other years: several companies, legal forms before or after, a name holding 及び, no company', () => {
  const cases: readonly (readonly [string, string | null, readonly string[]])[] = [
    ['A株式会社及び株式会社Bに対する景品表示法に基づく措置命令について', 'measures_order', ['A株式会社', '株式会社B']],
    [
      '見本商事株式会社、架空食品株式会社並びに合同会社試作に対する景品表示法に基づく課徴金納付命令について',
      'surcharge_payment_order',
      ['見本商事株式会社', '架空食品株式会社', '合同会社試作'],
    ],
    ['株式会社山田及び田中に対する景品表示法に基づく措置命令について', 'measures_order', ['株式会社山田及び田中']],
    ['ＡＢＣ株式会社に対する景品表示法に基づく措置命令について', 'measures_order', ['ＡＢＣ株式会社']],
    ['（株）見本から申請があった確約計画の認定について', 'commitment_plan_approval', ['（株）見本']],
    ['健康食品の販売事業者5社に対する景品表示法に基づく措置命令について', 'measures_order', []],
    ['機能性表示食品に関する注意喚起について', null, []],
  ];
  for (const [title, action, companies] of cases)
    assert.deepEqual(readReleaseTitle(title), { action, companies }, title);
});

test('the registry reads every fiscal year from FY2021 to the current one (April to March)', () => {
  assert.deepEqual(caaFiscalYears(new Date('2026-11-22T00:00:00Z')), [2026, 2025, 2024, 2023, 2022, 2021]);
  assert.deepEqual(caaFiscalYears(new Date('2027-03-31T00:00:00Z')), [2026, 2025, 2024, 2023, 2022, 2021]);
  assert.deepEqual(caaFiscalYears(new Date('2027-04-01T00:00:00Z'))[0], 2027);
});
