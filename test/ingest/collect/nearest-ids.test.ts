import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nearestIds } from '../../../src/ingest/collect/nearest-ids.js';

const IDS = [
  'jftc-actions',
  'caa-keihyo-actions',
  'caa-tokusho-actions',
  'mhlw-labour-law-violations',
  'mhlw-worker-dispatch-actions',
  'pref-13-procurement-suspensions',
  'pref-14-procurement-suspensions',
];

test('the ids nearest a mistyped or shortened id: those holding it first, then by edit distance, none when far', () => {
  const cases: readonly (readonly [string, readonly string[]])[] = [
    ['jftc-action', ['jftc-actions']],
    ['jftc', ['jftc-actions']],
    ['caa-keihyo-action', ['caa-keihyo-actions', 'caa-tokusho-actions']],
    ['mhlw', ['mhlw-labour-law-violations', 'mhlw-worker-dispatch-actions']],
    ['pref-13-procurement-suspension', ['pref-13-procurement-suspensions', 'pref-14-procurement-suspensions']],
    ['MHLW-LABOUR-LAW-VIOLATION', ['mhlw-labour-law-violations']],
    ['something-else-entirely', []],
  ];
  for (const [id, nearest] of cases) assert.deepEqual(nearestIds(id, IDS), nearest, id);
  assert.equal(nearestIds('pref', [...IDS, ...IDS.map((i) => `${i}-2`)], 3).length, 3, 'at most the count asked');
});
