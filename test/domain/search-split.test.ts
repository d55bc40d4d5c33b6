import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitSearchLimit } from '../../src/domain/search-split.js';

test('each list gets half, companies the odd one, and the unused share goes to the other', () => {
  const cases: [number, number, number, { companies: number; enforcements: number }][] = [
    [10, 10, 10, { companies: 5, enforcements: 5 }],
    [9, 10, 10, { companies: 5, enforcements: 4 }],
    [1, 10, 10, { companies: 1, enforcements: 0 }],
    [10, 2, 10, { companies: 2, enforcements: 8 }],
    [10, 10, 1, { companies: 9, enforcements: 1 }],
    [10, 0, 0, { companies: 0, enforcements: 0 }],
    [3, 0, 10, { companies: 0, enforcements: 3 }],
  ];
  for (const [limit, companies, enforcements, expected] of cases) {
    const split = splitSearchLimit(limit, companies, enforcements);
    assert.deepEqual(split, expected, `${limit} ${companies} ${enforcements}`);
    assert.ok(split.companies + split.enforcements <= limit);
  }
});
