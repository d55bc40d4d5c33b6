import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  firstDateAt,
  normaliseDateText,
  parseJapaneseDate,
  parseJapanesePeriod,
  periodLength,
} from '../../src/domain/wareki.js';

test('dates in every form the sources write them', () => {
  const cases: [string, string][] = [
    ['令和7年3月14日', '2025-03-14'],
    ['令和元年5月1日', '2019-05-01'],
    ['令和 7 年 3 月 14 日', '2025-03-14'],
    ['令和７年３月１４日', '2025-03-14'],
    ['令和七年三月十四日', '2025-03-14'],
    ['平成三十一年四月三十日', '2019-04-30'],
    ['令和7年3月14日（金）', '2025-03-14'],
    ['令和7年3月14日 (金曜日)', '2025-03-14'],
    ['R7.3.14', '2025-03-14'],
    ['R 7. 3.14', '2025-03-14'],
    ['r7.3.14', '2025-03-14'],
    ['R.7.3.14', '2025-03-14'],
    ['Ｒ７．３．１４', '2025-03-14'],
    ['R元.5.1', '2019-05-01'],
    ['H30.8.10', '2018-08-10'],
    ['H31.4.30', '2019-04-30'],
    ['H1.1.8', '1989-01-08'],
    ['平成元年1月8日', '1989-01-08'],
    ['S64.1.7', '1989-01-07'],
    ['昭和64年1月7日', '1989-01-07'],
    ['昭和元年12月25日', '1926-12-25'],
    ['T15.12.24', '1926-12-24'],
    ['大正元年7月30日', '1912-07-30'],
    ['明治45年7月29日', '1912-07-29'],
    ['令7.3.14', '2025-03-14'],
    ['平30.8.10', '2018-08-10'],
    ['令和7/3/14', '2025-03-14'],
    ['㋿7年3月14日', '2025-03-14'],
    ['㍻30年8月10日', '2018-08-10'],
    ['2025/3/14', '2025-03-14'],
    ['2025-03-14', '2025-03-14'],
    ['2025.3.14', '2025-03-14'],
    ['2025年3月14日', '2025-03-14'],
    ['２０２５年３月１４日', '2025-03-14'],
    ['２０２５／３／１４', '2025-03-14'],
    ['二〇二五年三月十四日', '2025-03-14'],
    ['2024/2/29', '2024-02-29'],
    [' 2025/3/14 ', '2025-03-14'],
  ];
  for (const [text, date] of cases) assert.deepEqual(parseJapaneseDate(text), { ok: true, date }, text);
});

test('impossible dates and era years past their end are errors that say why', () => {
  const cases: [string, RegExp][] = [
    ['R7.2.30', /2025-02 has no day 30/u],
    ['2025/2/29', /2025-02 has no day 29/u],
    ['令和7年13月1日', /no month 13/u],
    ['H32.1.1', /平成32年1月1日 is after 平成 ended \(2019-04-30\)/u],
    ['H31.5.1', /平成31年5月1日 is after 平成 ended/u],
    ['S64.1.8', /昭和64年1月8日 is after 昭和 ended \(1989-01-07\)/u],
    ['平成元年1月7日', /平成元年1月7日 is before 平成 began \(1989-01-08\)/u],
    ['令和元年4月30日', /before 令和 began \(2019-05-01\)/u],
    ['R0.1.1', /令和 has no year 0/u],
    ['', /blank/u],
    ['令和元年', /not a date/u],
    ['3月14日', /not a date/u],
    ['25/3/14', /not a date/u],
    ['令和7年3月14日頃', /'頃' after the date/u],
    ['三十一十年1月1日', /not a date|cannot be read/u],
  ];
  for (const [text, message] of cases) {
    const parsed = parseJapaneseDate(text);
    assert.equal(parsed.ok, false, text);
    if (!parsed.ok) assert.match(parsed.error, message, text);
  }
});

