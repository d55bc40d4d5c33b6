import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NO_RUN, noWalks, recordWalk, stepRun, tripsWith, walkThrough } from '../../src/limits/sequential-run.js';

const runOf = (bases: number[]) => bases.reduce(stepRun, NO_RUN).length;

test('runs of look-ups in a row that step by 1 to 100 the same way', () => {
  const cases: [number[], number, string][] = [
    [[1000, 1001, 1002, 1003, 1004], 5, 'step 1'],
    [[1000, 1100, 1200, 1300, 1400], 5, 'step 100'],
    [[1000, 1101, 1102, 1103, 1104], 4, 'a step of 101 starts afresh'],
    [[1000, 990, 980, 970, 960], 5, 'downwards'],
    [[1000, 1010, 1005, 1000, 995], 4, 'a turn starts a run of two'],
    [[1000, 1003, 1002, 1005, 1004, 1007], 2, 'a zig-zag is never a run in a row'],
    [[1000, 1001, 1001, 1002, 1002, 1003, 1004], 5, 'repeats neither extend nor break'],
    [[5], 1, 'one look-up'],
    [[], 0, 'none'],
  ];
  for (const [bases, length, why] of cases) assert.equal(runOf(bases), length, why);
});

/** The recent numbers and the walk through the last one, after looking each up in turn. */
function walkOf(bases: number[], sequential = 5): { recent: readonly number[]; walk: number } {
  const walks = noWalks();
  for (const base of bases) recordWalk(walks, base, sequential);
  const last = bases.at(-1);
  return { recent: walks.recent, walk: last === undefined ? 0 : walkThrough(walks.sorted, last) };
}

test('the walk through the last number, in whatever order the numbers were asked', () => {
  const cases: [number[], number, string][] = [
    [[1000, 1003, 1002, 1005, 1004, 1007], 6, 'zig-zag, +3 −1'],
    [[1004, 1000, 1003, 1001, 1002], 5, 'shuffled'],
    [[1000, 1100, 1200, 1300, 1400], 5, 'gaps of 100'],
    [[1000, 1101, 1102, 1103, 1104], 4, 'a gap of 101 parts two walks'],
    [[1000, 1001, 1001, 1002, 1002, 1003, 1004], 5, 'repeats are one number'],
    [[180301018771, 10001001111, 10001001879, 10001201941, 12010019], 1, 'unrelated companies'],
    [[10_000, 10_050, 10_020, 10_090, 10_300, 10_301, 10_302, 10_303], 4, 'two clusters of four'],
    [[10_300, 10_301, 10_302, 10_303, 10_000, 10_050, 10_020], 3, 'the walk through the last, not the other one'],
  ];
  for (const [bases, length, why] of cases) assert.equal(walkOf(bases).walk, length, why);
});

test('the recent numbers are the last few distinct ones, a repeat moved to the end', () => {
  assert.deepEqual(walkOf([1, 2, 3, 2]).recent, [1, 3, 2]);
  // a memory of four (KOHYO_ENUM_SEQUENTIAL 1): the last four distinct numbers
  assert.deepEqual(walkOf([1, 2, 3, 4, 5], 1).recent, [2, 3, 4, 5]);
  // in a memory of four, one unrelated number pushes the walk's start out: 3, 4 and 5 are left
  assert.equal(walkOf([1, 2, 3, 4, 999_999, 5], 1).walk, 3);
});

test('the rule trips on five in a row, or on ten nearby numbers in any order', () => {
  const tripsAt = (bases: number[]): number | null => {
    const walks = noWalks();
    for (const [i, base] of bases.entries()) {
      if (tripsWith(walks, base, 5)) return i + 1;
      recordWalk(walks, base, 5);
    }
    return null;
  };
  assert.equal(tripsAt([100, 101, 102, 103, 104, 105]), 5, 'a run in a row');
  assert.equal(tripsAt([0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10]), 10, 'a zig-zag');
  // a person looking up five related companies with nearby numbers, out of order, is not a walker
  assert.equal(tripsAt([7, 1, 8, 4, 6]), null);
});

test('asking whether a number trips the rule leaves the walks as they are', () => {
  const walks = noWalks();
  for (const base of [100, 101, 102, 103]) recordWalk(walks, base, 5);
  const before = structuredClone(walks);
  assert.equal(tripsWith(walks, 104, 5), true, 'the fifth in a row');
  assert.equal(tripsWith(walks, 999_999, 5), false, 'an unrelated number');
  assert.deepEqual(walks, before);
});
