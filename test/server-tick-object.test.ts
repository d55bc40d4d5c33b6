import { test } from 'node:test';
import assert from 'node:assert/strict';
import { heldTickObject } from '../src/server-tick-object.js';

test('the server holds one of process.nextTick\'s tick objects, taken when the module loads', () => {
  const held = heldTickObject() as Record<string, unknown> | undefined;
  assert.ok(held !== undefined, 'a tick object is held');
  assert.equal(typeof held.callback, 'function', 'a tick object keeps its callback');
  assert.ok(Object.hasOwn(held, 'args'), 'and its arguments');
  assert.equal(Object.getOwnPropertySymbols(held).length, 2, 'and its two async ids, under symbols');
  assert.equal(heldTickObject(), held, 'the same object for the life of the process');
});
