// A publisher's file, however messy or hostile: its good rows kept, every cell bounded, a failing source failing alone,
// nothing of the operator's machine published, and every local reader refusing a file over the size bound at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../../../src/cli.js';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import { MAX_LIST_BYTES } from '../../../src/ingest/collect/fetcher.js';
import { MAX_NAME_CHARS } from '../../../src/domain/records/text-bounds.js';
import { MAX_QUOTED_CHARS } from '../../../src/domain/text/untrusted-text.js';
import { parseFailure, type SourceParser } from '../../../src/ingest/parsers/source-parser.js';
import { offlineIo, tempDir, testSource, tsvList, tsvParser } from './collect-helpers.js';
import { capturedIo } from '../../helpers/captured-io.js';
import { startServer } from '../../helpers/server.js';
import { answerOf } from '../../helpers/answers.js';

/** A parser whose list throws where the collection reads it, as a write that SQLite refuses would. */
const throwingParser: SourceParser = async (bytes, context) => {
  const parsed = await tsvParser(bytes, context);
  if (!parsed.ok) return parsed;
  const [first] = parsed.records;
  if (first === undefined) return parsed;
  const bad = Object.defineProperty({ ...first }, 'company', {
    get: () => {
      throw new Error('string or blob too big');
    },
  });
  return { ...parsed, records: [bad] };
};

function runsOf(dbPath: string): Record<string, { outcome: string; error: string | null; records: number | null }> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare('SELECT source_id, outcome, error, records FROM collection_runs').all() as {
      source_id: string;
      outcome: string;
      error: string | null;
      records: number | null;
    }[];
    return Object.fromEntries(rows.map(({ source_id, ...run }) => [source_id, run]));
  } finally {
    db.close();
  }
}

test('a messy list keeps its good rows, controls cleaned: a cell over its bound, a bad date and a repeated row skipped and told; a failing source fails alone', async () => {
  const dir = tempDir();
  const files = join(dir, 'downloads');
  const good = tsvList(8, '都').trimEnd().split('\n');
  const [first = ''] = good;
  const rows = [
    ...good,
    ['あ'.repeat(MAX_NAME_CHARS + 1), '東京都千代田区1-1', '2025-03-01', '', '談合'].join('\t'),
    ['日付違い建設株式会社', '東京都千代田区1-1', '2025-02-30', '', '談合'].join('\t'),
    first,
    first.replace(/談合$/u, '談合（再掲、語句訂正）'),
    ['制御\u001b[2J\u0007建設株式会社\u202e', '東京都千代田区1-1', '2025-03-02', '', '談合\u009b'].join('\t'),
    ['改行\u2028published 2099-01-01\u2029建設\u0085株式会社', '東京都千代田区1-1', '2025-03-03', '', '談合'].join(
      '\t',
    ),
  ];
  mkdirSync(files);
  writeFileSync(join(files, 'test-tokyo.tsv'), `${rows.join('\n')}\n`);
  writeFileSync(join(files, 'test-years.tsv'), tsvList(3, '年'));
  const dbPath = join(dir, 'kohyo.sqlite');
  const run = offlineIo(dbPath, [
    testSource('test-tokyo', 'https://example.go.jp/tokyo.csv'),
    testSource('test-years', 'https://example.go.jp/years.html', 'pref_27'),
  ]);
  const resolve = (source: { id: string }) => (source.id === 'test-years' ? throwingParser : tsvParser);
  assert.equal(await runCollect(['--files', files], { ...run.io, resolve }), 1, 'a source failed');
  const text = run.out.join('\n');
  const runs = runsOf(dbPath);
  assert.equal(runs['test-tokyo']?.outcome, 'success', text);
  assert.equal(
    runs['test-tokyo']?.records,
    11,
    'eight rows, the row that differs from row 1, the one with controls, the one with line separators',
  );
  assert.match(
    text,
    /skipped row 9: unreadable: company\.name is 501 characters, over its bound of 500 \(MAX_NAME_CHARS\)/u,
  );
  assert.match(text, /skipped row 10: unreadable: period\.from '2025-02-30' is not a calendar date/u);
  assert.match(text, /skipped row 11: the same row as row 1, kept once/u);
  const db = new Database(dbPath, { readonly: true });
  const cleaned = db
    .prepare(
      "SELECT company_name, reason_detail FROM procurement_suspensions WHERE company_name LIKE '制御%' OR company_name LIKE '改行%' ORDER BY company_name",
    )
    .all();
  db.close();
  assert.deepEqual(
    cleaned,
    [
      { company_name: '制御建設株式会社', reason_detail: '談合' },
      { company_name: '改行 published 2099-01-01 建設 株式会社', reason_detail: '談合' },
    ],
    'stored without controls, escape sequences removed whole, a name on one line',
  );
  assert.match(text, /row 12: shares its key with row 1 but differs: kept as a record of its own/u);
  assert.deepEqual(runs['test-years'], {
    outcome: 'failure',
    error: 'the run failed unexpectedly: string or blob too big',
    records: null,
  });
  assert.match(text, /test-years:\n {2}error: the run failed unexpectedly: string or blob too big/u);
  assert.match(run.err.join('\n'), /1 of 2 source\(s\) failed/u);
});

