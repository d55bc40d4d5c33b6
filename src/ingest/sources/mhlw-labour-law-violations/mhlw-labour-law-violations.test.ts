import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { validateRecordLine } from '../../../domain/records/record-validation.js';
import type { EnforcementInput } from '../../../domain/records/record-input.js';
import { authorities } from '../../../domain/vocabularies/authorities.js';
import { parseJapaneseDate } from '../../../domain/wareki.js';
import {
  MHLW_LABOUR_LIST_URL,
  MHLW_LABOUR_SOURCE_ID,
  mhlwRecordsFromPages,
  parse as parseMhlwLabourViolationsPdf,
} from './parser.js';
import { sourceRegistry } from '../../registry/source-registry.js';
import type { ParseContext } from '../../parsers/source-parser.js';
import type { PdfPage } from '../../parsers/pdf-page.js';
import { cachedPdfPages } from '../../../../test/helpers/pdf-pages-cache.js';
import { sharedData } from '../../../../test/helpers/shared-data.js';

// The ministry's PDF and its hand transcription by nyampire/jp_labor_act_illegal_list (CC0), both unedited.
const PDF = sharedData('mhlw/000534084.pdf');
const TSV = sharedData('mhlw/company_list_20180801_to_20190731.tsv');
const CONTEXT: ParseContext = {
  source: sourceRegistry().get(MHLW_LABOUR_SOURCE_ID)!,
  url: MHLW_LABOUR_LIST_URL,
  retrieved_at: '2026-01-27T03:00:00Z',
};

// Read once per test run (test/helpers/pdf-pages-cache.ts): the parse below, and the pages the row-failure test alters.
const pages = cachedPdfPages(new Uint8Array(fs.readFileSync(PDF)));
const parsed = pages.then((read) => mhlwRecordsFromPages(read, CONTEXT));

async function records(): Promise<EnforcementInput[]> {
  const outcome = await parsed;
  if (!outcome.ok) assert.fail(`${outcome.error}\n${outcome.problems.join('\n')}`);
  return outcome.records as EnforcementInput[];
}

// Every field where the parse and the transcription differ after white space is removed, by TSV line
// (the header is line 1) and field. Each was checked against the PDF's own text: the parse follows the PDF.
const EXPLAINED: Readonly<Record<string, string>> = {
  '4:summary': 'transcription typo: a stray comma in 「労働条,件」',
  '37:summary': 'transcription dropped 「約」 at the end of the PDF line (「…定期賃金合計約」 / 「63万円…」)',
  '82:summary': 'encoding: the transcription has WAVE DASH 〜 (U+301C) where the PDF has FULLWIDTH TILDE ～ (U+FF5E)',
  '110:name': 'transcription dropped 髙 (not in JIS X 0208): 「松建設（株）」 for 「髙松建設（株）」',
  '152:summary': "encoding: 〜 (U+301C) for the PDF's ～ (U+FF5E)",
  '153:summary': "encoding: 〜 (U+301C) for the PDF's ～ (U+FF5E)",
  '154:summary': "encoding: 〜 (U+301C) for the PDF's ～ (U+FF5E)",
  '155:summary': "encoding: 〜 (U+301C) for the PDF's ～ (U+FF5E)",
  '156:summary': "encoding: 〜 (U+301C) for the PDF's ～ (U+FF5E)",
  '157:summary': "encoding: 〜 (U+301C) for the PDF's ～ (U+FF5E)",
  '259:name':
    "encoding: MINUS SIGN − (U+2212) for the PDF's FULLWIDTH HYPHEN-MINUS － (U+FF0D) in 「（株）ｆ－プランニング」",
  '282:laws':
    'transcription split 「労働安全衛生法施行令第20条第16号」 after 第20条 and ran 「第16号」 into the next citation (「第16号クレーン等安全規則第221条」); the PDF prints one citation a line',
  '298:name': 'transcription dropped 﨑 (not in JIS X 0208): 「山建設（株）」 for 「山﨑建設（株）」',
  '321:summary': "encoding: 〜 (U+301C) for the PDF's ～ (U+FF5E)",
  '331:summary': 'transcription typo: a stray comma in 「労働基準法第32条,に違反し」',
  '342:summary':
    'transcription wrote the thousands comma of 「約1,370万円」 as a space (its own separator is the comma)',
  '369:summary': "encoding: 〜 (U+301C) for the PDF's ～ (U+FF5E)",
  '396:name': 'transcription dropped 瀨 (not in JIS X 0208): 「明造園」 for 「明瀨造園」',
  '400:summary': 'transcription typo: a stray comma in 「労働条,件」',
};

