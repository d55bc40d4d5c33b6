// The per-address ceiling on uncounted answers, on a clock the test gives: the sliding minute's estimate and when to retry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UncountedCeiling } from '../../src/limits/uncounted-ceiling.js';
import { RefusalMemo } from '../../src/limits/refusal-memo.js';
import type { LimitDecision } from '../../src/limits/limiter-store.js';
import { defaultMaxConnections } from '../../src/http/connection-limits.js';

const T0 = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);

test('an address takes its ceiling in a minute, then is refused until the estimate drains; others are apart', () => {
  const ceiling = new UncountedCeiling(5);
  for (let i = 0; i < 5; i++) assert.equal(ceiling.take('a', T0 + i), null);
  const retryAt = ceiling.take('a', T0 + 10);
  assert.ok(retryAt !== null && retryAt > T0 + 60_000, 'the full minute drains in the next one');
  assert.equal(ceiling.take('b', T0 + 10), null, 'another address is apart');
  // a refusal is not counted: the retry time does not move under a flood
  assert.equal(ceiling.take('a', T0 + 20), retryAt);
  assert.notEqual(ceiling.take('a', retryAt - 1), null);
  assert.equal(ceiling.take('a', retryAt), null, 'taken again at the time it said');
});

for (const [used, at, taken] of [
  // 5 in the previous minute, none in this one: at 0 % of the minute the estimate is 5, full
  [5, 0, false],
  // at 40 % through, 5 × 0.6 = 3, room for one more
  [5, 24_000, true],
  [3, 0, true],
] as const) {
  const ceiling = new UncountedCeiling(5);
  for (let i = 0; i < used; i++) ceiling.take('a', T0 - 60_000 + i);
  test(`${used} answers in the previous minute, ${at} ms into this one: ${taken ? 'taken' : 'refused'}`, () => {
    assert.equal(ceiling.take('a', T0 + at) === null, taken);
  });
}

test('a refusal stands until its retryAt, then is forgotten', () => {
  const memo = new RefusalMemo();
  const decision: LimitDecision = {
    scope: 'client',
    refusal: 'rate_limited',
    minute: { used: 10, freesAt: 2_000 },
    day: { used: 10, freesAt: null },
    retryAt: 2_000,
  };
  memo.remember('k', decision);
  memo.remember(null, decision);
  assert.equal(memo.of('k', 1_999), decision);
  assert.equal(memo.of('other', 1_000), null);
  assert.equal(memo.of(null, 1_000), null);
  assert.equal(memo.of('k', 2_000), null);
  assert.equal(memo.of('k', 1_000), null, 'forgotten once past');
});

test("KOHYO_MAX_CONNECTIONS' default is three quarters of the soft open-file limit", () => {
  const limits = (soft: string) =>
    `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}              1048576              files\n`;
  assert.equal(defaultMaxConnections(limits('1024')), 768);
  assert.equal(defaultMaxConnections(limits('65536')), 49_152);
  assert.equal(defaultMaxConnections(limits('unlimited')), 786_432);
  assert.equal(defaultMaxConnections(''), 768, 'where /proc is not there, 1024 is assumed');
});
