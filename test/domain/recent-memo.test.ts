import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoRecent } from '../../src/domain/recent-memo.js';

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
  // full: everything is dropped at once, and the next arguments are worked out again
  assert.equal(upper('b'), 'B');
  assert.equal(upper('a'), 'A');
  assert.deepEqual(calls, ['a', 'none', 'b', 'a']);
});
