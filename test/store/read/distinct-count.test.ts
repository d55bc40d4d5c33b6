// The count of a union of id lists up to a cap, part by part: ids two parts share count once, and a part is read only
// while the count is below the cap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countDistinctUpTo } from '../../../src/store/read/distinct-count.js';

test('the distinct ids of the parts, counted up to the cap, each part read only while the count is below it', () => {
  const cases: [parts: number[][], cap: number, count: number, read: number][] = [
    [[], 10, 0, 0],
    [[[]], 10, 0, 1],
    [[[1, 2, 3]], 10, 3, 1],
    // 2 and 3 are in both parts: counted once
    [
      [
        [1, 2, 3],
        [2, 3, 4],
      ],
      10,
      4,
      2,
    ],
    // the first part reaches the cap: the second is never read
    [
      [
        [1, 2, 3],
        [4, 5],
      ],
      3,
      3,
      1,
    ],
    // the second takes the count past the cap: the cap, and the third is never read
    [[[1, 2], [3, 4, 5], [6]], 4, 4, 2],
  ];
  for (const [parts, cap, count, read] of cases) {
    let reads = 0;
    const lazily = parts.map((ids) => () => {
      reads++;
      return ids;
    });
    assert.equal(countDistinctUpTo(lazily, cap), count, JSON.stringify({ parts, cap }));
    assert.equal(reads, read, JSON.stringify({ parts, cap }));
  }
});
