import { test } from 'node:test';
import assert from 'node:assert/strict';
import { propertyOf } from '../../src/domain/property-of.js';

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
