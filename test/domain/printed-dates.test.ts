// Tests for src/domain/printed-dates.ts: every form a publisher prints its list's date in, in any spacing or width.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printedDates, printedEditionDate } from '../../src/domain/printed-dates.js';

test('each printed form, in any spacing or width, gives its date', () => {
  const cases: [string, keyof ReturnType<typeof printedDates>, string][] = [
    ['掲載日：令和元年8月30日', 'posted', '2019-08-30'],
    ['掲載日:令和元年８月３０日', 'posted', '2019-08-30'],
    ['掲 載 日 ： 令 和 元 年 ８ 月 ３ ０ 日', 'posted', '2019-08-30'],
    ['掲載年月日　2019年8月30日（金）', 'posted', '2019-08-30'],
    ['公開日 2019/08/30', 'posted', '2019-08-30'],
    ['北海道労働局　最終更新日：平成29年11月30日', 'updated', '2017-11-30'],
    ['北海道労働局 最 終 更 新 日 ： 平成２９年１１月３０日', 'updated', '2017-11-30'],
    ['最終更新日　Ｈ２９．１１．３０', 'updated', '2017-11-30'],
    ['更新日：令和7年4月1日', 'updated', '2025-04-01'],
    ['令和７年４月１日現在', 'as_of', '2025-04-01'],
    ['（平成30年8月1日～令和元年7月31日公表分）', 'period_end', '2019-07-31'],
    ['(平成３０年８月１日〜令和元年７月３１日公表分)', 'period_end', '2019-07-31'],
    ['平成28年10月１日～平成29年４月30日掲載分', 'period_end', '2017-04-30'],
  ];
  for (const [line, kind, date] of cases) {
    const found = printedDates([line]);
    assert.equal(found[kind], date, line);
    for (const other of ['posted', 'updated', 'as_of', 'period_end'] as const)
      if (other !== kind) assert.equal(found[other], null, `${line}: ${other}`);
  }
});

test('the edition date: 掲載日, else the latest 最終更新日, else …現在, else the period end; none from other dates', () => {
  const cover = [
    '厚生労働省労働基準局監督課',
    '掲載日：平成29年12月15日',
    '（平成28年12月1日～平成29年11月30日公表分）',
  ];
  const tables = ['北海道労働局 最終更新日：平成29年11月30日', '青森労働局 最終更新日：平成29年10月31日'];
  assert.equal(printedEditionDate([...cover, ...tables]), '2017-12-15');
  assert.equal(printedEditionDate(tables), '2017-11-30', 'the newest bureau table dates the list');
  assert.equal(printedEditionDate([cover[2]!, '令和元年7月1日現在']), '2019-07-01');
  assert.equal(printedEditionDate([cover[2]!]), '2017-11-30');
  // a case's own date, an unlabelled date, an impossible date, no date: nothing printed about the list
  assert.equal(printedEditionDate(['（株）見本 H29.10.6 最低賃金法第４条 H29.10.6送検']), null);
  assert.equal(printedEditionDate(['平成29年11月30日']), null);
  assert.equal(printedEditionDate(['最終更新日：平成29年2月30日']), null);
  assert.equal(printedEditionDate([]), null);
  // a paragraph is not a date line (and bounds the scan)
  assert.equal(printedEditionDate([`掲載日：令和元年8月30日${'あ'.repeat(400)}`]), null);
});
