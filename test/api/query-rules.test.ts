// The contract's query rules: how a query string is read before the schema (bulk access, unknown and repeated
// parameters, blank values, whole numbers), and what a record query's values mean beside each other after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCompaniesQuery, checkRecordQuery, readQueryString } from '../../src/api/query-rules.js';
import { ApiError } from '../../src/api/errors.js';

/** The code of the refusal of a record query, or its checked filters. */
function checked(kind: Parameters<typeof checkRecordQuery>[0], params: Record<string, string>): string | object {
  try {
    return checkRecordQuery(kind, params).filters;
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return `${error.code} ${error.details?.parameter ?? ''}`.trim();
  }
}

test('a record query after its schema: values by their kind, the rules between them, at least one filter', () => {
  const cases: [Parameters<typeof checkRecordQuery>[0], Record<string, string>, string | object][] = [
    ['enforcement', { authority: '公正取引委員会' }, { authority: 'jftc' }],
    ['enforcement', { authority: 'ＪＦＴＣ', limit: '3' }, { authority: 'jftc' }],
    ['enforcement', { authority: 'nobody' }, 'invalid_parameter authority'],
    ['enforcement', { corporate_number: 'T1180-3010-18771' }, { corporate_number: '1180301018771' }],
    ['enforcement', { corporate_number: '2180301018771' }, 'invalid_corporate_number corporate_number'],
    ['enforcement', { q: 'x', include_predecessors: 'true' }, 'invalid_parameter include_predecessors'],
    ['license_action', { from: '2025-03-01', to: '2025-02-01' }, 'invalid_parameter from'],
    ['license_action', { from: '2025-01-01', to: '2026-01-02' }, { from: '2025-01-01', to: '2026-01-02' }],
    ['license_action', { from: '2024-01-01', to: '2025-01-02' }, 'missing_filter'],
    ['license_action', { from: '2025-01-01' }, 'missing_filter'],
    ['procurement_suspension', { prefecture: '13', listing: 'listed' }, 'missing_filter'],
    ['procurement_suspension', { q: 'a', prefecture: '東京都' }, { q: 'a', prefecture: '13' }],
  ];
  for (const [kind, params, expected] of cases)
    assert.deepEqual(checked(kind, params), expected, `${kind} ${JSON.stringify(params)}`);
});

test('a missing filter names the filters to give, and says what only narrows', () => {
  try {
    checkRecordQuery('enforcement', { listing: 'listed' });
    assert.fail('should throw');
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'missing_filter');
    assert.match(error.message, /listing only narrows the others/u);
    assert.ok(error.details?.filters?.includes('company'));
  }
});

test('a company search reads its prefecture as a code', () => {
  assert.deepEqual(checkCompaniesQuery({}), {});
  assert.deepEqual(checkCompaniesQuery({ prefecture: '北海道' }), { prefectureCode: '01' });
  assert.throws(() => checkCompaniesQuery({ prefecture: 'Atlantis' }), /not a known value/u);
});

const allowed = new Set(['q', 'limit', 'page']);

function codeOf(raw: Record<string, unknown>): string {
  try {
    readQueryString(raw, allowed, new Set(['limit', 'page']));
    return 'ok';
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error.code;
  }
}

test('the contract query rules, in order', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ q: 'a' }, 'ok'],
    [{ offset: '10' }, 'bulk_access_not_provided'],
    [{ q: 'a', cursor: '' }, 'bulk_access_not_provided'],
    [{ q: 'a', sort: 'x' }, 'unknown_parameter'],
    [{ q: ['a', 'b'] }, 'invalid_parameter'],
    [{ q: 'a', limit: ['1', '2'] }, 'invalid_parameter'],
    [{ q: 'a', limit: '5' }, 'ok'],
    [{ q: 'a', limit: '1e1' }, 'invalid_parameter'],
    [{ q: 'a', limit: '0x0A' }, 'invalid_parameter'],
    [{ q: 'a', page: '+2' }, 'invalid_parameter'],
  ];
  for (const [raw, expected] of cases) assert.equal(codeOf(raw), expected, JSON.stringify(raw));
});

test('empty and whitespace-only values are treated as absent; others are given as sent, for the schema to measure', () => {
  assert.deepEqual(readQueryString({ q: '  トヨタ ', limit: '', page: '　' }, allowed), { q: '  トヨタ ' });
  assert.equal(codeOf({ q: 'a', limit: ' 5' }), 'invalid_parameter');
});

test('unknown parameters are named in details', () => {
  try {
    readQueryString({ foo: '1' }, allowed);
    assert.fail('should throw');
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.details?.parameter, 'foo');
  }
});
