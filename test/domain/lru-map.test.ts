import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LruMap } from '../../src/domain/lru-map.js';

type Step = readonly ['set', string, number] | readonly ['get' | 'peek' | 'delete', string];

/** Each case: the bounds, the steps in order, and what is held after them, least recently used first. */
const CASES: readonly (readonly [string, { entries: number; weight?: number }, readonly Step[], string])[] = [
  [
    'under the bound, all kept in the order set',
    { entries: 3 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
    ],
    'a=1 b=2',
  ],
  [
    'past the bound, the least recently set goes',
    { entries: 2 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['set', 'c', 3],
    ],
    'b=2 c=3',
  ],
  [
    'a get makes the key the most recently used',
    { entries: 2 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['get', 'a'],
      ['set', 'c', 3],
    ],
    'a=1 c=3',
  ],
  [
    'a peek leaves the order as it is',
    { entries: 2 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['peek', 'a'],
      ['set', 'c', 3],
    ],
    'b=2 c=3',
  ],
  [
    'setting a key again replaces its value and makes it the most recent',
    { entries: 2 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['set', 'a', 9],
      ['set', 'c', 3],
    ],
    'a=9 c=3',
  ],
  [
    'a delete frees its place',
    { entries: 2 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['delete', 'a'],
      ['set', 'c', 3],
    ],
    'b=2 c=3',
  ],
  [
    'past the weight, the least recently used go until it fits',
    { entries: 10, weight: 5 },
    [
      ['set', 'a', 2],
      ['set', 'b', 2],
      ['set', 'c', 3],
    ],
    'b=2 c=3',
  ],
  [
    'a value heavier than the whole weight is not kept, and takes what its key held',
    { entries: 10, weight: 5 },
    [
      ['set', 'a', 2],
      ['set', 'b', 1],
      ['set', 'a', 6],
    ],
    'b=1',
  ],
  ['no entries allowed, nothing kept', { entries: 0 }, [['set', 'a', 1]], ''],
];

for (const [what, bounds, steps, held] of CASES) {
  test(`LruMap: ${what}`, () => {
    // the weight of an entry is its value
    const map = new LruMap<string, number>({ ...bounds, weigh: (_key, value) => value });
    for (const step of steps) {
      if (step[0] === 'set') map.set(step[1], step[2]);
      else if (step[0] === 'get') map.get(step[1]);
      else if (step[0] === 'peek') map.peek(step[1]);
      else map.delete(step[1]);
    }
    const entries = [...map.entries()];
    assert.equal(entries.map(([key, value]) => `${key}=${value}`).join(' '), held);
    assert.equal(map.size, entries.length);
    assert.equal(
      map.weight,
      entries.reduce((sum, [, value]) => sum + value, 0),
      'the weight held is the sum of what is held',
    );
  });
}

test('LruMap: get, peek and has answer for a key held and not for one gone', () => {
  const map = new LruMap<string, string>({ entries: 1 });
  map.set('a', 'x');
  assert.equal(map.get('a'), 'x');
  assert.equal(map.peek('a'), 'x');
  assert.equal(map.has('a'), true);
  map.set('b', 'y');
  assert.equal(map.get('a'), undefined);
  assert.equal(map.peek('a'), undefined);
  assert.equal(map.has('a'), false);
  map.clear();
  assert.equal(map.size, 0);
});
