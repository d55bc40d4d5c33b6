// The tree of a vocabulary whose terms name a parent: each code with every code under it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { subtrees } from '../../src/domain/term-tree.js';

test('each code stands for itself and everything under it, at any depth, in the order of the terms', () => {
  const tree = subtrees([
    { code: 'ministry', parent: null },
    { code: 'bureau_a', parent: 'ministry' },
    { code: 'office_a1', parent: 'bureau_a' },
    { code: 'bureau_b', parent: 'ministry' },
    { code: 'other', parent: null },
  ]);
  const cases: [string, string[]][] = [
    ['ministry', ['ministry', 'bureau_a', 'office_a1', 'bureau_b']],
    ['bureau_a', ['bureau_a', 'office_a1']],
    ['office_a1', ['office_a1']],
    ['bureau_b', ['bureau_b']],
    ['other', ['other']],
  ];
  for (const [code, expected] of cases) assert.deepEqual(tree.get(code), expected, code);
  assert.equal(tree.get('unknown'), undefined);
});

test('a code given twice, a parent that is not a code, or a cycle, is refused', () => {
  assert.throws(
    () =>
      subtrees([
        { code: 'a', parent: null },
        { code: 'a', parent: 'b' },
        { code: 'b', parent: null },
      ]),
    /a: the code is given twice/u,
  );
  assert.throws(() => subtrees([{ code: 'a', parent: 'nowhere' }]), /a: parent 'nowhere' is not a code/u);
  assert.throws(() => subtrees([{ code: 'a', parent: 'a' }]), /a: its parents form a cycle/u);
  assert.throws(
    () =>
      subtrees([
        { code: 'a', parent: 'b' },
        { code: 'b', parent: 'a' },
      ]),
    /its parents form a cycle/u,
  );
});
