// A cell read as a period: one written alone, or within an action's words (「営業停止（令和7年5月26日～…）」), its
// notation checked on its first date.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPeriod } from '../../../src/ingest/parsers/cell-values.js';

test("a period is read alone, after 自 or 期間, and within an action's words; its notation is its first date's", () => {
  const cases: [string, { from: string; to: string | null }][] = [
    ['令和7年5月26日～令和7年6月9日', { from: '2025-05-26', to: '2025-06-09' }],
    ['自R7.3.14 至R7.6.13', { from: '2025-03-14', to: '2025-06-13' }],
    ['期間：自R7.3.14至R7.6.13', { from: '2025-03-14', to: '2025-06-13' }],
    ['営業停止（令和7年5月26日～令和7年6月9日）', { from: '2025-05-26', to: '2025-06-09' }],
    ['営業停止 R7.3.1から7日間', { from: '2025-03-01', to: '2025-03-07' }],
  ];
  for (const [text, period] of cases) {
    assert.deepEqual(readPeriod(text), { ok: true, period }, text);
    // written in wareki: a source of wareki dates reads it, whatever words come before 自 or the date
    assert.deepEqual(readPeriod(text, { forms: ['wareki'] }), { ok: true, period }, text);
  }
  const western = readPeriod('営業停止（2025/5/26～2025/6/9）', { forms: ['wareki'] });
  assert.equal(western.ok, false);
  if (!western.ok)
    assert.match(
      western.error,
      /^'営業停止（2025\/5\/26～2025\/6\/9）' is a western date, but the source writes its dates in wareki form$/u,
    );
});

test('a period that cannot be read says why: no date, or its first date impossible (never the next date instead)', () => {
  const cases: [string, RegExp][] = [
    ['営業停止（7日間）', /does not start with a date/u],
    ['R7.2.30～R7.6.13', /令和7年2月30日: 2025-02 has no day 30/u],
    ['営業停止（R7.2.30～R7.6.13）', /2025-02 has no day 30/u],
  ];
  for (const [text, message] of cases) {
    const parsed = readPeriod(text);
    assert.equal(parsed.ok, false, text);
    if (!parsed.ok) assert.match(parsed.error, message, text);
  }
});
