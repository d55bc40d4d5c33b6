import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NO_RUN, stepRun } from '../../src/limits/sequential-run.js';

const runOf = (bases: number[]) => bases.reduce(stepRun, NO_RUN).length;

test('runs of look-ups that step by 1 to 100 the same way', () => {
  const cases: [number[], number, string][] = [
    [[1000, 1001, 1002, 1003, 1004], 5, 'step 1'],
    [[1000, 1100, 1200, 1300, 1400], 5, 'step 100'],
    [[1000, 1101, 1102, 1103, 1104], 4, 'a step of 101 starts afresh'],
    [[1000, 990, 980, 970, 960], 5, 'downwards'],
    [[1000, 1010, 1005, 1000, 995], 4, 'a turn starts a run of two'],
    [[1000, 1001, 1001, 1002, 1002, 1003, 1004], 5, 'repeats neither extend nor break'],
    [[180301018771, 10001001111, 10001001879, 10001201941, 12010019], 1, 'unrelated companies'],
    [[5], 1, 'one look-up'],
    [[], 0, 'none'],
  ];
  for (const [bases, length, why] of cases) assert.equal(runOf(bases), length, why);
});
