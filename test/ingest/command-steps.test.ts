import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stepReporter } from '../../src/ingest/command-steps.js';

describe('stepReporter', () => {
  it('writes each step on a line of its own with the time the step before it took, the last without an ellipsis', () => {
    const out: string[] = [];
    let now = 1_000;
    const step = stepReporter({ isTTY: true, write: (t) => out.push(t) }, () => now);
    step('f.csv: indexing the search terms and places');
    now += 62_140;
    step('merging the full-text indexes and refreshing the statistics');
    now += 900;
    step('published', true);
    assert.deepEqual(out, [
      'f.csv: indexing the search terms and places …\n',
      'merging the full-text indexes and refreshing the statistics … (indexing the search terms and places: 62.1 s)\n',
      'published (merging the full-text indexes and refreshing the statistics: 0.9 s)\n',
    ]);
  });
});
