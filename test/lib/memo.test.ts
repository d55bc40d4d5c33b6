// The memos of pure functions (src/lib/memo.ts): each argument worked out once while held, the least recently
// used out first; each object once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoPerObject, memoRecent } from '../../src/lib/memo.js';

test('memoRecent answers as the function does, working each of the last few arguments out once', () => {
  const calls: string[] = [];
  const upper = memoRecent((s: string) => {
    calls.push(s);
    return s === 'none' ? null : s.toUpperCase();
  }, 2);
  assert.equal(upper('a'), 'A');
  assert.equal(upper('a'), 'A');
  assert.equal(upper('none'), null);
  assert.equal(upper('none'), null);
  assert.deepEqual(calls, ['a', 'none']);
  // past its two, the least recently used ('a') is worked out again
  assert.equal(upper('b'), 'B');
  assert.equal(upper('none'), null);
  assert.equal(upper('a'), 'A');
  assert.deepEqual(calls, ['a', 'none', 'b', 'a']);
});

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
