import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  noWalks,
  recordWalk,
  runsAt,
  runsTo,
  tripsWith,
  walkMakers,
  walkTag,
  walkThrough,
  walkTripped,
  type NumberWalks,
} from '../../src/limits/sequential-run.js';

/** The walks after looking each number up in turn (at KOHYO_ENUM_SEQUENTIAL `sequential`). */
function walksOf(bases: readonly number[], sequential = 5): NumberWalks {
  const walks = noWalks();
  for (const base of bases) recordWalk(walks, base, sequential);
  return walks;
}

/** The longest run ending at each recent number, most recent last. */
function runsOf(bases: readonly number[]): number[] {
  const walks = walksOf(bases);
  return walks.recent.map((base) => {
    const runs = runsAt(walks, base);
    return runs === null ? 0 : Math.max(runs.up, runs.down);
  });
}

/** The longest run ending at the last number looked up. */
const runOf = (bases: readonly number[]) => runsOf(bases).at(-1) ?? 0;

test('runs in a row: look-ups that step by 1 to 100 the same way', () => {
  const cases: [number[], number, string][] = [
    [[1000, 1001, 1002, 1003, 1004], 5, 'step 1'],
    [[1000, 1100, 1200, 1300, 1400], 5, 'step 100'],
    [[1000, 1101, 1102, 1103, 1104], 4, 'a step of 101 starts afresh'],
    [[1000, 990, 980, 970, 960], 5, 'downwards'],
    [[1000, 1010, 1005, 1001, 995], 4, 'a turn starts a run of two: 1010, 1005, 1001, 995'],
    [[1000, 1001, 1001, 1002, 1002, 1003, 1004], 5, 'repeats neither extend nor break'],
    [[5], 1, 'one look-up'],
    [[], 0, 'none'],
  ];
  for (const [bases, length, why] of cases) assert.equal(runOf(bases), length, why);
});

test('runs through other look-ups: each walk of several interleaved is a run of its own', () => {
  const cases: [number[], number, string][] = [
    [[100, 500, 900, 101, 501, 901, 102, 502, 902, 103], 4, 'three walks, the first at its fourth'],
    [[100, 500, 900, 101, 501, 901, 102, 502, 902, 103, 503, 903, 104], 5, 'three walks, the first at its fifth'],
    [[100, 101, 102, 103, 5_000, 104], 5, 'an unrelated number between is no break'],
    [[100, 101, 102, 103, 101, 104], 5, 'nor looking an earlier one up again'],
    [[1000, 1010, 1005, 1000, 995], 3, 'which is no step either: 1010, 1005, 995'],
    [[1000, 1003, 1002, 1005, 1004, 1007, 1006, 1009], 5, 'a zig-zag, +3 −1: 1000, 1003, 1005, 1007, 1009 go up'],
    [[1000, 1050, 1020, 1021, 1022], 4, '1000, 1020, 1021, 1022: the larger step 1050 is not on the way'],
    [[300, 200, 100, 150, 50], 4, 'down through a number that goes up: 300, 200, 100, 50'],
  ];
  for (const [bases, length, why] of cases) assert.equal(runOf(bases), length, why);
});

test('what a person looking companies up does makes no run', () => {
  const cases: [number[], number, string][] = [
    [[180301018771, 10001001111, 10001001879, 10001201941, 12010019], 1, 'unrelated companies'],
    [[180301018771, 180301018771, 180301018771, 10001001111, 10001001111], 1, 'each on several endpoints'],
    [[7, 1, 8, 4, 6], 3, 'five nearby companies, out of order'],
    [[10_000, 10_050, 10_020, 10_090, 10_300, 10_301, 10_302, 10_303], 4, 'two clusters of four'],
  ];
  for (const [bases, length, why] of cases) {
    assert.equal(Math.max(...runsOf(bases)), length, why);
  }
});

test('the runs ending at a number: the longest from below, and from above', () => {
  const walks = walksOf([1000, 1010, 1020, 1200, 1100, 1050]);
  const runs = walks.recent.map((base) => [base, runsAt(walks, base)?.up, runsAt(walks, base)?.down]);
  const held = [
    [1000, 1, 1],
    [1010, 2, 1],
    [1020, 3, 1],
    [1200, 1, 1],
    [1100, 4, 2],
    [1050, 4, 3],
  ];
  assert.deepEqual(runs, held, '1100 goes on from 1000, 1010, 1020 up and from 1200 down; 1050 from 1200, 1100 down');
  assert.deepEqual(runsTo(walks, 1110), { up: 5, down: 2 }, 'up from 1050 or 1100, down from 1200');
  assert.deepEqual(runsTo(walks, 1030, 1050), { up: 4, down: 3 }, 'without 1050');
  assert.deepEqual(runsTo(walks, 9_999), { up: 1, down: 1 }, 'nothing near');
});

test('the walk through the last number, in whatever order the numbers were asked', () => {
  const walkOf = (bases: number[]) => {
    const last = bases.at(-1);
    return last === undefined ? 0 : walkThrough(walksOf(bases).sorted, last);
  };
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
  for (const [bases, length, why] of cases) assert.equal(walkOf(bases), length, why);
});

test('the recent numbers are the last few distinct ones, a repeat moved to the end', () => {
  const recentOf = (bases: number[], sequential = 5) => walksOf(bases, sequential).recent;
  assert.deepEqual(recentOf([1, 2, 3, 2]), [1, 3, 2]);
  // a memory of four (KOHYO_ENUM_SEQUENTIAL 1): the last four distinct numbers
  assert.deepEqual(recentOf([1, 2, 3, 4, 5], 1), [2, 3, 4, 5]);
  // in a memory of four, one unrelated number pushes the walk's start out: 3, 4 and 5 are left
  assert.equal(walkThrough(walksOf([1, 2, 3, 4, 999_999, 5], 1).sorted, 5), 3);
  // a run counts the numbers it went on from, forgotten since or not: 1, 2, 3, 4, 5
  assert.deepEqual(runsAt(walksOf([1, 2, 3, 4, 999_999, 5], 1), 5), { up: 5, down: 1 });
});