interface Comparison {
  /** `${line}:${field}` → what the transcription says and what the parse says. */
  readonly strict: Map<string, string>;
  /** Records whose fields all agree once the transcription's own conventions are allowed for (see `lenient`). */
  readonly agreeing: number;
}

const strict = (text: string) => text.replace(/\s+/gu, '');
// Allowed for in the agreement rate, and nowhere else: the CP932 round trip that maps ～ and － to 〜 and −,
// and ASCII commas, which the transcription uses as its separator and so could not hold as text.
const lenient = (text: string) => strict(text).replace(/〜/gu, '～').replace(/−/gu, '－').replace(/,/gu, '');

function compare(rows: readonly string[][], parsed: readonly EnforcementInput[]): Comparison {
  const differences = new Map<string, string>();
  let agreeing = 0;
  rows.forEach((row, i) => {
    const line = i + 2;
    const record = parsed[i];
    const [bureau = '', , name = '', address = '', published = '', laws = '', summary = ''] = row;
    const date = parseJapaneseDate(published);
    const fields: [string, string, string][] = [
      ['bureau', bureau, record ? (authorities.get(record.authority)?.name ?? record.authority) : ''],
      ['name', name, record?.company.name ?? ''],
      ['address', address, record?.company.address ?? ''],
      ['date', date.ok ? date.date : published, record?.date ?? ''],
      ['laws', laws.split(',').join('、'), record?.law_detail ?? ''],
      ['summary', summary, record?.summary ?? ''],
    ];
    let agrees = true;
    for (const [field, expected, actual] of fields) {
      if (strict(expected) !== strict(actual)) differences.set(`${line}:${field}`, `${expected} ≠ ${actual}`);
      if (lenient(expected) !== lenient(actual)) agrees = false;
    }
    if (agrees) agreeing++;
  });
  return { strict: differences, agreeing };
}

