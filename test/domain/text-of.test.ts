import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textOf } from '../../src/domain/text-of.js';

test('strings, numbers, booleans and dates as String() writes them; objects as JSON, never [object Object]', () => {
  assert.equal(textOf('株式会社'), '株式会社');
  assert.equal(textOf(42), '42');
  assert.equal(textOf(false), 'false');
  assert.equal(textOf(null), 'null');
  assert.equal(textOf({ a: 1 }), '{"a":1}');
  assert.equal(textOf(['x', 2]), '["x",2]');
});