test('the rule trips on a run of five, or on ten nearby numbers in any order', () => {
  const tripsAt = (bases: number[]): number | null => {
    const walks = noWalks();
    for (const [i, base] of bases.entries()) {
      if (tripsWith(walks, base, 5)) return i + 1;
      recordWalk(walks, base, 5);
    }
    return null;
  };
  assert.equal(tripsAt([100, 101, 102, 103, 104, 105]), 5, 'a run in a row');
  const interleaved = [0, 1, 2, 3, 4, 5].flatMap((step) => [100 + step, 500 + step, 900 + step]);
  assert.equal(tripsAt(interleaved), 13, 'three walks interleaved: the first at its fifth');
  assert.equal(tripsAt([0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10]), 8, 'a zig-zag: 0, 3, 5, 7, 9');
  // blocks that go up, each below the one before: no run of five either way, but ten nearby numbers
  assert.equal(tripsAt([7, 8, 9, 10, 4, 5, 6, 1, 2, 3]), 10, 'shuffled in blocks');
  // a person looking up five related companies with nearby numbers, out of order, is not a walker
  assert.equal(tripsAt([7, 1, 8, 4, 6]), null);
  assert.equal(tripsAt([7, 7, 1, 1, 8, 8, 4, 4, 6, 6, 7, 1]), null, 'the same, each on several endpoints');
});

test('asking whether a number trips the rule leaves the walks as they are', () => {
  const walks = walksOf([100, 101, 102, 103]);
  const before = structuredClone(walks);
  assert.equal(tripsWith(walks, 104, 5), true, 'the fifth in a row');
  assert.equal(tripsWith(walks, 999_999, 5), false, 'an unrelated number');
  assert.equal(tripsWith(walks, 102, 5), false, 'one looked up before');
  assert.deepEqual(walks, before);
});

test('at the memory cap, the number recording would forget is left out of the trip, as recording leaves it out', () => {
  // KOHYO_ENUM_SEQUENTIAL 2 keeps eight numbers: 100 is the oldest
  const walks = walksOf([100, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000], 2);
  assert.equal(tripsWith(walks, 150, 2), false, '100 is forgotten to make room for 150');
  assert.equal(tripsWith(walks, 1_050, 2), true, '1,000 is still held');
});

/** An address's walks after each [number, client] look-up in turn, each number tagged by the client that asked it first. */
function addressWalksOf(lookUps: readonly (readonly [number, string])[]): NumberWalks {
  const walks = noWalks();
  for (const [base, client] of lookUps) recordWalk(walks, base, 5, walkTag(client));
  return walks;
}

test('issue 92: who made a walk: its distinct clients, and the numbers of those other than the one with the most', () => {
  const cases: [[number, string][], number, string, { clients: number; others: number }, string][] = [
    [
      [
        [1, 'a'],
        [2, 'a'],
        [3, 'a'],
        [4, 'a'],
      ],
      5,
      'a',
      { clients: 1, others: 0 },
      'one client',
    ],
    [
      [
        [1, 'a'],
        [2, 'a'],
        [3, 'a'],
        [4, 'a'],
      ],
      5,
      'b',
      { clients: 2, others: 1 },
      'one look-up of a neighbour on it',
    ],
    [
      [
        [1, 'a'],
        [2, 'b'],
        [3, 'a'],
        [4, 'b'],
      ],
      5,
      'a',
      { clients: 2, others: 2 },
      'two clients in turn',
    ],
    [
      [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
        [4, 'd'],
      ],
      5,
      'e',
      { clients: 5, others: 4 },
      'a new name each step',
    ],
    [
      [
        [1, 'a'],
        [2, 'a'],
        [3, 'b'],
        [3, 'c'],
      ],
      4,
      'a',
      { clients: 2, others: 1 },
      "a number is its first asker's",
    ],
    [
      [
        [1, 'a'],
        [2, 'b'],
        [500, 'c'],
        [501, 'd'],
      ],
      3,
      'a',
      { clients: 2, others: 1 },
      'only the walk through it',
    ],
  ];
  for (const [lookUps, base, client, makers, why] of cases)
    assert.deepEqual(walkMakers(addressWalksOf(lookUps), base, walkTag(client)), makers, why);
  // a number without a tag (kept before the tags were, or a client's own walks) is nobody's
  const untagged = walksOf([1, 2, 3, 4]);
  assert.deepEqual(walkMakers(untagged, 5, walkTag('a')), { clients: 1, others: 0 });
  assert.deepEqual(walkMakers(untagged, 5, ''), { clients: 0, others: 0 });
});

test('issue 92: a walk that trips the rule says who made it; one that does not, nothing', () => {
  const walks = addressWalksOf([
    [100, 'a'],
    [101, 'b'],
    [102, 'a'],
    [103, 'b'],
  ]);
  assert.deepEqual(walkTripped(walks, 104, 5, walkTag('a')), { clients: 2, others: 2 });
  assert.equal(walkTripped(walks, 999_999, 5, walkTag('a')), null);
  assert.equal(walkTag('client-1'), walkTag('client-1'), 'one client, one tag');
  assert.notEqual(walkTag('client-1'), walkTag('client-2'));
  assert.match(walkTag('x'.repeat(100)), /^[0-9a-z]{1,7}$/u, 'short, and of the characters the Lua script reads');
});
