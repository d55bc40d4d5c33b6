import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ftsPhrase, planCompanySearch, prefixUpperBound } from '../../src/domain/company-search-plan.js';

test('a 13-digit query is a Corporate Number look-up, valid or not', () => {
  assert.deepEqual(planCompanySearch('T1180301018771'), { kind: 'corporate_number', number: '1180301018771' });
  assert.deepEqual(planCompanySearch('2180301018771'), { kind: 'invalid_corporate_number', input: '2180301018771' });
});

test('a name query gives normalised keys and the legal form it named', () => {
  assert.deepEqual(planCompanySearch('トヨタ自動車株式会社'), { kind: 'terms', keys: ['トヨタ自動車'], legalForm: '株式会社' });
  assert.deepEqual(planCompanySearch('とよた'), { kind: 'terms', keys: ['トヨタ'], legalForm: null });
  const latin = planCompanySearch('Toyota Jidōsha');
  assert.equal(latin.kind, 'terms');
  assert.ok(latin.kind === 'terms' && latin.keys.includes('toyotajidosha'));
});

test('a query of punctuation only plans nothing', () => {
  assert.deepEqual(planCompanySearch('・・・'), { kind: 'nothing' });
});

test('FTS phrases quote every token so no input is read as FTS syntax', () => {
  assert.equal(ftsPhrase('abc'), '"abc"');
  assert.equal(ftsPhrase('a"b OR c*'), '"a""b OR c*"');
  assert.ok(prefixUpperBound('abc') > 'abczzzz');
  assert.ok(prefixUpperBound('abc') > 'abc漢字');
});
