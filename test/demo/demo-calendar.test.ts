// Tests for demo/demo-calendar.ts and the name spellings of demo/demo-record-common.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, addHours, fullWidth, japanInstant, monthsLater, wareki } from '../../demo/demo-calendar.js';
import { formatYen, halfWidthKana } from '../../demo/demo-record-common.js';

describe('demo calendar', () => {
  it('adds days across months and years', () => {
    for (const [date, days, expected] of [
      ['2026-11-21', 0, '2026-11-21'],
      ['2026-11-21', 10, '2026-12-01'],
      ['2026-03-01', -1, '2026-02-28'],
      ['2024-12-31', 1, '2025-01-01'],
    ] as const)
      assert.equal(addDays(date, days), expected);
  });

  it('ends a period of n months on the day before the same day n months on, clamped to short months', () => {
    for (const [from, months, expected] of [
      ['2025-04-01', 3, '2025-06-30'],
      ['2025-01-15', 1, '2025-02-14'],
      ['2025-01-31', 1, '2025-02-27'],
      ['2025-11-10', 12, '2026-11-09'],
    ] as const)
      assert.equal(monthsLater(from, months), expected);
  });

  it('writes instants in UTC from Japan time, and moves them by hours', () => {
    assert.equal(japanInstant('2026-11-20', 3, 2), '2026-11-19T18:02:00Z');
    assert.equal(addHours('2026-11-19T18:02:00Z', 12), '2026-11-20T06:02:00Z');
  });

  it('writes 和暦 dates, full-width digits and yen as notices do', () => {
    assert.equal(wareki('2025-03-14'), '令和7年3月14日');
    assert.equal(wareki('2019-05-01'), '令和元年5月1日');
    assert.equal(wareki('2019-04-30'), '平成31年4月30日');
    assert.equal(fullWidth(2024), '２０２４');
    assert.equal(formatYen(123_450_000), '1億2,345万円');
    assert.equal(formatYen(8_600_000), '860万円');
  });

  it('writes kana half-width, voiced marks apart', () => {
    assert.equal(halfWidthKana('さくら運輸'), 'ｻｸﾗ運輸');
    assert.equal(halfWidthKana('グリーンパシフィック'), 'ｸﾞﾘｰﾝﾊﾟｼﾌｨｯｸ');
  });
});
