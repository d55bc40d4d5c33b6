import { test } from 'node:test';
import assert from 'node:assert/strict';
import { limitSql } from '../../../src/store/read/statement-cache.js';

test('a limit is written as a literal', () => {
  assert.equal(limitSql(0), 'LIMIT 0');
  assert.equal(limitSql(11), 'LIMIT 11');
});

test('anything but a non-negative safe integer is refused, never written into SQL', () => {
  for (const rows of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
    assert.throws(() => limitSql(rows), RangeError, String(rows));
  }
});
