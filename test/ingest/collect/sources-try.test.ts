// `kohyo sources try <source> (--file F | --url U)`: a dry run that writes nothing and shows what the list would give.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../../src/cli.js';
import { runSources } from '../../../src/ingest/collect/sources-command.js';
import { MHLW_LABOUR_SOURCE_ID } from '../../../src/ingest/sources/mhlw-labour-law-violations/parser.js';
import { cachedMhlwResolver } from '../../helpers/pdf-pages-cache.js';
import { sharedData } from '../../helpers/shared-data.js';
import { demoDatabase } from '../../helpers/server.js';
import { startFixtureServer, tempDir, testFetcher } from './collect-helpers.js';
import { capturedIo } from '../../helpers/captured-io.js';

const io = (dbPath: string) => capturedIo('2026-11-25T03:00:00Z', { env: { KOHYO_DB: dbPath } });

test('a table source tried on its real list: each field with its column, the records, the skipped rows and why, the edition; nothing written', async () => {
  const dbPath = join(tempDir(), 'none.sqlite');
  const run = io(dbPath);
  const code = await runCli(['sources', 'try', 'jftc-actions', '--file', sharedData('jftc/actions.csv')], run.io);
  assert.equal(code, 0, run.err.join('\n'));
  const text = run.out.join('\n');
  assert.match(text, /^jftc-actions: 1 file\(s\) read with csv-table, through its mapping; nothing was written$/mu);
  assert.match(text, /^columns: .*company_name ← 「company」.*date ← 「action_date」/mu);
  assert.match(text, /^edition: 2026-07-24 \(the list's newest record\)$/mu);
  // docs/data-sources.md: of its 361 rows, 228 are records and 133 name no party
  assert.match(
    text,
    /^228 record\(s\) it would give: 0 with the source's Corporate Number, 0 linked by name and address \(no links tried: no dataset at /mu,
  );
  assert.match(text, /^rows: 361 read, 228 kept as records, 133 skipped$/mu);
  assert.match(text, /^ {2}row \d+: 20\d\d-\d\d-\d\d 「[^」]+」/mu);
  // the first ten records and the first ten skipped rows one by one, the rest counted
  assert.equal(text.match(/^ {2}row \d+: /gmu)?.length, 10);
  assert.match(text, /^ {2}and 218 more records \(--all shows every one\)$/mu);
  assert.match(text, /^133 row\(s\) it would skip, with the reason and the row of each$/mu);
  assert.equal(text.match(/^ {2}skipped row \d+: names no party: /gmu)?.length, 10);
  assert.match(text, /^ {2}skipped row \d+: names no party: a cartel described by its industry: /mu);
  assert.match(text, /^ {2}and 123 more skipped rows: 123 names no party$/mu);
  assert.equal(existsSync(dbPath), false, 'a dry run creates no dataset');
  // --all: every record and every skipped row, one by one, none counted
  const all = io(dbPath);
  const listed = ['sources', 'try', 'jftc-actions', '--file', sharedData('jftc/actions.csv'), '--all'];
  assert.equal(await runCli(listed, all.io), 0, all.err.join('\n'));
  const every = all.out.join('\n');
  assert.equal(every.match(/^ {2}row \d+: /gmu)?.length, 228);
  assert.equal(every.match(/^ {2}skipped row \d+: names no party: /gmu)?.length, 133);
  assert.doesNotMatch(every, /more records|more skipped rows/u);
});

test('--url reads the list at that address as the source reads its own', async () => {
  const page = readFileSync(sharedData('caa/keihyo_release_2024_index.main.html'));
  const server = await startFixtureServer({
    '/release/': (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page),
  });
  try {
    const run = io(join(tempDir(), 'none.sqlite'));
    const code = await runSources(['try', 'caa-keihyo-actions', '--url', server.url('/release/')], {
      dbPath: run.io.env.KOHYO_DB,
      stdout: run.io.stdout,
      stderr: run.io.stderr,
      now: run.io.now,
      fetcher: testFetcher(),
    });
    assert.equal(code, 0, run.err.join('\n'));
    const text = run.out.join('\n');
    // an index has no columns: the parser of its own says where it reads each field
    assert.match(text, /^columns: none \(no field is read from a column by its header\)$/mu);
    assert.match(text, /^read otherwise:$\n(?: {2}\S+ ← .+\n)*? {2}date ← the <time datetime> of each release/mu);
    assert.match(text, /^ {2}company_name ← the release title, the companies before 「に対する」/mu);
    assert.match(text, /^fixed by the registry: law = premiums_and_representations_act$/mu);
    assert.match(text, /^edition: 2025-03-27 \(printed on the list\)$/mu);
    assert.match(text, /^22 record\(s\) it would give/mu);
    assert.match(text, /skipped row 13: the release is not an order or an approval/u);
  } finally {
    await server.close();
  }
});

test('sources try refuses what it cannot try, saying why', async (t) => {
  const cases: readonly (readonly [string, readonly string[], number, RegExp])[] = [
    ['no list given', ['jftc-actions'], 2, /give either --file F or --url U/],
    ['both given', ['jftc-actions', '--file', 'a', '--url', 'https://x.test/'], 2, /give either --file F or --url U/],
    ['an unknown source', ['no-such-source', '--file', 'a'], 2, /no source 'no-such-source' in the registry \(see/],
    [
      'a mistyped source, with the nearest ids',
      ['jftc-action', '--file', 'a'],
      2,
      /no source 'jftc-action' in the registry; the nearest: jftc-actions\b/,
    ],
    [
      'a source no module reads yet',
      ['ppc-actions', '--file', 'a'],
      2,
      /'ppc-actions' is registered, but no module reads its list yet .*kohyo sources propose/,
    ],
    ['an address that is not http', ['jftc-actions', '--url', 'ftp://x'], 2, /is not an http\(s\) URL/],
    ['an unknown option', ['jftc-actions', '--flie', 'a'], 2, /Unknown option '--flie'/],
    [
      'a file that is not there',
      ['jftc-actions', '--file', '/nonexistent/list.csv'],
      1,
      /cannot read list\.csv: no such file or directory \(ENOENT\)/,
    ],
  ];
  for (const [name, args, exit, message] of cases) {
    await t.test(name, async () => {
      const run = io(join(tempDir(), 'none.sqlite'));
      assert.equal(await runCli(['sources', 'try', ...args], run.io), exit);
      assert.match(run.err.join('\n'), message);
    });
  }
});

test('a list its own parser reads: the header each field came from, what it reads otherwise, the rows it skips and why', async (t) => {
  const cases = [
    {
      source: 'mhlw-labour-law-violations',
      file: 'mhlw/000534084.pdf',
      says: [
        /^mhlw-labour-law-violations: 1 file\(s\) read with mhlw-labour-violations-pdf, through its own parser; nothing was written$/mu,
        /^columns: company_name ← 「企業・事業場名称」, company_address ← 「所在地」, date ← 「公表日」, law ← 「違反法条」, summary ← 「事案概要」$/mu,
        /^ {2}authority ← the labour bureau \(…労働局\) named above each table/mu,
        /^ {2}action_type ← prosecution_referral for every row/mu,
        /^edition: 2019-08-30 \(printed on the list\)$/mu,
        // the ministry's edition, each of its rows a record: none skipped, and the report says so
        /^rows: 414 read, 414 kept as records, 0 skipped$/mu,
        /^414 record\(s\) it would give/mu,
        /^ {2}and 404 more records \(--all shows every one\)$/mu,
        /^0 row\(s\) it would skip$/mu,
        /^ {2}row 1 \(page \d+\): 20\d\d-\d\d-\d\d 「[^」]+」.*, mhlw_labour_bureau_01: not linked$/mu,
      ],
    },
    {
      source: 'isa-titp-supervising-org-revocations',
      file: 'isa/isa_titp_kanri_dantai_kyoka_torikeshi.xlsx',
      says: [
        /^columns: company_name ← 「監理団体名」, company_address ← 「所在地」, permit_number ← 「取り消した監理団体の許可番号」, reason ← 「処分理由」, date ← 「処分年月日」$/mu,
        /^ {2}sector_code ← technical_intern_training for every row$/mu,
        /^fixed by the registry: action_type = license_revocation, law = technical_intern_training_act$/mu,
        /^rows: 72 read, 63 kept as records, 9 skipped$/mu,
        /^63 record\(s\) it would give/mu,
        /^9 row\(s\) it would skip, with the reason and the row of each$/mu,
        /^ {2}skipped rows 3-5, 7-9, 11-13: a blank row$/mu,
      ],
    },
  ];
  for (const { source, file, says } of cases) {
    await t.test(source, async () => {
      const dbPath = join(tempDir(), 'none.sqlite');
      const run = io(dbPath);
      const args = ['try', source, '--file', sharedData(file)];
      // the MHLW list's pages as pdfjs reads them, read once per test run (test/helpers/pdf-pages-cache.ts), and its
      // own parser on them: what is tried here is what the command says of the records, which reading the PDF again
      // on a parsing thread cost 5 s of CPU to repeat
      const code =
        source === MHLW_LABOUR_SOURCE_ID
          ? await runSources(args, { ...run.io, dbPath, resolve: cachedMhlwResolver })
          : await runCli(['sources', ...args], run.io);
      assert.equal(code, 0, run.err.join('\n'));
      const text = run.out.join('\n');
      for (const said of says) assert.match(text, said);
    });
  }
});

test('a file that is not the format the source reads is told so first, before any parser reads it', async (t) => {
  const cases = [
    [
      'caa-keihyo-actions',
      'jftc/actions.csv',
      /^you gave actions\.csv: a CSV \(text\) file; source 'caa-keihyo-actions' reads an HTML page; to start a source of this file instead: `kohyo sources propose --file .*actions\.csv`$/mu,
    ],
    [
      'mhlw-labour-law-violations',
      'caa/keihyo_release_2024_index.main.html',
      /^you gave keihyo_release_2024_index\.main\.html: an HTML page; source 'mhlw-labour-law-violations' reads a PDF/mu,
    ],
    [
      'jftc-actions',
      'isa/isa_titp_kanri_dantai_kaizen_meirei.xlsx',
      /^you gave isa_titp_kanri_dantai_kaizen_meirei\.xlsx: an Excel workbook \(xlsx\); source 'jftc-actions' reads a CSV \(text\) file/mu,
    ],
  ] as const;
  for (const [source, file, said] of cases) {
    await t.test(`${source} given ${file}`, async () => {
      const run = io(join(tempDir(), 'none.sqlite'));
      assert.equal(await runCli(['sources', 'try', source, '--file', sharedData(file)], run.io), 1);
      assert.match(run.err.join('\n'), said);
      assert.deepEqual(run.out, [], 'nothing is parsed, so nothing is reported');
    });
  }
});

test('links tried against the demo dataset say that they were, and that its companies are fictional', async () => {
  const run = io(await demoDatabase());
  const code = await runCli(['sources', 'try', 'jftc-actions', '--file', sharedData('jftc/actions.csv')], run.io);
  assert.equal(code, 0, run.err.join('\n'));
  assert.match(
    run.out.join('\n'),
    /^228 record\(s\) it would give: .*\(links tried against the demo dataset at \S+: its companies are fictional, so a link \(or none\) says nothing of a real company; point KOHYO_DB at a production dataset\)$/mu,
  );
});
