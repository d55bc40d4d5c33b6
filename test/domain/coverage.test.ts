// Tests for src/domain/coverage.ts: covered bodies count the bodies the official totals count, not publishers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCoverage, type CoverageSourceInput } from '../../src/domain/coverage.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const NATIONAL = [{ code: 'national', official_total: 19 }];

function source(id: string, publisher: string, counted: string | undefined, collected: boolean): CoverageSourceInput {
  return {
    id,
    publisher_code: publisher,
    group_code: 'national',
    url: `https://example.go.jp/${id}`,
    title: id,
    observed_count: collected ? 3 : 0,
    period_from: null,
    period_to: null,
    last_success_at: collected ? '2026-11-20T00:00:00Z' : null,
    last_error: null,
    ...(counted === undefined ? {} : { counted_body: counted }),
  };
}

test('covered_bodies counts distinct counted bodies of the collected sources', () => {
  const cases: readonly (readonly [string, readonly CoverageSourceInput[], number])[] = [
    ['nothing collected', [source('kanto', 'mlit_kanto_rdb', 'mlit', false)], 0],
    [
      'two bureaus of one ministry count once',
      [source('kanto', 'mlit_kanto_rdb', 'mlit', true), source('tohoku', 'mlit_tohoku_rdb', 'mlit', true)],
      1,
    ],
    [
      'a bureau and its ministry count once',
      [source('kanto', 'mlit_kanto_rdb', 'mlit', true), source('mlit', 'mlit', 'mlit', true)],
      1,
    ],
    [
      'a bureau not collected adds nothing',
      [source('mod', 'mod', 'mod', true), source('kanto', 'mlit_kanto_rdb', 'mlit', false)],
      1,
    ],
    [
      'two ministries count twice',
      [source('mod', 'mod', 'mod', true), source('kanto', 'mlit_kanto_rdb', 'mlit', true)],
      2,
    ],
    [
      'without a counted body, the publisher counts',
      [source('kanto', 'mlit_kanto_rdb', undefined, true), source('tohoku', 'mlit_tohoku_rdb', undefined, true)],
      2,
    ],
  ];
  for (const [name, sources, expected] of cases) {
    const [national] = buildCoverage(NATIONAL, sources, NOW, 48);
    assert.equal(national!.covered_bodies, expected, name);
    assert.equal(national!.coverage_ratio, Math.round((expected / 19) * 10_000) / 10_000, name);
  }
});

test('covered_bodies never exceeds the official total, so the ratio never exceeds 1', () => {
  const many = Array.from({ length: 4 }, (_, i) => source(`s${i}`, `body_${i}`, `body_${i}`, true));
  const [capped] = buildCoverage([{ code: 'national', official_total: 3 }], many, NOW, 48);
  assert.equal(capped!.covered_bodies, 3);
  assert.equal(capped!.coverage_ratio, 1);
  const [open] = buildCoverage([{ code: 'national', official_total: null }], many, NOW, 48);
  assert.equal(open!.covered_bodies, 4, 'no official total, no cap');
  assert.equal(open!.coverage_ratio, null);
});
