// Golden tests: the nine real editions of the MHLW list (2017 to 2025, test/fixtures/government/mhlw), each parsed once
// (its pages read by pdfjs once per test run, shared with the collection tests: test/helpers/pdf-pages-cache.ts).
//
// Rows in each PDF were counted apart from this parser: poppler's word boxes (pdftotext -bbox) that are a date
// alone (H29.5.10, R2.5.1, or an Excel day count) in the 公表日 column, under each page's 公表日 header; that
// gives 389 for 2022-12-01, one short, because poppler runs 「富山県中新川郡上市町」 into the date beside it
// (page 25, 豊商運輸（株）); the page shows three rows, as read here. The README's "about" counts were made
// from the text and are off by up to three.
//
// Where a transcription disagrees with the parse, the PDF was looked at; every disagreement left is the
// transcription's, of these kinds (the count per edition and field is asserted below):
// - characters outside JIS X 0208 garbled or dropped: 騠 for 髙 (（株）髙野塗装, （有）丸髙, （株）髙橋組, 髙正工業,
//   宮崎髙砂工業, 髙松建設), 郫 for 﨑 (篠﨑造船鉄工所, 尾﨑興業, 山﨑建設), 鉼 for 栁 (青栁工業); dropped in
//   company_list_20180801_to_20190731.tsv (「松建設（株）」, 「山建設（株）」, 「明造園」);
// - its separator, the comma, inside a value: a trailing 「,」 after the last citation (2017-06-01 line 204,
//   2017-11-18 lines 12, 133, 197, 289, 300, 317, 457, 2018-11-30 line 204), one citation cut in two
//   (「第151条,3」, 「第519条,第1項」, 「第45条,第3項」, 「第20条,第16号クレーン等…」 where the PDF prints
//   「第151条3」, 「第519条第1項」, 「第45条第3項」, 「第20条第16号」 and the next citation on its own line), and
//   stray commas in 「労働条,件」, 「第32条,に違反し」, 「（株）西条,土木」;
// - the thousands comma of an amount (約1,483万円) written as a space, or the field cut at it by a quote
//   (「"労働者10名に２か月間の定期賃金合計約1」, the rest in the next column);
// - a word dropped at a line end: 「…定期賃金合計63万円」 for the PDF's 「…合計約63万円」 (000534084 line 37).
// 2019-06-30's transcription has 400 rows of the PDF's 408: it misses eight, which are not counted against it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { EnforcementInput } from '../../../domain/records/record-input.js';
import { MHLW_LABOUR_SOURCE_ID } from './parser.js';
import type { ParsedList } from '../../parsers/source-parser.js';
import { sourceRegistry } from '../../registry/source-registry.js';
import { sharedData } from '../../../../test/helpers/shared-data.js';
import { cachedMhlwParser } from '../../../../test/helpers/pdf-pages-cache.js';
import { agreement, FIELDS, readTranscription, type Field } from '../../../../test/helpers/mhlw-transcription.js';

interface Edition {
  readonly pdf: string;
  readonly tsv?: string;
  /** Rows of the PDF's tables, counted as said above. */
  readonly rows: number;
  /** 掲載日 on the cover. */
  readonly published_on: string;
  /** Transcribed rows whose field differs from the parse, per field; all the transcription's faults. */
  readonly differing?: Readonly<Record<Field, number>>;
  /** Records read off the PDF's page by eye, for the editions with no transcription. */
  readonly samples?: readonly Sample[];
}

type Sample = readonly [key: string, address: string, law_detail: string];

