// Tests for demo/random.ts: the same seed gives the same draws, and draws stay in range.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRandom } from '../../demo/random.js';

describe('createRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: number) => {
      const r = createRandom(seed);
      return Array.from({ length: 20 }, () => r.next());
    };
    assert.deepEqual(draw(42), draw(42));
    assert.notDeepEqual(draw(42), draw(43));
  });

  it('keeps draws in range and reaches both ends', () => {
    const r = createRandom(7);
    const ints = Array.from({ length: 2_000 }, () => r.int(3, 6));
    assert.ok(ints.every((n) => Number.isInteger(n) && n >= 3 && n <= 6));
    assert.deepEqual([...new Set(ints)].sort(), [3, 4, 5, 6]);
    const floats = Array.from({ length: 2_000 }, () => r.next());
    assert.ok(floats.every((x) => x >= 0 && x < 1));
  });

  it('follows weights, shuffles without losing items, and refuses an empty pick', () => {
    const r = createRandom(1);
    const picks = Array.from({ length: 4_000 }, () =>
      r.weighted([
        ['a', 3],
        ['b', 1],
        ['never', 0],
      ] as const),
    );
    const a = picks.filter((p) => p === 'a').length;
    assert.ok(a > 2_700 && a < 3_300, `a drawn ${a} times of 4000`);
    assert.ok(!picks.includes('never'));
    assert.deepEqual(r.shuffle([1, 2, 3, 4, 5]).sort(), [1, 2, 3, 4, 5]);
    assert.throws(() => r.pick([]), RangeError);
  });
});
