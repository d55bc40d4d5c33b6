import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsvTable } from '../../../src/ingest/parsers/csv-table-parser.js';
import type { ParsedList } from '../../../src/ingest/parsers/source-parser.js';
import type { ColumnMapping } from '../../../src/ingest/parsers/column-mapping.js';
import { SUSPENSION_MAPPING, contextFor, expectParsed, fixture } from './parser-fixtures.js';
import { prepareRecords } from '../../../src/ingest/collect/prepare-records.js';
import { NO_NAMESAKES } from '../../../src/domain/companies/link-company.js';
import { MAX_NAME_CHARS, MAX_TEXT_CHARS } from '../../../src/domain/records/text-bounds.js';

const context = contextFor('procurement_suspension');

test('the same list reads alike from Shift_JIS, UTF-8 with a BOM and UTF-8 without one', async (t) => {
  const lists: ParsedList[] = [];
  for (const [name, encoding] of [
    ['suspensions.sjis.csv', 'auto'],
    ['suspensions.sjis.csv', 'shift_jis'],
    ['suspensions.utf8-bom.csv', 'auto'],
    ['suspensions.utf8-bom.csv', 'utf-8'],
    ['suspensions.utf8.csv', 'auto'],
    ['suspensions.utf8.csv', 'utf-8'],
  ] as const) {
    await t.test(`${name} as ${encoding}`, () => {
      const list = expectParsed(parseCsvTable(fixture(name), { ...SUSPENSION_MAPPING, encoding }, context));
      assert.equal(list.records.length, 4);
      lists.push(list);
    });
  }
  assert.equal(new Set(lists.map((l) => JSON.stringify(l.records))).size, 1);
});

test('each row becomes a suspension with its reason classified, the words kept, and the period read', () => {
  const list = expectParsed(parseCsvTable(fixture('suspensions.sjis.csv'), SUSPENSION_MAPPING, context));
  const summary = list.records.map((r) => {
    assert.equal(r.kind, 'procurement_suspension');
    return r.kind === 'procurement_suspension'
      ? [
          r.company.name,
          r.company.prefecture_code,
          r.company.corporate_number ?? null,
          r.reason,
          r.reason_detail,
          r.period.from,
          r.period.to,
        ]
      : [];
  });
  assert.deepEqual(summary, [
    [
      '株式会社テスト建設',
      '13',
      '1180301018771',
      'negligent_poor_workmanship',
      '指名停止措置要領別表第1第2号（過失による粗雑工事）',
      '2025-04-01',
      '2025-06-30',
    ],
    ['（株）サンプル工業', '14', null, 'bid_rigging', '競売入札妨害（刑法第96条の6）', '2025-05-12', '2025-08-11'],
    [
      '有限会社ＡＢＣ舗装',
      '11',
      null,
      'accident_public_harm',
      '安全管理措置の不適切により生じた公衆損害事故',
      '2025-06-01',
      '2025-06-30',
    ],
    ['テスト電気株式会社', '27', null, 'organized_crime_ties', '暴力団関係業者', '2025-07-01', null],
  ]);
  const first = list.records[0]!;
  assert.deepEqual(first.source, {
    id: context.source.id,
    url: context.source.url,
    title: context.source.title,
    published_on: null,
    retrieved_at: context.retrieved_at,
  });
  assert.equal(first.authority, 'pref_13');
  assert.deepEqual(list.period, { from: '2025-04-01', to: '2025-07-01' });
  assert.deepEqual(
    list.skipped_rows,
    [{ row: 6, page: null, reason: 'a blank row', text: null }],
    'the blank row between records',
  );
  assert.equal(list.warnings.length, 1);
  assert.match(list.warnings[0]!, /corporate number '1234567890123' of テスト電気株式会社 is not valid/);
});

test('a renamed column fails the file, naming the missing columns and the row that came closest', () => {
  const outcome = parseCsvTable(fixture('suspensions-renamed-columns.sjis.csv'), SUSPENSION_MAPPING, context);
  assert.equal(outcome.ok, false);
  if (outcome.ok) return;
  assert.match(
    outcome.error,
    /does not have the expected columns: missing 「業者名」 or 「商号又は名称」 \(company_name\), 「措置期間」 or 「指名停止期間」 \(period\)/,
  );
  assert.match(outcome.error, /closest row \(row 3\) has .*\(company_address\)/);
});

test('columns that moved under unchanged headers fail on the rows, naming row, column and value', () => {
  const outcome = parseCsvTable(fixture('suspensions-moved-values.utf8.csv'), SUSPENSION_MAPPING, context);
  assert.equal(outcome.ok, false);
  if (outcome.ok) return;
  assert.match(outcome.error, /^2 of 2 rows of the CSV file could not be read .*nothing was kept/);
  assert.match(
    outcome.problems[0]!,
    /^row 2, column 「措置期間」: '指名停止措置要領別表第1第2号（過失による粗雑工事）' does not start with a date/,
  );
});

