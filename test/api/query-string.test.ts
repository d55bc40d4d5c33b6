// How a query string is read before the schema: the contract's rules on bulk access, unknown and repeated
// parameters, blank values and whole numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readQueryString } from '../../src/api/query-string.js';
import { ApiError } from '../../src/api/errors.js';

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

test('empty and whitespace-only values are treated as absent; others are trimmed', () => {
  assert.deepEqual(readQueryString({ q: '  トヨタ ', limit: '', page: '　' }, allowed), { q: 'トヨタ' });
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
