// Tests for src/domain/records/listing.ts: the merge of an edition into the stored listings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planEdition, type StoredListing } from '../../../src/domain/records/listing.js';
import type { ValidRecord } from '../../../src/domain/records/record.js';

const record = (id: string, published_on: string | null = null) =>
  ({ kind: 'enforcement', id, source: { published_on } }) as unknown as ValidRecord;
const stored = (id: string, status: 'listed' | 'delisted', first: string, last: string): StoredListing => ({
  kind: 'enforcement',
  id,
  listing: { status, first_listed_on: first, last_listed_on: last },
});

test('planEdition: listed again, delisted, retention, an edition of the same date or older', () => {
  const before = [
    stored('a', 'listed', '2026-01-01', '2026-02-01'),
    stored('b', 'listed', '2026-01-01', '2026-02-01'),
    stored('c', 'delisted', '2025-01-01', '2025-03-01'),
  ];
  const plan = planEdition(before, [record('a'), record('c'), record('d')], '2026-03-01', 1825);
  assert.deepEqual(
    plan.records.map((r) => [r.id, r.listing.status, r.listing.first_listed_on, r.listing.last_listed_on]),
    [
      ['a', 'listed', '2026-01-01', '2026-03-01'],
      ['c', 'listed', '2025-01-01', '2026-03-01'],
      ['d', 'listed', '2026-03-01', '2026-03-01'],
    ],
  );
  assert.deepEqual(
    plan.delist.map((s) => s.id),
    ['b'],
  );
  assert.deepEqual(plan.remove, []);

  const zero = planEdition(before, [record('a')], '2026-03-01', 0);
  assert.deepEqual(zero.remove.map((s) => s.id).sort(), ['b', 'c'], '0: every delisted record, the new ones too');

  const days = planEdition(before, [record('a'), record('b')], '2026-03-01', 365);
  assert.deepEqual(
    days.remove.map((s) => s.id),
    [],
    'c was last listed 365 days before: kept',
  );
  const later = planEdition(before, [record('a'), record('b')], '2026-03-02', 365);
  assert.deepEqual(
    later.remove.map((s) => s.id),
    ['c'],
    '366 days: removed',
  );

  const same = planEdition(before, [record('a')], '2026-02-01', 1825);
  assert.deepEqual(same.records[0]?.listing, {
    status: 'listed',
    first_listed_on: '2026-01-01',
    last_listed_on: '2026-02-01',
  });
  // whether an older edition is merged at all is edition-date.ts's call; merged, it keeps the earliest first date
  const older = planEdition(before, [record('a')], '2025-12-15', 1825);
  assert.deepEqual(older.records[0]?.listing, {
    status: 'listed',
    first_listed_on: '2025-12-15',
    last_listed_on: '2025-12-15',
  });
});
