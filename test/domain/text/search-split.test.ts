import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shareSearchLimit } from '../../../src/domain/text/search-split.js';

test('two lists: each gets half, the first the odd one, and the unused share goes to the other', () => {
  const cases: [number, number, number, number[]][] = [
    [10, 10, 10, [5, 5]],
    [9, 10, 10, [5, 4]],
    [1, 10, 10, [1, 0]],
    [10, 2, 10, [2, 8]],
    [10, 10, 1, [9, 1]],
    [10, 0, 0, [0, 0]],
    [3, 0, 10, [0, 3]],
  ];
  for (const [limit, a, b, expected] of cases)
    assert.deepEqual(shareSearchLimit(limit, [a, b]), expected, `${limit} ${a} ${b}`);
});

// companies, enforcements, procurement suspensions, licence actions
test('four lists: every list that has a match shows at least one row when the limit allows', () => {
  const cases: [limit: number, available: number[], shown: number[]][] = [
    [10, [10, 10, 10, 10], [3, 3, 2, 2]],
    [10, [50, 0, 0, 2], [8, 0, 0, 2]],
    [10, [0, 1, 1, 1], [0, 1, 1, 1]],
    [10, [1, 20, 1, 0], [1, 8, 1, 0]],
    [10, [0, 0, 0, 0], [0, 0, 0, 0]],
    [10, [1000, 1000, 1, 1000], [3, 3, 1, 3]],
    [4, [5, 5, 5, 5], [1, 1, 1, 1]],
    [5, [0, 5, 0, 5], [0, 3, 0, 2]],
    // fewer rows than lists with a match: the earlier lists first
    [2, [5, 5, 5, 5], [1, 1, 0, 0]],
    [3, [0, 5, 5, 5], [0, 1, 1, 1]],
    [1, [0, 0, 0, 7], [0, 0, 0, 1]],
  ];
  for (const [limit, available, expected] of cases) {
    const shown = shareSearchLimit(limit, available);
    assert.deepEqual(shown, expected, `${limit} ${available.join(',')}`);
    const total = shown.reduce((a, b) => a + b, 0);
    assert.equal(
      total,
      Math.min(
        limit,
        available.reduce((a, b) => a + b, 0),
      ),
    );
    shown.forEach((n, i) => assert.ok(n <= (available[i] ?? 0)));
  }
});
