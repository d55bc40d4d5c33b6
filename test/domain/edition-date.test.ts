// Tests for src/domain/edition-date.ts: how an edition is dated, and which dates may refuse an edition as older.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editionDateOf, editionOrder, type EditionEvidence } from '../../src/domain/edition-date.js';

const AT = new Date('2026-11-24T20:00:00Z'); // already the 25th in Japan
const none: EditionEvidence = { printed: null, last_modified: null, latest_record: null, retrieved_at: AT };

test('an edition is dated by what the publisher prints, else Last-Modified, else its newest record, else the collection day', () => {
  const cases: [string, Partial<EditionEvidence>, string, string][] = [
    [
      'printed',
      { printed: '2019-08-30', last_modified: 'Fri, 30 Aug 2019 01:00:00 GMT', latest_record: '2019-07-31' },
      '2019-08-30',
      'printed',
    ],
    [
      'Last-Modified, in Japan time',
      { last_modified: 'Thu, 29 Aug 2019 16:00:00 GMT', latest_record: '2019-07-31' },
      '2019-08-30',
      'last_modified',
    ],
    [
      'an unreadable Last-Modified',
      { last_modified: 'yesterday', latest_record: '2019-07-31' },
      '2019-07-31',
      'latest_record',
    ],
    ['the newest record', { latest_record: '2019-07-31' }, '2019-07-31', 'latest_record'],
    ['nothing: the day it was collected, in Japan', {}, '2026-11-25', 'collected'],
    // a date after the day of collection is a misprint and is passed over
    [
      'a printed date in the future',
      { printed: '2035-05-30', latest_record: '2025-04-30' },
      '2025-04-30',
      'latest_record',
    ],
    ['a Last-Modified in the future', { last_modified: 'Mon, 01 Jan 2035 00:00:00 GMT' }, '2026-11-25', 'collected'],
    ['a record dated in the future', { latest_record: '2035-04-30' }, '2026-11-25', 'collected'],
    ['printed on the day of collection', { printed: '2026-11-25' }, '2026-11-25', 'printed'],
  ];
  for (const [what, evidence, on, source] of cases)
    assert.deepEqual(editionDateOf({ ...none, ...evidence }), { on, source }, what);
});

test('only two printed dates refuse an edition as older; a collection day, a record date or Last-Modified never do', () => {
  const refused: [string | null, Parameters<typeof editionOrder>[1], boolean][] = [
    ['2019-08-30', { on: '2018-05-31', source: 'printed' }, true],
    ['2019-08-30', { on: '2019-08-30', source: 'printed' }, false],
    ['2019-08-30', { on: '2019-09-30', source: 'printed' }, false],
    // nothing printed merged yet (or merged only under a collection day): nothing to be older than
    [null, { on: '2018-01-17', source: 'printed' }, false],
    // an edition not dated by its publisher is merged: refusing a newer one would stop the source for good
    ['2019-08-30', { on: '2019-07-31', source: 'latest_record' }, false],
    ['2019-08-30', { on: '2019-01-01', source: 'last_modified' }, false],
    ['2019-08-30', { on: '2018-01-01', source: 'collected' }, false],
  ];
  for (const [held, next, isRefused] of refused) {
    const order = editionOrder(held, next);
    assert.equal(!order.ok, isRefused, `${held} then ${JSON.stringify(next)}`);
    if (!order.ok) assert.match(order.reason, new RegExp(`dated ${next.on}, older than the edition of ${held}`, 'u'));
  }
});
