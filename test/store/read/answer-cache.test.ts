// The answer cache: bounded in entries and bytes, least recently used out first, off at 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnswerCache } from '../../../src/store/read/answer-cache.js';

function counting() {
  let calls = 0;
  return { compute: (value: string) => () => (calls++, value), calls: () => calls };
}

test('a repeated question is answered from the cache', () => {
  const cache = new AnswerCache<string>({ maxEntries: 10, maxBytes: 1_000_000 });
  const c = counting();
  assert.equal(cache.get('a', c.compute('A')), 'A');
  assert.equal(cache.get('a', c.compute('other')), 'A');
  assert.equal(c.calls(), 1);
  assert.deepEqual([cache.hits, cache.misses, cache.size], [1, 1, 1]);
});

test('past the entry bound the least recently used answer goes first', () => {
  const cache = new AnswerCache<string>({ maxEntries: 2, maxBytes: 1_000_000 });
  const c = counting();
  cache.get('a', c.compute('A'));
  cache.get('b', c.compute('B'));
  cache.get('a', c.compute('A')); // a is now the most recent
  cache.get('c', c.compute('C')); // b goes
  assert.equal(cache.size, 2);
  cache.get('a', c.compute('A'));
  assert.equal(c.calls(), 3, 'a was kept');
  cache.get('b', c.compute('B'));
  assert.equal(c.calls(), 4, 'b was not');
});

test('past the byte bound old answers go, and an answer larger than the bound is not kept', () => {
  const cache = new AnswerCache<string>({ maxEntries: 100, maxBytes: 200 });
  const c = counting();
  cache.get('a', c.compute('x'.repeat(40)));
  cache.get('b', c.compute('y'.repeat(40)));
  cache.get('c', c.compute('w'.repeat(40)));
  assert.ok(cache.bytes <= 200);
  assert.equal(cache.size, 2, 'three answers of 86 bytes each do not fit in 200');
  cache.get('a', c.compute('x'.repeat(40)));
  assert.equal(c.calls(), 4, 'the oldest went');
  // an answer heavier than the whole bound is never kept
  cache.get('big', c.compute('z'.repeat(110)));
  cache.get('big', c.compute('z'.repeat(110)));
  assert.equal(c.calls(), 6, 'the large answer is computed each time');
  assert.ok(cache.bytes <= 200);
});
