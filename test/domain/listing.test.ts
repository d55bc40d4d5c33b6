// Tests for src/domain/listing.ts: an edition's date, and the merge of an edition into the stored listings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editionDate, planEdition, type StoredListing } from '../../src/domain/listing.js';
import type { ValidRecord } from '../../src/domain/record.js';

const record = (id: string, published_on: string | null = null) =>
  ({ kind: 'enforcement', id, source: { published_on } }) as unknown as ValidRecord;
const stored = (id: string, status: 'listed' | 'delisted', first: string, last: string): StoredListing => ({
  kind: 'enforcement',
  id,
  listing: { status, first_listed_on: first, last_listed_on: last },
});

test("an edition's date: the latest list date its records give, else the Japan day of retrieval", () => {
  assert.equal(
    editionDate([record('a', '2026-01-05'), record('b', '2026-02-01'), record('c')], new Date('2026-03-01T00:00:00Z')),
    '2026-02-01',
  );
  assert.equal(editionDate([record('a')], new Date('2026-03-01T15:00:00Z')), '2026-03-02');
});

test('planEdition: listed again, delisted, retention, same date and older editions', () => {
  const before = [
    stored('a', 'listed', '2026-01-01', '2026-02-01'),
    stored('b', 'listed', '2026-01-01', '2026-02-01'),
    stored('c', 'delisted', '2025-01-01', '2025-03-01'),
  ];
  const plan = planEdition(before, [record('a'), record('c'), record('d')], '2026-03-01', 1825);
  assert.ok(plan.ok);
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
  assert.ok(zero.ok);
  assert.deepEqual(zero.remove.map((s) => s.id).sort(), ['b', 'c'], '0: every delisted record, the new ones too');

  const days = planEdition(before, [record('a'), record('b')], '2026-03-01', 365);
  assert.ok(days.ok);
  assert.deepEqual(
    days.remove.map((s) => s.id),
    [],
    'c was last listed 365 days before: kept',
  );
  const later = planEdition(before, [record('a'), record('b')], '2026-03-02', 365);
  assert.ok(later.ok);
  assert.deepEqual(
    later.remove.map((s) => s.id),
    ['c'],
    '366 days: removed',
  );

  const same = planEdition(before, [record('a')], '2026-02-01', 1825);
  assert.ok(same.ok, 'an edition of the same date is merged again');
  const older = planEdition(before, [record('a')], '2026-01-15', 1825);
  assert.equal(older.ok, false);
});