test('periods: 自/至, range marks, から/まで, an end without its year, a length', () => {
  const cases: [string, string, string | null][] = [
    ['自令和7年3月14日至令和7年6月13日', '2025-03-14', '2025-06-13'],
    ['自 令和7年3月14日\n至 令和7年6月13日', '2025-03-14', '2025-06-13'],
    ['期間：自R7.3.14 至R7.6.13', '2025-03-14', '2025-06-13'],
    ['R7.3.14〜R7.6.13', '2025-03-14', '2025-06-13'],
    ['R7.3.14～R7.6.13', '2025-03-14', '2025-06-13'],
    ['2025/3/14~2025/6/13', '2025-03-14', '2025-06-13'],
    ['2025-03-14 - 2025-06-13', '2025-03-14', '2025-06-13'],
    ['2025-03-14-2025-06-13', '2025-03-14', '2025-06-13'],
    ['R7.3.14－R7.6.13', '2025-03-14', '2025-06-13'],
    ['令和7年3月14日から令和7年6月13日まで', '2025-03-14', '2025-06-13'],
    ['令和6年12月1日から令和7年1月31日まで', '2024-12-01', '2025-01-31'],
    ['令和7年3月14日から同年6月13日まで', '2025-03-14', '2025-06-13'],
    ['令和7年3月14日～6月13日', '2025-03-14', '2025-06-13'],
    ['令和7年3月14日から3か月間', '2025-03-14', '2025-06-13'],
    ['令和7年3月14日から３ヶ月', '2025-03-14', '2025-06-13'],
    ['令和7年1月31日から1箇月間', '2025-01-31', '2025-02-28'],
    ['令和7年3月14日から10日間', '2025-03-14', '2025-03-23'],
    ['令和7年3月14日から2週間', '2025-03-14', '2025-03-27'],
    ['令和7年3月14日から\n令和7年6月13日まで', '2025-03-14', '2025-06-13'],
    ['令和7年3月14日\n～\n令和7年6月13日', '2025-03-14', '2025-06-13'],
    ['令和7年3月14日－令和7年6月13日', '2025-03-14', '2025-06-13'],
    ['令和7年3月14日から令和7年6月13日まで（3か月）', '2025-03-14', '2025-06-13'],
    ['平成31年4月1日〜令和元年5月31日', '2019-04-01', '2019-05-31'],
    ['令和7年3月14日〜令和7年3月14日', '2025-03-14', '2025-03-14'],
    // open-ended
    ['令和7年3月14日から', '2025-03-14', null],
    ['令和7年3月14日〜', '2025-03-14', null],
    ['自令和7年3月14日 至', '2025-03-14', null],
    ['自令和7年3月14日至　', '2025-03-14', null],
    ['令和7年3月14日から無期限', '2025-03-14', null],
    ['令和7年3月14日から当分の間', '2025-03-14', null],
    ['令和7年3月14日以降', '2025-03-14', null],
    ['R7.3.14～当分の間', '2025-03-14', null],
  ];
  for (const [text, from, to] of cases) {
    assert.deepEqual(parseJapanesePeriod(text), { ok: true, period: { from, to } }, text);
  }
});

test('a period that cannot be read is an error that says why', () => {
  const cases: [string, RegExp][] = [
    ['令和7年3月14日', /single date, not a period/u],
    ['令和7年6月13日から令和7年3月14日まで', /ends \(2025-03-14\) before it starts \(2025-06-13\)/u],
    ['令和7年3月14日〜令和7年2月30日', /2025-02 has no day 30/u],
    ['R7.2.30〜R7.6.13', /2025-02 has no day 30/u],
    ['当分の間', /does not start with a date/u],
    ['令和7年3月14日から別途定める日まで', /neither a date nor an open end/u],
    ['令和7年3月14日〜令和7年6月13日ほか', /unexpected 'ほか'/u],
    ['令和7年3月14日及び令和7年6月13日', /where 至, から or 〜 should follow/u],
    ['令和7年3月14日から0か月間', /not a whole number/u],
  ];
  for (const [text, message] of cases) {
    const parsed = parseJapanesePeriod(text);
    assert.equal(parsed.ok, false, text);
    if (!parsed.ok) assert.match(parsed.error, message, text);
  }
});

test("a period's length alone, and where a text's first date starts, possible or not", () => {
  const lengths: [string, { count: number; unit: string } | null][] = [
    ['7日間', { count: 7, unit: '日' }],
    ['（１５日間）', { count: 15, unit: '日' }],
    ['3か月', { count: 3, unit: 'か月' }],
    ['二週間', { count: 2, unit: '週' }],
    ['0日間', null],
    ['営業停止7日間', null],
    ['令和7年3月14日', null],
  ];
  for (const [text, length] of lengths) assert.deepEqual(periodLength(text), length, text);
  const starts: [string, number][] = [
    ['R7.3.14〜R7.6.13', 0],
    ['営業停止(令和7年5月26日〜令和7年6月9日)', 5],
    // an impossible date is still where the date starts: reading it says what is wrong with it
    ['R7.2.30〜R7.6.13', 0],
    ['営業停止(7日間)', -1],
    ['大阪府大阪市北区1-2-3', -1],
  ];
  for (const [text, at] of starts) assert.equal(firstDateAt(normaliseDateText(text)), at, text);
  // a date is looked for near the start of a text only: a hostile cell is not read from every place to its end
  assert.equal(firstDateAt(`${'あ'.repeat(200)}R7.3.14`), -1);
  assert.equal(firstDateAt(`${'あ'.repeat(199)}R7.3.14`), 199);
});