test('a row that cannot be read fails alone, with its reason and text; past 5 rows and 20 % the list fails', () => {
  const list = (bad: number) => {
    const rows = Array.from({ length: 60 }, (_, i) =>
      i < bad
        ? `${i + 1},見本建設${i}株式会社,東京都千代田区1-1,,令和7年13月40日,談合`
        : `${i + 1},見本建設${i}株式会社,東京都千代田区1-1,,令和7年4月1日～令和7年6月30日,談合`,
    );
    return new TextEncoder().encode(['番号,業者名,所在地,法人番号,措置期間,措置要件', ...rows].join('\n'));
  };
  const one = expectParsed(parseCsvTable(list(1), SUSPENSION_MAPPING, context));
  assert.equal(one.records.length, 59);
  assert.equal(one.skipped_rows.length, 1);
  const [skipped] = one.skipped_rows;
  assert.equal(skipped!.row, 2);
  assert.match(skipped!.reason, /^unreadable: column 「措置期間」: '令和7年13月40日'/u);
  assert.equal(skipped!.text, '1 | 見本建設0株式会社 | 東京都千代田区1-1 |  | 令和7年13月40日 | 談合');
  assert.equal(expectParsed(parseCsvTable(list(12), SUSPENSION_MAPPING, context)).records.length, 48, '20 %');
  const thirteen = parseCsvTable(list(13), SUSPENSION_MAPPING, context);
  assert.equal(thirteen.ok, false, '13 of 60: more than 5 rows and more than 20 %');
  if (!thirteen.ok)
    assert.match(
      thirteen.error,
      /^13 of 60 rows of the CSV file could not be read .*more than 5 rows and more than 20 % of the rows; nothing was kept/u,
    );
  // a source that sets a rule of its own
  const strict = { ...context, source: { ...context.source, unreadable_rows: { rows: 0, share: 0.01 } } };
  assert.equal(parseCsvTable(list(1), SUSPENSION_MAPPING, strict).ok, false);
});

test('a reordered table still reads: columns are found by their headers, not their places', () => {
  const text = ['措置要件,措置期間,業者名', '贈賄,令和7年4月1日～令和7年4月30日,株式会社テスト'].join('\n');
  const list = expectParsed(
    parseCsvTable(
      Buffer.from(text),
      { columns: { company_name: ['業者名'], reason: ['措置要件'], period: ['措置期間'] } },
      context,
    ),
  );
  assert.equal(list.records.length, 1);
  assert.equal(list.records[0]!.kind === 'procurement_suspension' && list.records[0]!.reason, 'bribery');
});

test('header spellings tolerate spaces, full-width letters and line breaks', () => {
  const text = ['"業　者\n名",措 置 期 間,"措置要件※1"', 'テスト株式会社,R7.4.1～R7.4.30,粗雑工事'].join('\n');
  const list = expectParsed(
    parseCsvTable(
      Buffer.from(text),
      { columns: { company_name: ['業者名'], reason: ['措置要件'], period: ['ＭＥＡＳＵＲＥ', '措置期間'] } },
      context,
    ),
  );
  assert.equal(list.records[0]!.company.name, 'テスト株式会社');
});

test('a truncated file fails as malformed and keeps nothing', () => {
  const outcome = parseCsvTable(fixture('suspensions-truncated.sjis.csv'), SUSPENSION_MAPPING, context);
  assert.equal(outcome.ok, false);
  if (!outcome.ok) assert.match(outcome.error, /the CSV file is malformed \(is it truncated\?\): Quote Not Closed/);
});

test('a file in the wrong encoding fails clearly instead of yielding mojibake', async (t) => {
  await t.test('Shift_JIS bytes read as UTF-8', () => {
    const outcome = parseCsvTable(
      fixture('suspensions.sjis.csv'),
      { ...SUSPENSION_MAPPING, encoding: 'utf-8' },
      context,
    );
    assert.equal(outcome.ok, false);
    if (!outcome.ok)
      assert.match(
        outcome.error,
        /not valid UTF-8 \(first bad byte at line 1\); the bytes read cleanly as Shift_JIS, so the mapping's encoding may be wrong/,
      );
  });
  await t.test('UTF-8 bytes read as Shift_JIS', () => {
    const outcome = parseCsvTable(
      fixture('suspensions.utf8.csv'),
      { ...SUSPENSION_MAPPING, encoding: 'shift_jis' },
      context,
    );
    assert.equal(outcome.ok, false);
    if (!outcome.ok) assert.match(outcome.error, /(does not decode as Shift_JIS|may be UTF-8 rather than Shift_JIS)/);
  });
  await t.test('bytes that are neither', () => {
    const outcome = parseCsvTable(Buffer.from([0x82, 0xa0, 0xff, 0xfd, 0x0a]), SUSPENSION_MAPPING, context);
    assert.equal(outcome.ok, false);
    if (!outcome.ok) assert.match(outcome.error, /neither UTF-8 .* nor Shift_JIS/);
  });
  await t.test('UTF-16', () => {
    const outcome = parseCsvTable(Buffer.from([0xff, 0xfe, 0x41, 0x00]), SUSPENSION_MAPPING, context);
    assert.equal(outcome.ok, false);
    if (!outcome.ok) assert.match(outcome.error, /UTF-16/);
  });
});