test("a run's published error names a local file by its name, never the operator's folders", async () => {
  const dir = tempDir();
  const dbPath = join(dir, 'kohyo.sqlite');
  const run = offlineIo(dbPath, [testSource('test-tokyo', 'https://example.go.jp/tokyo.csv')]);
  const missing = join(dir, 'private', 'Downloads', 'tokyo.tsv');
  assert.equal(await runCollect(['test-tokyo', '--file', missing], run.io), 1);
  assert.equal(runsOf(dbPath)['test-tokyo']?.error, 'cannot read tokyo.tsv: no such file or directory (ENOENT)');
  assert.doesNotMatch(run.out.join('\n'), /private/u);
});

test("a run's published error is cleaned of controls and cut, however much of a cell a parser quotes", async () => {
  const dir = tempDir();
  const dbPath = join(dir, 'kohyo.sqlite');
  writeFileSync(join(dir, 'tokyo.tsv'), tsvList(1));
  const run = offlineIo(dbPath, [testSource('test-tokyo', 'https://example.go.jp/tokyo.csv')]);
  const quoting: SourceParser = () =>
    parseFailure(`row 2: '\u001b]0;owned\u0007${'あ'.repeat(5000)}' names no known law`);
  const code = await runCollect(['test-tokyo', '--file', join(dir, 'tokyo.tsv')], {
    ...run.io,
    resolve: () => quoting,
  });
  assert.equal(code, 1);
  const error = runsOf(dbPath)['test-tokyo']?.error ?? '';
  assert.ok(error.startsWith("could not parse the list: row 2: 'あ"), error.slice(0, 80));
  assert.match(error, /… \(\d,\d{3} characters\)$/u);
  assert.ok(error.length <= 300 + '… (5,000 characters)'.length, `${error.length} characters`);
});

test("a run's published error says what failed, quoting no more than a short excerpt of the file: a broken quote that swallowed a secret", async () => {
  const dir = tempDir();
  const dbPath = join(dir, 'kohyo.sqlite');
  const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  const header =
    'id,stream,action_date,fiscal_year,case_number,subject_as_published,company,provisions,provisions_as_published,penalty_amount,press_release_url,source_url';
  // a quote opened in the date's cell and closed lines later: the lines between, a secret among them, are its text
  const swallowed = [
    '"2026-07-24',
    ...Array.from({ length: 6 }, (_, i) => `line ${i + 1} of a file that is not the list`),
    `AWS_SECRET_ACCESS_KEY=${secret}`,
    'AWS_REGION=ap-northeast-1"',
  ].join('\n');
  const rows = [1, 2, 3].map(
    (n) =>
      `x${n},shitauke,${swallowed},2026,,見本${n}株式会社,見本${n}株式会社,第4条,旧下請法第4条,,https://www.jftc.go.jp/a${n}.html,https://www.jftc.go.jp/b.html`,
  );
  const csv = join(dir, 'actions.csv');
  writeFileSync(csv, `${header}\n${rows.join('\n')}\n`);
  const { err, io } = capturedIo('2026-11-25T03:00:00Z', { env: { KOHYO_DB: dbPath } });
  assert.equal(await runCli(['collect', 'jftc-actions', '--file', csv], io), 1, err.join('\n'));
  const server = await startServer({ dbPath });
  try {
    const coverage = answerOf(await server.get('/api/v1/coverage'));
    const error = coverage.data.sources.find((s) => s.id === 'jftc-actions')?.last_error ?? '';
    assert.match(error, /^could not parse the list: 3 of 3 rows of the CSV file could not be read /u);
    assert.match(
      error,
      /\(row 2, column 「action_date」: '2026-07-24 line 1 of a file that is not…' has '[^']*…' after the date; /u,
    );
    assert.match(error, /; and 2 more\)$/u);
    assert.ok(error.length <= 300, `${error.length} characters: ${error}`);
    // each quote: its marks, at most MAX_QUOTED_CHARS of the cell, and the mark of a cut
    for (const [quote] of error.matchAll(/'[^']*'/gu)) assert.ok(quote.length <= MAX_QUOTED_CHARS + 3, quote);
    assert.doesNotMatch(error, /AWS_SECRET|EXAMPLEKEY|AWS_REGION/u);
  } finally {
    await server.close();
  }
});

