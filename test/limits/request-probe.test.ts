import { test } from 'node:test';
import assert from 'node:assert/strict';
import { probeRequest } from '../../src/limits/request-probe.js';

test('terms are normalised as the search normalises them', () => {
  const same = [
    { q: 'トヨタ自動車株式会社' },
    { q: 'トヨタ自動車' },
    { company: '（株）トヨタ自動車' },
    { q: ' ﾄﾖﾀ自動車 ' },
  ];
  const [first, ...rest] = same.map((query) => probeRequest(query).terms);
  for (const terms of rest) assert.deepEqual(terms, first);
  assert.equal(first!.length, 1);
  assert.notDeepEqual(probeRequest({ q: 'ホンダ' }).terms, first);
});

test('Corporate Numbers are one term however written, and their 12-digit bases are read, valid check digit or not', () => {
  const forms = [
    { corporate_number: '1180301018771' },
    { q: 'T1180-3010-18771' },
    { company: '１１８０３０１０１８７７１' },
  ];
  const probes = forms.map((query) => probeRequest(query));
  for (const probe of probes) {
    assert.deepEqual(probe.terms, probes[0]!.terms);
    assert.deepEqual(probe.bases, [180301018771]);
  }
  assert.deepEqual(
    probeRequest({ corporate_number: '2180301018771' }).bases,
    [180301018771],
    'a wrong check digit still counts',
  );
  assert.deepEqual(probeRequest({ corporate_number: '12345' }).bases, [], 'not 13 digits: a term, no base');
  assert.equal(probeRequest({ corporate_number: '12345' }).terms.length, 1);
});

test('several parameters, repeats and empty values', () => {
  const probe = probeRequest({
    q: 'トヨタ',
    company: 'ホンダ',
    corporate_number: '1180301018771',
    law: 'a slice',
    limit: '3',
  });
  assert.equal(probe.terms.length, 4, 'three names and the slice of the law');
  assert.deepEqual(probe.bases, [180301018771]);
  assert.equal(probeRequest({ q: ['a', 'b', 'a'] }).terms.length, 2, 'a parameter given twice gives both values');
  assert.deepEqual(probeRequest({ q: '   ', company: '' }), { terms: [], bases: [] });
  assert.deepEqual(probeRequest(undefined), { terms: [], bases: [] });
});

test('the terms kept are hashes, not the search text', () => {
  const [term] = probeRequest({ q: 'トヨタ' }).terms;
  assert.match(term!, /^[A-Za-z0-9_-]{16}$/u);
});

test('path parameters of a look-up route are read too: a Corporate Number as a number, an id as a term of its own', () => {
  const byPath = probeRequest({}, { corporate_number: '1180301018771' });
  assert.deepEqual(byPath, probeRequest({ corporate_number: '1180301018771' }));
  const record = probeRequest({}, { id: 'enf-1180301018771' });
  assert.equal(record.terms.length, 1);
  assert.deepEqual(record.bases, []);
  assert.notDeepEqual(probeRequest({}, { id: '1180301018771' }).terms, byPath.terms, 'an id is never a number');
  assert.deepEqual(probeRequest({ q: 'x' }, { other: 'y' }), probeRequest({ q: 'x' }), 'other path parameters are not');
});

test('issue 79: the filters that slice the dataset without naming anything are one term a combination', () => {
  const window = (from: string, to: string, more: Record<string, string> = {}) =>
    probeRequest({ from, to, ...more }).terms;
  assert.equal(window('2024-01-01', '2024-03-31').length, 1, 'a date window is a term');
  assert.notDeepEqual(window('2024-01-01', '2024-03-31'), window('2024-04-01', '2024-06-30'), 'another is another');
  assert.deepEqual(
    window('2024-01-01', '2024-03-31', { page: '3', limit: '5', format: 'atom' }),
    window('2024-01-01', '2024-03-31'),
    'paging one answer, or reading it as a feed, asks the same term',
  );
  assert.notDeepEqual(window('2024-01-01', '2024-03-31', { authority: 'jftc' }), window('2024-01-01', '2024-03-31'));
  assert.deepEqual(probeRequest({ authority: 'JFTC ' }).terms, probeRequest({ authority: 'jftc' }).terms);
  // a name and a slice: two terms, the name's the same as without the slice
  const named = probeRequest({ q: 'トヨタ', from: '2024-01-01', to: '2024-03-31' }).terms;
  assert.equal(named.length, 2);
  assert.ok(named.includes(probeRequest({ q: 'トヨタ' }).terms[0]!));
  assert.deepEqual(probeRequest({ limit: '5', page: '2' }).terms, [], 'no filter, no term');
});
