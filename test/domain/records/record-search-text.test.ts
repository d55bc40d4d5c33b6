// Tests for src/domain/records/record-search-text.ts: the short grams of a record's search text, and their version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TERMS_VERSION } from '../../../src/domain/companies/company-terms.js';
import {
  RECORD_TEXT_VERSION,
  recordSearchGrams,
  recordSearchText,
  recordTextVersion,
} from '../../../src/domain/records/record-search-text.js';

const grams = (text: string) => new Set(recordSearchGrams(text).split(' '));

const CASES: { text: string; has: string[]; lacks: string[]; why: string }[] = [
  {
    text: '入札談合',
    has: ['入', '入札', '札談', '談合', '合'],
    lacks: ['入札談'],
    why: 'every one- and two-character gram, nothing longer',
  },
  { text: '東レ株式会社\n指示処分', has: ['東レ', '指示'], lacks: ['社指'], why: 'no gram across two lines' },
  {
    text: '下請 代金（不払い）',
    has: ['請代', '金不'],
    lacks: ['（', ' '],
    why: 'white space and punctuation dropped within a line',
  },
  { text: 'Fair Trade', has: ['Fa', 'ir', 'rT'], lacks: ['Fair'], why: 'Latin kept as written; the index folds case' },
];

for (const { text, has, lacks, why } of CASES) {
  test(`recordSearchGrams(${JSON.stringify(text)}): ${why}`, () => {
    const found = grams(text);
    for (const gram of has) assert.ok(found.has(gram), gram);
    for (const gram of lacks) assert.ok(!found.has(gram), gram);
  });
}

test('blank lines give no grams', () => {
  assert.equal(recordSearchGrams('\n・\n'), '');
});

test('the grams cover the company name, summary and labels of the search text', () => {
  const text = recordSearchText({
    kind: 'enforcement',
    company: { name: '東レ株式会社', name_en: null },
    authority: 'jftc',
    summary: '再発防止を指示した',
    summary_en: null,
    law_detail: null,
    laws: ['antimonopoly_act'],
    action_type: 'cease_and_desist_order',
  });
  const found = grams(text);
  for (const gram of ['東レ', '指示', '公取', '独禁', '命令']) assert.ok(found.has(gram), gram);
});

test('the stored version changes with either the record text version or the terms version', () => {
  assert.equal(recordTextVersion(), `${RECORD_TEXT_VERSION}.${TERMS_VERSION}`);
});
