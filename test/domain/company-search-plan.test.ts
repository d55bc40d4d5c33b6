import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ftsPhrase, planCompanySearch, prefixUpperBound } from '../../src/domain/company-search-plan.js';
import { romajiKey } from '../../src/domain/romanize.js';

test('a 13-digit query is a Corporate Number look-up, valid or not, however it is written', () => {
  const cases: [string, string][] = [
    ['T1180301018771', '1180301018771'],
    ['１１８０３０１０１８７７１', '1180301018771'],
    ['1180-3010-18771', '1180301018771'],
    ['1 180301 018771', '1180301018771'],
    ['Ｔ１１８０３０１０１８７７１', '1180301018771'],
  ];
  for (const [q, number] of cases) assert.deepEqual(planCompanySearch(q), { kind: 'corporate_number', number }, q);
  assert.deepEqual(planCompanySearch('2180301018771'), { kind: 'invalid_corporate_number', input: '2180301018771' });
});

test('a name query gives normalised keys and the legal form it named', () => {
  const cases: [string, string[], string | null][] = [
    ['トヨタ自動車株式会社', ['トヨタ自動車'], 'kabushiki_kaisha'],
    ['（株）トヨタ自動車', ['トヨタ自動車'], 'kabushiki_kaisha'],
    ['㈲トヨタ', ['トヨタ'], 'yugen_kaisha'],
    ['とよた', ['トヨタ'], null],
    ['ﾄﾖﾀ', ['トヨタ'], null],
    ['花', ['花'], null],
    ['Kaiwa Shipping Co., Ltd.', ['kaiwashipping', romajiKey('Kaiwa Shipping')], 'kabushiki_kaisha'],
    ['Toyota Jidōsha', ['toyotajidōsha', 'toyotazidosya'], null],
    ['ＮＥＣ', ['nec'], null],
  ];
  for (const [q, keys, legalForm] of cases) assert.deepEqual(planCompanySearch(q), { kind: 'terms', keys, legalForm }, q);
});

test('a query of punctuation or a bare legal form plans nothing it should not', () => {
  assert.deepEqual(planCompanySearch('・・・'), { kind: 'nothing' });
  assert.deepEqual(planCompanySearch('株式会社'), { kind: 'terms', keys: ['株式会社'], legalForm: null });
});

test('FTS phrases quote every token so no input is read as FTS syntax', () => {
  assert.equal(ftsPhrase('abc'), '"abc"');
  assert.equal(ftsPhrase('a"b OR c*'), '"a""b OR c*"');
  assert.equal(ftsPhrase('NEAR(a b)'), '"NEAR(a b)"');
  assert.ok(prefixUpperBound('abc') > 'abczzzz');
  assert.ok(prefixUpperBound('abc') > 'abc漢字');
});
