import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BoundedMap, memoPerObject, memoRecent } from '../../src/domain/bounded-memo.js';

type Step = readonly ['set', string, number] | readonly ['get' | 'peek' | 'delete', string];

/** Each case: the bounds, the steps in order, and what is held after them, the older generation first. */
const CASES: readonly (readonly [string, { entries: number; weight?: number }, readonly Step[], string])[] = [
  [
    'under the bound, all kept in the order set',
    { entries: 4 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
    ],
    'a=1 b=2',
  ],
  [
    'past the bound, the least recently set go',
    { entries: 2 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['set', 'c', 3],
    ],
    'b=2 c=3',
  ],
  [
    'a get keeps the key among the recently used',
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
    'a peek leaves the key where it is',
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
    'setting a key again replaces its value and keeps it among the recent',
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
    { entries: 4 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['delete', 'a'],
      ['set', 'c', 3],
    ],
    'b=2 c=3',
  ],
  [
    'a hit in the newer generation keeps it there until the newer fills',
    { entries: 4 },
    [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['set', 'c', 3],
      ['get', 'c'],
      ['set', 'd', 4],
      ['set', 'e', 5],
    ],
    'c=3 d=4 e=5',
  ],
  [
    'within the weight, all kept, each generation under its half',
    { entries: 10, weight: 8 },
    [
      ['set', 'a', 2],
      ['set', 'b', 2],
      ['set', 'c', 3],
    ],
    'a=2 b=2 c=3',
  ],
  [
    'past the weight, a whole generation goes',
    { entries: 10, weight: 8 },
    [
      ['set', 'a', 2],
      ['set', 'b', 2],
      ['set', 'c', 3],
      ['set', 'd', 2],
    ],
    'c=3 d=2',
  ],
  [
    'a value heavier than half the weight is not kept, and takes what its key held',
    { entries: 10, weight: 8 },
    [
      ['set', 'a', 2],
      ['set', 'b', 1],
      ['set', 'a', 5],
    ],
    'b=1',
  ],
  ['no entries allowed, nothing kept', { entries: 0 }, [['set', 'a', 1]], ''],
];

for (const [what, bounds, steps, held] of CASES) {
  test(`BoundedMap: ${what}`, () => {
    // the weight of an entry is its value
    const map = new BoundedMap<string, number>({ ...bounds, weigh: (_key, value) => value });
    for (const step of steps) {
      if (step[0] === 'set') map.set(step[1], step[2]);
      else if (step[0] === 'get') map.get(step[1]);
      else if (step[0] === 'peek') map.peek(step[1]);
      else map.delete(step[1]);
    }
    const entries = [...map.entries()];
    assert.equal(entries.map(([key, value]) => `${key}=${value}`).join(' '), held);
    assert.equal(map.size, entries.length);
    assert.ok(map.size <= Math.max(bounds.entries, 2));
    assert.equal(
      map.weight,
      entries.reduce((sum, [, value]) => sum + value, 0),
      'the weight held is the sum of what is held',
    );
  });
}

test('BoundedMap: a key busy through a flood of new keys stays held, and the map stays within its bound', () => {
  const map = new BoundedMap<string, number>({ entries: 100 });
  map.set('busy', 0);
  for (let i = 0; i < 10_000; i++) {
    map.set(`key-${i}`, i);
    if (i % 10 === 0) assert.equal(map.get('busy'), 0);
    assert.ok(map.size <= 100);
  }
});

test('BoundedMap: get, peek and delete answer for a key held and not for one gone', () => {
  const map = new BoundedMap<string, string>({ entries: 2 });
  map.set('a', 'x');
  assert.equal(map.get('a'), 'x');
  assert.equal(map.peek('a'), 'x');
  map.set('b', 'y');
  map.set('c', 'z');
  assert.equal(map.get('a'), undefined);
  assert.equal(map.peek('a'), undefined);
  assert.equal(map.delete('a'), false);
  assert.equal(map.delete('b'), true);
  map.clear();
  assert.equal(map.size, 0);
});

test('memoRecent answers as the function does, working each of the last few arguments out once', () => {
  const calls: string[] = [];
  const upper = memoRecent((s: string) => {
    calls.push(s);
    return s === 'none' ? null : s.toUpperCase();
  }, 2);
  assert.equal(upper('a'), 'A');
  assert.equal(upper('a'), 'A');
  assert.equal(upper('none'), null);
  assert.equal(upper('none'), null);
  assert.deepEqual(calls, ['a', 'none']);
  // past its two, the least recently used ('a') is worked out again
  assert.equal(upper('b'), 'B');
  assert.equal(upper('none'), null);
  assert.equal(upper('a'), 'A');
  assert.deepEqual(calls, ['a', 'none', 'b', 'a']);
});

test('memoPerObject works each object out once, and tells equal objects apart', () => {
  const calls: object[] = [];
  const name = memoPerObject((o: { n: number }) => {
    calls.push(o);
    return `#${o.n}`;
  });
  const a = { n: 1 };
  const twin = { n: 1 };
  assert.equal(name(a), '#1');
  assert.equal(name(a), '#1');
  assert.equal(name(twin), '#1');
  assert.deepEqual(calls, [a, twin]);
  assert.equal(calls[0], a);
  // what it remembers is the first answer for that object, even when the object has changed since
  a.n = 2;
  assert.equal(name(a), '#1');
  assert.equal(calls.length, 2);
});