const none = { name: 0, address: 0, date: 0, bureau: 0, laws: 0, summary: 0 };
const EDITIONS: readonly Edition[] = [
  {
    pdf: 'editions/2017-06-01_170510-01.pdf',
    tsv: 'editions/2017-06-01_170510-01.tsv',
    rows: 347,
    published_on: '2017-05-30',
    differing: { ...none, laws: 1 },
  },
  {
    pdf: 'editions/2017-11-18_170510-01.pdf',
    tsv: 'editions/2017-11-18_170510-01.tsv',
    rows: 496,
    published_on: '2017-11-16',
    differing: { ...none, name: 6, laws: 7, summary: 6 },
  },
  {
    pdf: 'editions/2018-07-01_170510-01.pdf',
    tsv: 'editions/2018-07-01_170510-01.tsv',
    rows: 440,
    published_on: '2018-06-29',
    differing: { ...none, name: 3, laws: 1, summary: 4 },
  },
  {
    pdf: 'editions/2018-11-30_180928.pdf',
    tsv: 'editions/2018-11-30_180928.tsv',
    rows: 468,
    published_on: '2018-12-28',
    differing: { ...none, name: 4, laws: 4, summary: 4 },
  },
  {
    pdf: 'editions/2019-06-30_000534084.pdf',
    tsv: 'editions/2019-06-30_000534084.tsv',
    rows: 408,
    published_on: '2019-07-31',
    differing: { ...none, name: 3, laws: 1, summary: 5 },
  },
  {
    pdf: '000534084.pdf',
    tsv: 'company_list_20180801_to_20190731.tsv',
    rows: 414,
    published_on: '2019-08-30',
    differing: { ...none, name: 3, laws: 1, summary: 5 },
  },
  {
    pdf: 'editions/2021-06-01_000776466.pdf',
    rows: 419,
    published_on: '2021-05-31',
    // three citations of three laws, one a regulation the vocabulary does not know (kept as written)
    samples: [
      [
        'mhlw_labour_bureau_23:2021-03-25:(株)ツルタテクノス',
        '愛知県碧南市',
        '労働安全衛生法第20条、クレーン等安全規則第148条、エレベーター構造規格第30条',
      ],
    ],
  },
  {
    pdf: 'editions/2022-12-01_001018384.pdf',
    rows: 390,
    published_on: '2022-11-30',
    samples: [
      // the address overruns its cell (the page shows 「富山県中新川郡上市」 cut at the border) into 公表日's
      ['mhlw_labour_bureau_16:2022-02-21:豊商運輸(株)', '富山県中新川郡上市町', '労働基準法第101条第１項'],
      // 公表日 printed as an Excel day count, 44578, with 「R4.1.17送検」 beside it
      [
        'mhlw_labour_bureau_09:2022-01-17:(株)リアルスター',
        '栃木県鹿沼市',
        '労働安全衛生法第20条、労働安全衛生規則第151条の3',
      ],
      // 「中部エリアセンター」 runs on past the name cell, clipped away at its border (page 36): the name's, not the address's
      [
        'mhlw_labour_bureau_23:2022-07-06:コーユーロジックス(株)中部エリアセンター',
        '愛知県愛西市',
        '労働安全衛生法第20条、労働安全衛生規則第151条の14',
      ],
    ],
  },
  {
    pdf: 'editions/2025-05-30_001483075.pdf',
    rows: 467,
    published_on: '2025-05-30',
    // no 最終更新日 beside the bureau's name in this edition; 「労働安全衛生則」 misspelt in the PDF
    samples: [
      [
        'mhlw_labour_bureau_42:2024-10-09:(有)中村防災五島営業所',
        '長崎県五島市',
        '労働安全衛生法第100条、労働安全衛生則第97条',
      ],
    ],
  },
];

const source = sourceRegistry().get(MHLW_LABOUR_SOURCE_ID)!;

async function parse(edition: Edition): Promise<ParsedList> {
  const bytes = new Uint8Array(fs.readFileSync(sharedData(`mhlw/${edition.pdf}`)));
  const outcome = await cachedMhlwParser(bytes, {
    source,
    url: `https://www.mhlw.go.jp/content/${edition.pdf.split('_').at(-1)}`,
    retrieved_at: '2026-01-27T03:00:00Z',
  });
  if (!outcome.ok) assert.fail(`${edition.pdf}: ${outcome.error}\n${outcome.problems.join('\n')}`);
  return outcome;
}

for (const edition of EDITIONS) {
  test(`MHLW edition ${edition.pdf}: every row of the PDF a record, its fields as transcribed`, async (t) => {
    const outcome = await parse(edition);
    const records = outcome.records as EnforcementInput[];
    const skipped = outcome.skipped_rows.map((row) => `page ${row.page} row ${row.row}: ${row.reason}`);
    assert.deepEqual(skipped, [], 'no row is skipped');
    assert.equal(records.length, edition.rows);
    assert.ok(
      records.every((r) => r.source.published_on === edition.published_on),
      "published_on is the cover's 掲載日",
    );
    assert.equal(new Set(records.map((r) => r.source_key)).size, records.length, 'source keys are unique');
    for (const [key, address, detail] of edition.samples ?? []) {
      const record = records.find((r) => r.source_key === key);
      assert.deepEqual([record?.company.address, record?.law_detail], [address, detail], key);
    }
    let line = `${edition.pdf}: rows ${edition.rows}, records ${records.length}, skipped ${skipped.length}`;
    if (edition.tsv !== undefined && edition.differing !== undefined) {
      const rows = readTranscription(sharedData(`mhlw/${edition.tsv}`));
      const found = agreement(rows, records);
      assert.deepEqual(found.unmatched, [], 'every transcribed row has its record');
      const counts = Object.fromEntries(FIELDS.map((f) => [f, found.differing[f].length]));
      assert.deepEqual(
        counts,
        edition.differing,
        `disagreements:\n${FIELDS.flatMap((f) => found.differing[f].map((d) => `${f} ${d}`)).join('\n')}`,
      );
      for (const f of FIELDS) assert.ok(1 - counts[f] / rows.length >= 0.98, `${f} agrees on under 98 % of rows`);
      line += `; agreement with ${rows.length} transcribed rows: ${FIELDS.map((f) => `${f} ${(100 * (1 - counts[f] / rows.length)).toFixed(1)} %`).join(', ')}`;
    }
    t.diagnostic(line);
  });
}
