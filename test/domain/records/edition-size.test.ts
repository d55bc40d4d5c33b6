// Tests for src/domain/records/edition-size.ts: when a new edition is out of line with what its source lists.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_GROWTH_RULE, sizeOutOfLine, type GrowthRule } from '../../../src/domain/records/edition-size.js';

test('an edition is out of line when it shrinks under half, or grows past both the factor and the rows of its rule', () => {
  const cases: [string, number, number, GrowthRule, string | null][] = [
    ['the first edition: nothing to compare', 1_000_000, 0, DEFAULT_GROWTH_RULE, null],
    ['the same size', 200, 200, DEFAULT_GROWTH_RULE, null],
    ['half: merged', 5, 10, DEFAULT_GROWTH_RULE, null],
    ['under half', 4, 10, DEFAULT_GROWTH_RULE, 'the list yielded 4 records, under half of the 10 listed'],
    ['a small list grown tenfold: within the rows', 200, 20, DEFAULT_GROWTH_RULE, null],
    ['a large list grown by a third: within the factor', 6_000, 4_500, DEFAULT_GROWTH_RULE, null],
    ['three times and a thousand more: at the rule', 1_500, 500, DEFAULT_GROWTH_RULE, null],
    [
      'past both',
      999_990,
      228,
      DEFAULT_GROWTH_RULE,
      'the list yielded 999990 records, more than 3 times the 228 listed and more than 1000 more',
    ],
    [
      "a source's own rule",
      31,
      10,
      { factor: 3, rows: 20 },
      'the list yielded 31 records, more than 3 times the 10 listed and more than 20 more',
    ],
    ["within a source's own rule", 30, 10, { factor: 3, rows: 20 }, null],
  ];
  for (const [what, records, listed, rule, reason] of cases)
    assert.equal(sizeOutOfLine(records, listed, rule), reason, what);
});
