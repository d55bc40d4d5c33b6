import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../../src/limits/memory-store.js';
import { policyWith, storeContract } from './store-contract.js';

storeContract('memory store', async (policy) => {
  const store = new MemoryStore(policy);
  // one process's memory is the shared state: every "connection" is the same store
  return { store, open: async () => store };
});

test('a flood of a million distinct clients stays under the cap; the quietest are forgotten first', () => {
  const store = new MemoryStore(policyWith(), { maxClients: 10_000 });
  const now = Date.parse('2026-03-01T00:00:00Z');
  store.check({ key: 'regular', now, terms: [], bases: [] });
  for (let i = 0; i < 1_000_000; i++) {
    store.check({ key: `flood-${i}`, now: now + 1 + Math.floor(i / 100), terms: [], bases: [] });
    if (i % 1000 === 0) store.check({ key: 'regular', now: now + 1 + Math.floor(i / 100), terms: [], bases: [] });
  }
  assert.ok(store.size <= 10_000, `held ${store.size} clients`);
  // the regular client was seen recently, so it kept its log (100 requests beyond the first... capped by the windows)
  const regular = store.check({ key: 'regular', now: now + 20_000, terms: [], bases: [] });
  assert.ok(regular.day.used > 1, 'a recently seen client is not evicted by the flood');
  const first = store.check({ key: 'flood-0', now: now + 20_000, terms: [], bases: [] });
  assert.equal(first.day.used, 1, 'the oldest flood client was evicted and starts afresh');
});

test('idle clients expire after a day and nothing is held for them', () => {
  const store = new MemoryStore(policyWith());
  const now = Date.parse('2026-03-01T00:00:00Z');
  for (let i = 0; i < 1000; i++) store.check({ key: `c${i}`, now, terms: [], bases: [] });
  assert.equal(store.size, 1000);
  store.check({ key: 'late', now: now + 86_400_000 + 3_600_000, terms: [], bases: [] });
  assert.equal(store.size, 1);
});
