import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LRUCache } from 'lru-cache';
import { entriesBound } from '../../src/limits/entries-bound.js';

test('a cache bounded by entriesBound holds that many entries, the least recently used evicted past them', () => {
  const cache = new LRUCache<string, number>(entriesBound(3));
  for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, i);
  assert.equal(cache.get('a'), 0);
  cache.set('d', 3);
  assert.deepEqual([...cache.keys()].sort(), ['a', 'c', 'd']);
  cache.set('d', 4);
  cache.set('e', 5);
  assert.equal(cache.size, 3);
  assert.equal(cache.has('c'), false);
});
