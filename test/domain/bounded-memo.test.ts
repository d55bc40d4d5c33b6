import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoPerObject } from '../../src/domain/bounded-memo.js';

test('memoPerObject works each object out once, and tells equal objects apart', () => {
  const calls: object[] = [];
  const name = memoPerObject((o: { n: number }) => {
    calls.push(o);
    return `#${o.n}`;
  });
  const a = { n: 1 };
  const twin = { n: 1 };
  assert.equal(name(a), '#1');
  assert.equal(name(a), '#1');
  assert.equal(name(twin), '#1');
  assert.deepEqual(calls, [a, twin]);
  assert.equal(calls[0], a);
  // what it remembers is the first answer for that object, even when the object has changed since
  a.n = 2;
  assert.equal(name(a), '#1');
  assert.equal(calls.length, 2);
});