test('a list with a header and no rows is an empty list, not an error', () => {
  const list = expectParsed(
    parseCsvTable(Buffer.from('業者名,措置期間,措置要件,所在地,法人番号\n'), SUSPENSION_MAPPING, context),
  );
  assert.deepEqual([list.records, list.period], [[], null]);
});

test('separate from/to columns, an open end and a lifted suspension', () => {
  const mapping = {
    columns: {
      company_name: ['業者名'],
      reason: ['理由'],
      period_from: ['開始日'],
      period_to: ['終了日'],
      lifted_on: ['解除日'],
    },
    date_forms: ['wareki'] as const,
  };
  const text = [
    '業者名,理由,開始日,終了日,解除日',
    'A株式会社,談合,令和7年4月1日,当分の間,令和7年5月1日',
    'B株式会社,贈賄,令和7年4月1日,令和7年9月30日,',
  ].join('\n');
  const list = expectParsed(parseCsvTable(Buffer.from(text), mapping, context));
  const [a, b] = list.records;
  assert.ok(a?.kind === 'procurement_suspension' && b?.kind === 'procurement_suspension');
  assert.deepEqual([a.period, a.status, a.lifted_on], [{ from: '2025-04-01', to: null }, 'lifted', '2025-05-01']);
  assert.deepEqual([b.period, b.status], [{ from: '2025-04-01', to: '2025-09-30' }, undefined]);
  const western = parseCsvTable(
    Buffer.from('業者名,理由,開始日,終了日,解除日\nC株式会社,談合,2025/4/1,,\n'),
    mapping,
    context,
  );
  assert.equal(western.ok, false);
  if (!western.ok)
    assert.match(
      western.problems[0]!,
      /row 2, column 「開始日」: '2025\/4\/1' is a western date, but the source writes its dates in wareki form/,
    );
});

test('a list of two streams: values per stream, a column read where another is blank, a row citing its own page', () => {
  const mapping: ColumnMapping = {
    encoding: 'utf-8',
    columns: {
      company_name: ['company'],
      date: ['date'],
      law: ['provisions'],
      summary: ['provisions'],
      action_type: ['case'],
      record_url: ['release'],
    },
    fallbacks: { company_name: ['subject'], record_url: ['list'] },
    action_types: [['(措)', 'cease_and_desist_order']],
    fixed_by: {
      column: 'stream',
      values: [
        ['sub', { law: 'subcontract_act', action_type: 'recommendation' }],
        ['am', { law: 'antimonopoly_act' }],
      ],
    },
  };
  const csv = [
    'stream,case,date,subject,company,provisions,release,list',
    'am,7(措)1,2025-04-01,見本商事㈱,見本商事株式会社,3条前段,https://example.go.jp/r/1.html,https://example.go.jp/list.html',
    'sub,,2025-05-01,(株)見本工業,,第4条第1項第3号,,https://example.go.jp/list.html',
    'sub,,2026-02-01,見本電機株式会社,見本電機株式会社,取適法第5条第2項第2号,,',
    'am,7(措)2,2025-06-01,ごま油の製造販売業者,,3条後段,,https://example.go.jp/list.html',
  ].join('\n');
  const list = expectParsed(parseCsvTable(Buffer.from(csv), mapping, contextFor('enforcement', 'jftc')));
  assert.deepEqual(
    list.records.map((r) =>
      r.kind === 'enforcement' ? [r.company.name, r.action_type, r.law, r.source.url, r.summary] : [],
    ),
    [
      ['見本商事株式会社', 'cease_and_desist_order', 'antimonopoly_act', 'https://example.go.jp/r/1.html', '3条前段'],
      ['(株)見本工業', 'recommendation', 'subcontract_act', 'https://example.go.jp/list.html', '第4条第1項第3号'],
      [
        '見本電機株式会社',
        'recommendation',
        'entrusted_transactions_act',
        contextFor('enforcement', 'jftc').url,
        '取適法第5条第2項第2号',
      ],
    ],
  );
  assert.deepEqual(
    list.skipped_rows.map((s) => [s.row, s.reason]),
    [[5, 'names no party: a cartel described by its industry']],
  );
  // a column the mapping names outside its fields is required like the others
  const missing = parseCsvTable(
    Buffer.from(csv.replace('stream,', 'kind,')),
    mapping,
    contextFor('enforcement', 'jftc'),
  );
  assert.ok(!missing.ok);
  assert.match(missing.error, /missing 「stream」 \(fixed_by\)/u);
});

