// An MHLW edition is dated by whatever the ministry printed on it, cover or not. Editions written with
// pdfkit (IPA Gothic) as the ministry lays them out: a cover, then one ruled table a page under its bureau's title.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseMhlwLabourViolationsPdf, MHLW_LABOUR_SOURCE_ID } from './parser.js';
import { sourceRegistry } from '../../registry/source-registry.js';
import { writeTablePdf, type PdfColumn } from '../../../../test/helpers/pdf.js';

const COLUMNS: PdfColumn[] = [
  { header: '企業・事業場名称', x: 30, width: 120 },
  { header: '所在地', x: 150, width: 100 },
  { header: '公表日', x: 250, width: 60 },
  { header: '違反法条', x: 310, width: 130 },
  { header: '事案概要', x: 440, width: 280 },
  { header: 'その他参考事項', x: 720, width: 90 },
];

const row = (name: string, day: string) => [
  name,
  '北海道札幌市北区',
  day,
  '最低賃金法第４条',
  '労働者１名に、最低賃金額以上の賃金を支払わなかったもの',
  `${day}送検`,
];
// two pages, the title at the same height on each: text of two pages is never one line
const PAGES = [[row('（株）見本工業', 'H29.10.6')], [row('見本運送（株）', 'H29.11.20')]];

const COVER = (...lines: string[]) => ['厚生労働省労働基準局監督課', ...lines, '労働基準関係法令違反に係る公表事案'];

/** Each form the ministry prints, and none: the edition's date as the parser reads it. */
const FORMS: { what: string; cover?: string[]; title: string; date: string | null }[] = [
  { what: '掲載日 on the cover', cover: COVER('掲載日：平成29年12月15日'), title: '北海道労働局', date: '2017-12-15' },
  {
    what: '掲載日 over the tables’ 最終更新日',
    cover: COVER('掲載日：平成29年12月15日'),
    title: '北海道労働局　　最終更新日：平成29年11月30日',
    date: '2017-12-15',
  },
  {
    what: 'no cover: 最終更新日 above the tables',
    title: '北海道労働局　　最終更新日：平成29年11月30日',
    date: '2017-11-30',
  },
  {
    what: 'no cover: 最終更新日 spaced out, full-width digits and colon',
    title: '北海道労働局　最 終 更 新 日 ： 平成２９年１１月３０日',
    date: '2017-11-30',
  },
  {
    what: 'a cover with only the period line',
    cover: COVER('（平成28年12月１日～平成29年11月30日公表分）'),
    title: '北海道労働局',
    date: '2017-11-30',
  },
  { what: 'no cover, no date', title: '北海道労働局', date: null },
];

const CONTEXT = {
  source: sourceRegistry().get(MHLW_LABOUR_SOURCE_ID)!,
  url: 'https://www.mhlw.go.jp/content/test.pdf',
  retrieved_at: '2026-11-25T00:00:00Z',
};

test('an MHLW edition is dated by each form the ministry prints, with or without its cover, and by none when none is printed', async () => {
  for (const form of FORMS) {
    const pdf = await writeTablePdf({ cover: form.cover, title: form.title, columns: COLUMNS, pages: PAGES });
    const outcome = await parseMhlwLabourViolationsPdf(new Uint8Array(pdf), CONTEXT);
    assert.ok(outcome.ok, `${form.what}: ${outcome.ok ? '' : outcome.error}`);
    assert.equal(outcome.records.length, 2, form.what);
    assert.deepEqual(
      outcome.records.map((r) => r.source.published_on),
      [form.date, form.date],
      form.what,
    );
  }
});