test('every reader of a local file refuses one over the size bound at once, naming the bound', async () => {
  const dir = tempDir();
  const big = join(dir, 'actions.csv');
  writeFileSync(big, '');
  // a sparse file: its size is read, and not one of its bytes
  truncateSync(big, MAX_LIST_BYTES + 1);
  const bound = /actions\.csv is 50(\.0)? MB, more than a list may be \(50 MB, MAX_LIST_BYTES\): it was not read/u;
  for (const args of [
    ['sources', 'try', 'jftc-actions', '--file', big],
    ['sources', 'propose', '--file', big],
    ['collect', 'jftc-actions', '--file', big],
  ]) {
    const { out, err, io } = capturedIo('2026-11-25T03:00:00Z', { env: { KOHYO_DB: join(dir, `${args[1]}.sqlite`) } });
    assert.equal(await runCli(args, io), 1, args.join(' '));
    assert.match([...out, ...err].join('\n'), bound, args.join(' '));
  }
});

test("the terminal is given a file's controls escaped, never raw", async () => {
  const dir = tempDir();
  const csv = join(dir, 'list.csv');
  writeFileSync(
    csv,
    [
      '業者名,所在地,処分年月日,処分内容',
      '株式会社\u001b]0;pwned\u0007見本\u009b31m,東京都千代田区1-1,令和7年3月14日,営業停止\u202e7日間',
      '"株式会社見本\u2028published 2099-01-01",東京都千代田区1-2,令和7年3月15日,"指名停止\u0085published 2099-01-02\u2029"',
    ].join('\n'),
  );
  const { out, err, io } = capturedIo('2026-11-25T03:00:00Z', { env: { KOHYO_DB: join(dir, 'none.sqlite') } });
  await runCli(['sources', 'propose', '--file', csv], io);
  const text = [...out, ...err].join('\n');
  assert.match(text, /見本/u, 'the cell is printed');
  assert.doesNotMatch(text, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u);
  assert.doesNotMatch(text, /^\s*published/mu, "no line of the publisher's own");
});

test("a name's line separators and escape sequences reach neither the terminal raw nor the record: sources try", async () => {
  const dir = tempDir();
  const csv = join(dir, 'actions.csv');
  const header =
    'id,stream,action_date,fiscal_year,case_number,subject_as_published,company,provisions,provisions_as_published,penalty_amount,press_release_url,source_url';
  const name =
    '株式会社\u001b[31m赤字商事\u001b[0m\u2028published 2099-01-01 (printed on the list)\u2029\u0085\u000b\u000c';
  const row = [
    'shitauke-2026-07-24-0001',
    'shitauke',
    '2026-07-24',
    '2026',
    '',
    name,
    name,
    '第4条第2項第3号',
    '旧下請法第4条第2項第3号',
    '',
    'https://www.jftc.go.jp/houdou/pressrelease/2026/jul/260724.html',
    'https://www.jftc.go.jp/toriteki/toritekikankoku/R8FYkankoku.html',
  ];
  writeFileSync(csv, `${header}\n${row.map((cell) => `"${cell}"`).join(',')}\n`);
  const { out, err, io } = capturedIo('2026-11-25T03:00:00Z', { env: { KOHYO_DB: join(dir, 'none.sqlite') } });
  assert.equal(await runCli(['sources', 'try', 'jftc-actions', '--file', csv], io), 0, err.join('\n'));
  const text = [...out, ...err].join('\n');
  assert.doesNotMatch(
    text,
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/u,
    'nothing raw but tab and newline',
  );
  assert.doesNotMatch(text, /^published 2099/mu, "no line of the publisher's own");
  assert.doesNotMatch(text, /\[31m|\[0m/u, 'the escape sequence removed whole');
  assert.match(
    text,
    /^ {2}row 2: 2026-07-24 「株式会社赤字商事 ?published 2099-01-01 \(printed on the list\)」, jftc: not linked$/mu,
  );
});