test('a date the list prints above its header (…現在, 更新日) dates the edition; none, none', () => {
  const body = fixture('suspensions.utf8.csv').toString('utf8');
  for (const [title, date] of [
    ['指名停止措置一覧（令和７年６月１日現在）', '2025-06-01'],
    ['指名停止措置一覧,,最 終 更 新 日 ： 令和７年６月２日', '2025-06-02'],
    ['指名停止措置一覧（令和7年度）', null],
  ] as const) {
    const bytes = new TextEncoder().encode(body.replace('指名停止措置一覧（令和7年度）', title));
    const list = expectParsed(parseCsvTable(bytes, { ...SUSPENSION_MAPPING, encoding: 'utf-8' }, context));
    assert.deepEqual(new Set(list.records.map((r) => r.source.published_on)), new Set([date]), title);
  }
});

test("a mapping's source_key makes each record's key from those cells: rows the default key would confuse stay apart", () => {
  const text = [
    '番号,業者名,所在地,法人番号,措置期間,措置要件',
    '101,見本建設株式会社,東京都千代田区1-1,,令和7年4月1日～令和7年6月30日,談合',
    '102,見本建設株式会社,東京都千代田区1-1,,令和7年4月1日～令和7年6月30日,談合（別件）',
  ].join('\n');
  const keyed: ColumnMapping = {
    ...SUSPENSION_MAPPING,
    columns: { ...SUSPENSION_MAPPING.columns, scope: ['番号'] },
    source_key: ['scope', 'company_name'],
  };
  const list = expectParsed(parseCsvTable(Buffer.from(text), keyed, context));
  assert.deepEqual(
    list.records.map((r) => r.source_key),
    ['cells:["101","見本建設株式会社"]', 'cells:["102","見本建設株式会社"]'],
  );
  const plain = expectParsed(parseCsvTable(Buffer.from(text), SUSPENSION_MAPPING, context));
  assert.deepEqual(
    plain.records.map((r) => r.source_key),
    [undefined, undefined],
    'without one, validation derives the key',
  );
  const prepared = prepareRecords(list, context.source.id, () => NO_NAMESAKES);
  assert.ok(prepared.ok);
  assert.equal(new Set(prepared.records.map((r) => r.id)).size, 2);
  assert.deepEqual(prepared.warnings, [], 'told apart by their cells, not their order');
  const unkeyed = prepareRecords(plain, context.source.id, () => NO_NAMESAKES);
  assert.ok(unkeyed.ok);
  assert.equal(new Set(unkeyed.records.map((r) => r.id)).size, 2);
  assert.match(
    unkeyed.warnings.join('\n'),
    /^row 3: shares its key with row 2 but differs: kept as a record of its own, key '…#2'/u,
  );
});

test('a row with a cell over the bound of the field it feeds is skipped, naming its column and the bound', () => {
  const row = (name: string, reason: string) => `${name},東京都千代田区1-1,,令和7年4月1日～令和7年6月30日,${reason}`;
  const text = [
    '業者名,所在地,法人番号,措置期間,措置要件',
    row('あ'.repeat(MAX_NAME_CHARS), 'い'.repeat(MAX_TEXT_CHARS)),
    row(`${'あ'.repeat(MAX_NAME_CHARS)}う`, '談合'),
    row('見本建設株式会社', 'い'.repeat(MAX_TEXT_CHARS + 1)),
  ].join('\n');
  const list = expectParsed(parseCsvTable(Buffer.from(text), SUSPENSION_MAPPING, context));
  assert.equal(list.records.length, 1, 'a cell at its bound is kept');
  assert.deepEqual(
    list.skipped_rows.map((r) => [r.row, r.reason]),
    [
      [3, 'unreadable: column 「業者名」: 501 characters, over its bound of 500 (MAX_NAME_CHARS)'],
      [4, 'unreadable: column 「措置要件」: 5,001 characters, over its bound of 5,000 (MAX_TEXT_CHARS)'],
    ],
  );
  assert.ok((list.skipped_rows[1]?.text?.length ?? 0) < 300, 'the skipped row keeps a cut of the cell');
});