function transcription(): string[][] {
  const lines = fs
    .readFileSync(TSV, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  assert.deepEqual(lines[0]?.split('\t'), [
    '管轄',
    '最終更新日',
    '企業・事業場名称',
    '所在地',
    '公表日',
    '違反法条',
    '事案概要',
    'その他参考事項',
  ]);
  return lines.slice(1).map((line) => line.split('\t'));
}

test('the PDF parse agrees with the hand transcription on at least 98 % of its 414 records', async () => {
  const rows = transcription();
  const parsedRecords = await records();
  assert.equal(rows.length, 414);
  assert.equal(parsedRecords.length, 414);
  const { strict: differences, agreeing } = compare(rows, parsedRecords);
  const unexplained = [...differences].filter(([key]) => !(key in EXPLAINED)).map(([key, diff]) => `${key}: ${diff}`);
  assert.deepEqual(unexplained, [], 'new disagreements with the transcription: check them against the PDF');
  const stale = Object.keys(EXPLAINED).filter((key) => !differences.has(key));
  assert.deepEqual(stale, [], 'explained disagreements that no longer occur: remove them');
  assert.ok(agreeing / rows.length >= 0.98, `agreement ${agreeing}/${rows.length}`);
  assert.equal(agreeing, 409); // 5 records differ in content: lines 37, 110, 282, 298, 396
  assert.equal(rows.length - differences.size, 395); // field-for-field after white space alone: 19 differences
});

test('every record is a valid enforcement record of its labour bureau', async () => {
  const parsedRecords = await records();
  parsedRecords.forEach((record, i) => {
    const valid = validateRecordLine(record, i + 1);
    assert.ok(valid.ok, JSON.stringify(valid));
    assert.match(record.authority, /^mhlw_labour_bureau_\d{2}$/u);
  });
  const keys = new Set(parsedRecords.map((r) => r.source_key));
  assert.equal(keys.size, parsedRecords.length, 'source keys are unique');
  const bureaus = new Set(parsedRecords.map((r) => r.authority));
  assert.equal(bureaus.size, 45); // 秋田 and 福井 published no case in the year
  assert.deepEqual(parsedRecords[0], {
    kind: 'enforcement',
    source_key: 'mhlw_labour_bureau_01:2018-08-10:菱和黒島工業',
    company: { name: '菱和黒島工業', corporate_number: null, address: '北海道札幌市北区', prefecture_code: '01' },
    authority: 'mhlw_labour_bureau_01',
    source: {
      id: 'mhlw-labour-law-violations',
      url: 'https://www.mhlw.go.jp/content/000534084.pdf',
      title: '労働基準関係法令違反に係る公表事案（平成30年8月1日～令和元年7月31日公表分）',
      published_on: '2019-08-30',
      retrieved_at: '2026-01-27T03:00:00Z',
    },
    law: 'industrial_safety_and_health_act',
    laws: ['industrial_safety_and_health_act'],
    law_detail: '労働安全衛生法第100条、労働安全衛生規則第97条',
    action_type: 'prosecution_referral',
    date: '2018-08-10',
    summary: '４日以上の休業を要する労働災害が発生したのに、遅滞なく労働者死傷病報告を提出しなかったもの',
  });
  // A company from another prefecture, named by the bureau that referred it.
  const zephor = parsedRecords[1];
  assert.equal(zephor?.company.prefecture_code, '27');
  assert.equal(zephor?.authority, 'mhlw_labour_bureau_01');
  const crane = parsedRecords.find((r) => r.company.name === '中畑木材（株）');
  assert.equal(crane?.law_detail, '労働安全衛生法第61条、労働安全衛生法施行令第20条第16号、クレーン等安全規則第221条');
  const outcome = await parsed;
  assert.deepEqual(outcome.ok && outcome.period, { from: '2018-08-01', to: '2019-07-31' });
});

test('a truncated PDF and a file that is not a PDF fail with a message that says so', async () => {
  const bytes = fs.readFileSync(PDF);
  const cases: [string, Uint8Array, RegExp][] = [
    [
      'first half',
      bytes.subarray(0, bytes.length >> 1),
      /cannot be read: the PDF is truncated: no %%EOF marker at its end/u,
    ],
    [
      'first half, %%EOF appended',
      Buffer.concat([bytes.subarray(0, bytes.length >> 1), Buffer.from('\n%%EOF\n')]),
      /cannot be read: the PDF cannot be opened \(damaged, truncated or encrypted\)/u,
    ],
    [
      'an HTML error page',
      Buffer.from('<!DOCTYPE html><html><body>404 Not Found</body></html>'),
      /cannot be read: not a PDF: the file does not start with %PDF- \(it starts with "<!DOCTYPE html><"\)/u,
    ],
    ['the TSV', fs.readFileSync(TSV), /not a PDF/u],
    ['an empty file', new Uint8Array(0), /the file is empty, not a PDF/u],
  ];
  for (const [what, input, message] of cases) {
    const outcome = await parseMhlwLabourViolationsPdf(new Uint8Array(input), CONTEXT);
    assert.equal(outcome.ok, false, what);
    if (!outcome.ok) assert.match(outcome.error, message, what);
  }
});

test('a row that cannot be read is skipped alone with its reason; the list fails past 5 such rows and 20 %, or without its table', async () => {
  const [cover, page2] = (await pages) as [PdfPage, PdfPage, ...PdfPage[]];
  const good = mhlwRecordsFromPages([cover, page2], CONTEXT);
  assert.equal(good.ok && good.records.length, 9);
  const first = page2.items.find((item) => item.text === 'H30.8.10');
  const badDate = {
    ...page2,
    items: page2.items.map((item) => (item === first ? { ...item, text: 'H30.2.30' } : item)),
  };
  // One bad row in the whole list of 414 is skipped alone, as is one in page 2's 9 rows; none of them read fails it.
  const all = await pages;
  const dated = mhlwRecordsFromPages(
    all.map((page) => (page.number === 2 ? badDate : page)),
    CONTEXT,
  );
  if (!dated.ok) assert.fail(dated.error);
  assert.equal(dated.records.length, 413);
  assert.deepEqual(dated.skipped_rows, [
    {
      row: 1,
      page: 2,
      reason: "公表日 'H30.2.30': 平成30年2月30日: 2018-02 has no day 30",
      text: '菱和黒島工業 | 北海道札幌市北区 | H30.2.30 | 労働安全衛生法第100条労働安全衛生規則第97条 | ４日以上の休業を要する労働災害が発生したのに、遅滞なく労働者死傷病報告を提出しなかったもの | H30.8.10送検',
    },
  ]);
  const short = mhlwRecordsFromPages([cover, badDate], CONTEXT);
  assert.equal(short.ok && short.records.length, 8);
  // a source that must read whole says so on its entry
  const strict = { ...CONTEXT, source: { ...CONTEXT.source, unreadable_rows: { rows: 0, share: 0 } } };
  const refused = mhlwRecordsFromPages([cover, badDate], strict);
  assert.equal(refused.ok, false);
  if (!refused.ok) {
    assert.match(
      refused.error,
      /^1 of the 9 rows of the MHLW labour-law violation list cannot be read, more than 0 rows and more than 0 % of the rows; nothing was kept$/u,
    );
    assert.deepEqual(refused.problems, [
      "row 1 (page 2, 菱和黒島工業): 公表日 'H30.2.30': 平成30年2月30日: 2018-02 has no day 30",
    ]);
  }
  const untitled = { ...page2, items: page2.items.filter((item) => item.text !== '北海道労働局') };
  const noBureau = mhlwRecordsFromPages([cover, untitled], CONTEXT);
  assert.equal(noBureau.ok, false);
  if (!noBureau.ok) {
    assert.match(
      noBureau.error,
      /^9 of the 9 rows of the MHLW labour-law violation list cannot be read, more than 5 rows and more than 20 % of the rows; nothing was kept$/u,
    );
    assert.match(
      noBureau.problems[0] ?? '',
      /^row 1 \(page 2, 菱和黒島工業\): no labour bureau \(…労働局\) is named above the table$/u,
    );
  }
  const renamed = {
    ...page2,
    items: page2.items.map((item) => (item.text === '違反法条' ? { ...item, text: '違反条文' } : item)),
  };
  const noLaws = mhlwRecordsFromPages([cover, renamed], CONTEXT);
  assert.match(
    noLaws.ok ? '' : noLaws.error,
    /not laid out as expected: the table's header \(企業・事業場名称, 所在地, 公表日, 違反条文, 事案概要, その他参考事項\) has no 違反法条/u,
  );
  const unruled = mhlwRecordsFromPages([cover, { ...page2, rules: [] }], CONTEXT);
  assert.match(
    unruled.ok ? '' : unruled.error,
    /no ruled table with the header 企業・事業場名称, 所在地, 公表日, … in the PDF's 2 pages/u,
  );
  const coverOnly = mhlwRecordsFromPages([cover], CONTEXT);
  assert.match(coverOnly.ok ? '' : coverOnly.error, /no ruled table with the header/u);
});

test('the bureau is the one named nearest above the table; a page naming none goes on with the page before', async () => {
  const [cover, page2, page3] = (await pages) as [PdfPage, PdfPage, PdfPage, ...PdfPage[]];
  const title = page2.items.find((item) => item.text === '北海道労働局')!;
  // Another bureau's name higher on the page (the end of another table, say) is not this table's.
  const higher = { ...page2, items: [...page2.items, { ...title, text: '青森労働局', y: title.y + 20 }] };
  const untitled = { ...page3, items: page3.items.filter((item) => !item.text.includes('労働局')) };
  const outcome = mhlwRecordsFromPages([cover, higher, untitled], CONTEXT);
  if (!outcome.ok) assert.fail(outcome.error);
  assert.deepEqual(outcome.skipped_rows, []);
  assert.ok(outcome.records.length > 9);
  assert.deepEqual(
    [...new Set(outcome.records.map((r) => (r as EnforcementInput).authority))],
    ['mhlw_labour_bureau_01'],
  );
});

test("published_on is the cover's 掲載日, or without one the latest 最終更新日 of the bureaus' tables", async () => {
  const [cover, page2] = (await pages) as [PdfPage, PdfPage, ...PdfPage[]];
  const dated = (outcome: ReturnType<typeof mhlwRecordsFromPages>) =>
    outcome.ok ? (outcome.records[0] as EnforcementInput).source.published_on : outcome.error;
  assert.equal(dated(mhlwRecordsFromPages([cover, page2], CONTEXT)), '2019-08-30');
  const undated = { ...cover, items: cover.items.filter((item) => !item.text.includes('掲載日')) };
  assert.equal(dated(mhlwRecordsFromPages([undated, page2], CONTEXT)), '2019-07-31');
});
