import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../../src/limits/memory-store.js';
import { policyWith, storeContract } from './store-contract.js';

storeContract('memory store', async (policy) => {
  const store = new MemoryStore(policy);
  // one process's memory is the shared state: every "connection" is the same store
  return { store, open: async () => store };
});

// The flood is a hundred times the cap, and the regular client is seen once every tenth of the cap, the batch a full
// store drops: a million clients over a cap of 10,000 proved the same at ten times the cost (5 s of CPU).
test('a flood of a hundred times the cap in distinct clients stays under the cap; the quietest are forgotten first', () => {
  const store = new MemoryStore(policyWith(), { maxClients: 1000 });
  const now = Date.parse('2026-03-01T00:00:00Z');
  store.check({ key: 'regular', now, terms: [], bases: [] });
  for (let i = 0; i < 100_000; i++) {
    store.check({ key: `flood-${i}`, now: now + 1 + Math.floor(i / 10), terms: [], bases: [] });
    if (i % 100 === 0) store.check({ key: 'regular', now: now + 1 + Math.floor(i / 10), terms: [], bases: [] });
  }
  assert.ok(store.size <= 1000, `held ${store.size} clients`);
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

test('a refused request holds nothing: a flood of new User-Agents from an address over its ceiling adds no state', () => {
  const store = new MemoryStore(policyWith());
  const now = Date.parse('2026-03-01T00:00:00Z');
  let admitted = 0;
  for (let i = 0; i < 110_000; i++) {
    const decision = store.check({ key: `agent-${i}`, address: 'one-address', now, terms: [], bases: [] });
    if (decision.refusal === null) admitted++;
  }
  assert.equal(admitted, 30, 'three times the per-minute limit, whatever the User-Agents');
  assert.equal(store.size, 31, 'the admitted clients and the address: nothing for the refused ones');
});

test("no flood of clients ends another address's cool-down early, even past the cap", () => {
  const store = new MemoryStore(policyWith(), { maxClients: 1000 });
  const now = Date.parse('2026-03-01T00:00:00Z');
  // a walker that takes each step under another name: the address is refused for the whole cool-down
  const walker = { key: 'walker', address: 'walker-address' };
  for (let i = 0; i < 5; i++)
    store.check({ key: `walker-${i}`, address: walker.address, now: now + i, terms: [], bases: [100_000 + i] });
  assert.equal(
    store.check({ ...walker, now: now + 10, terms: [], bases: [] }).refusal,
    'automated_enumeration_detected',
  );
  // 110,000 admitted clients of as many addresses: the table is evicted many times over
  for (let i = 0; i < 110_000; i++)
    store.check({ key: `flood-${i}`, address: `flood-address-${i}`, now: now + 20 + i, terms: [], bases: [] });
  assert.ok(store.size <= 1000, `held ${store.size}`);
  const later = now + 30 * 60_000;
  for (const check of [walker, { key: 'walker-with-another-agent', address: 'walker-address' }]) {
    const decision = store.check({ ...check, now: later, terms: [], bases: [] });
    assert.equal(decision.refusal, 'automated_enumeration_detected', check.key);
    assert.equal(decision.retryAt, now + 4 + 3_600_000, 'the cool-down started by the fifth number, whole');
  }
});
