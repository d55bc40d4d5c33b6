// Values read from outside: as an object whose fields are read one by one, and as text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isObject, isRecord, propertyOf, textOf } from '../../src/lib/is-object.js';

test("an object's property, inherited ones too; undefined for a missing one or a value that is not an object", () => {
  assert.equal(propertyOf({ a: 1 }, 'a'), 1);
  assert.deepEqual(propertyOf({ error: { code: 'x' } }, 'error'), { code: 'x' });
  assert.equal(typeof propertyOf(new Error('e'), 'toString'), 'function');
  assert.equal(propertyOf({ a: 1 }, 'b'), undefined);
  assert.equal(propertyOf(null, 'a'), undefined);
  assert.equal(propertyOf(undefined, 'a'), undefined);
  assert.equal(propertyOf('text', 'length'), undefined);
  assert.equal(propertyOf(42, 'a'), undefined);
});

test('objects and arrays are objects; null, undefined, strings and numbers are not', () => {
  assert.equal(isObject({}), true);
  assert.equal(isObject([]), true);
  assert.equal(isObject(new Error('e')), true);
  assert.equal(isObject(null), false);
  assert.equal(isObject(undefined), false);
  assert.equal(isObject('text'), false);
  assert.equal(isObject(42), false);
});

test('a record is an object that is not an array', () => {
  assert.equal(isRecord({ a: 1 }), true);
  assert.equal(isRecord([1]), false);
  assert.equal(isRecord(null), false);
  assert.equal(isRecord('text'), false);
});

test('strings, numbers, booleans and dates as String() writes them; objects as JSON, never [object Object]', () => {
  assert.equal(textOf('株式会社'), '株式会社');
  assert.equal(textOf(42), '42');
  assert.equal(textOf(false), 'false');
  assert.equal(textOf(null), 'null');
  assert.equal(textOf({ a: 1 }), '{"a":1}');
  assert.equal(textOf(['x', 2]), '["x",2]');
});
