// answerCoverage: the counts of meta.coverage from sources' last successes and errors, against an injected clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NOT_CURRENT_NAMED, NOT_SEARCHED_NAMED, answerCoverage } from '../../src/domain/coverage.js';

const now = new Date('2026-11-21T00:00:00Z');
const source = (publisher_code: string, last_success_at: string | null, last_error: string | null = null) => ({
  id: `${publisher_code}-list`,
  publisher_code,
  last_success_at,
  last_error,
});
const sources = [
  source('jftc', '2026-11-20T00:00:00Z'),
  source('caa', '2026-11-01T00:00:00Z', 'HTTP 503'),
  source('mhlw', null, 'no table found'),
  source('pref_13', null),
];

test('fresh under freshHours, stale after, never collected without a success; failing apart from those', () => {
  const { not_current: notCurrent, not_searched: notSearched, ...counts } = answerCoverage(sources, undefined, now, 48);
  assert.deepEqual(counts, {
    sources: 4,
    collected: 2,
    fresh: 1,
    stale: 1,
    failing: 2,
    never_collected: 2,
    oldest_success_at: '2026-11-01T00:00:00Z',
  });
  // each source not current once, by name, the never collected first: a failing one never collected is never collected
  assert.deepEqual(
    notCurrent.sources.map((s) => [s.id, s.state, s.publisher.code]),
    [
      ['mhlw-list', 'never_collected', 'mhlw'],
      ['pref_13-list', 'never_collected', 'pref_13'],
      ['caa-list', 'failing', 'caa'],
    ],
  );
  assert.equal(notCurrent.total, 3);
  // not searched at all: the sources without a success, failing since their first run or never run
  assert.deepEqual(notSearched, {
    total: 2,
    sources: [
      {
        id: 'mhlw-list',
        publisher: { code: 'mhlw', name: '厚生労働省', name_en: 'Ministry of Health, Labour and Welfare' },
      },
      { id: 'pref_13-list', publisher: { code: 'pref_13', name: '東京都', name_en: 'Tokyo Metropolis' } },
    ],
  });
  // the boundary: exactly freshHours old is stale
  assert.equal(answerCoverage([source('jftc', '2026-11-19T00:00:00Z')], undefined, now, 48).stale, 1);
});

test("an authority keeps its own sources, its offices' and the bodies' above it", () => {
  assert.equal(answerCoverage(sources, 'jftc', now, 48).sources, 1);
  assert.equal(answerCoverage(sources, 'mhlw_labour_bureau_13', now, 48).sources, 1);
  assert.equal(answerCoverage(sources, 'pref_27', now, 48).sources, 0);
  assert.equal(answerCoverage([], undefined, now, 48).oldest_success_at, null);
});

test('an answer names the first NOT_CURRENT_NAMED sources not current and counts them all', () => {
  const many = Array.from({ length: NOT_CURRENT_NAMED + 3 }, (_, i) => ({ ...source('pref_13', null), id: `s${i}` }));
  const { not_current: notCurrent } = answerCoverage(
    [...many, source('jftc', '2026-11-20T00:00:00Z')],
    undefined,
    now,
    48,
  );
  assert.equal(notCurrent.total, NOT_CURRENT_NAMED + 3);
  assert.deepEqual(
    notCurrent.sources.map((s) => s.id),
    many.slice(0, NOT_CURRENT_NAMED).map((s) => s.id),
  );
});

test('an answer names the first NOT_SEARCHED_NAMED sources never collected, in the order given, and counts them all', () => {
  const many = Array.from({ length: NOT_SEARCHED_NAMED + 4 }, (_, i) => ({ ...source('pref_13', null), id: `s${i}` }));
  const stale = source('jftc', '2026-11-01T00:00:00Z', 'HTTP 503');
  const { not_searched: notSearched, never_collected: neverCollected } = answerCoverage(
    [stale, ...many],
    undefined,
    now,
    48,
  );
  assert.equal(notSearched.total, NOT_SEARCHED_NAMED + 4);
  assert.equal(notSearched.total, neverCollected);
  assert.deepEqual(
    notSearched.sources.map((s) => s.id),
    many.slice(0, NOT_SEARCHED_NAMED).map((s) => s.id),
  );
  // narrowed by authority as the counts are
  assert.equal(answerCoverage([stale, ...many], 'jftc', now, 48).not_searched.total, 0);
});

test('the same sources asked again answer as worked out anew, before and after a source turns stale', () => {
  const held = [source('jftc', '2026-11-20T00:00:00Z'), source('caa', '2026-11-19T12:00:00Z')];
  const at = (iso: string) => answerCoverage(held, undefined, new Date(iso), 48);
  const anew = (iso: string) => answerCoverage([...held], undefined, new Date(iso), 48);
  for (const iso of [
    '2026-11-21T00:00:00Z',
    '2026-11-21T11:59:59.999Z',
    // caa turns stale 48 hours after its success, jftc 12 hours later
    '2026-11-21T12:00:00Z',
    '2026-11-21T23:59:59Z',
    '2026-11-22T00:00:00Z',
    // a clock set back is answered for its own time, not from what a later time found
    '2026-11-21T00:00:00Z',
  ]) {
    assert.deepEqual(at(iso), anew(iso), iso);
  }
  assert.equal(at('2026-11-21T11:59:59.999Z').stale, 0);
  assert.equal(at('2026-11-21T12:00:00Z').stale, 1);
  assert.equal(at('2026-11-22T00:00:00Z').stale, 2);
  // an authority is an answer of its own
  assert.equal(answerCoverage(held, 'jftc', new Date('2026-11-21T12:00:00Z'), 48).sources, 1);
  assert.equal(answerCoverage(held, undefined, new Date('2026-11-21T12:00:00Z'), 24).stale, 2);
});
