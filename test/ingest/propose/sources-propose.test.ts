// `kohyo sources propose (--file F | --url U)`: a table no source reads, mapped from its header words into a source file
// an operator starts from; it writes nothing unless told to. The MHLW list's transcription (a real publisher table,
// TSV) is read by no source: the MHLW source reads the ministry's PDF.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../../src/cli.js';
import { runSources } from '../../../src/ingest/collect/sources-command.js';
import { registryWithFiles } from '../../../src/ingest/registry/source-registry.js';
import { sharedData } from '../../helpers/shared-data.js';
import { startFixtureServer, tempDir, testFetcher } from '../collect/collect-helpers.js';
import { capturedIo } from '../../helpers/captured-io.js';

const TSV = sharedData('mhlw/company_list_20180801_to_20190731.tsv');

function io(dbPath = join(tempDir(), 'none.sqlite')) {
  return { ...capturedIo('2026-11-26T03:00:00Z', { env: { KOHYO_DB: dbPath } }), dbPath };
}

/** The source file the command printed, as an operator would save it. */
function printedFile(out: readonly string[]): string {
  const start = out.findIndex((line) => line.startsWith('source file to save as '));
  const end = out.indexOf('', start);
  return `${out
    .slice(start + 1, end)
    .map((line) => line.slice(2))
    .join('\n')}\n`;
}

test('a real table no source reads: its header words mapped, the kind and the actions its values say, rows as read', async () => {
  const run = io();
  assert.equal(await runCli(['sources', 'propose', '--file', TSV], run.io), 0, run.err.join('\n'));
  const text = run.out.join('\n');
  assert.match(
    text,
    /^company_list_20180801_to_20190731\.tsv: a CSV \(text\) file \(tab-separated, utf-8\); header in row 1$/mu,
  );
  // its 「その他参考事項」 says what each case was: 「H30.8.10送検」, a referral to prosecutors on that day
  assert.match(
    text,
    /^record kind: enforcement, as its actions include one only an enforcement takes \(「H30\.8\.10送検」: prosecution_referral\)$/mu,
  );
  assert.match(
    text,
    /^columns: authority ← 「管轄」, company_name ← 「企業・事業場名称」, company_address ← 「所在地」, date ← 「公表日」, law ← 「違反法条」, summary ← 「事案概要」, action_type ← 「その他参考事項」 \(its values are actions\)$/mu,
  );
  assert.match(text, /^unmapped: 「最終更新日」$/mu);
  assert.match(text, /^values of 「その他参考事項」 \(action_type\): 178 distinct, 177 with a code, 1 TODO$/mu);
  assert.match(text, /^ {2}「送検」 in 171 values \(407 rows: 「H30\.8\.10送検」, /mu);
  assert.match(text, /^ {2}「H30\.12\.21,広島労働局長が指導」 → TODO: names no action_type$/mu);
  assert.match(text, /^values of 「違反法条」 \(law\): 139 distinct, 139 with a code, 0 TODO$/mu);
  assert.doesNotMatch(text, /^needs: /mu);
  assert.match(text, /^TODO: 4 in the file: 4 the table cannot tell \(its id, publisher, title, url\)$/mu);
  assert.match(
    text,
    /^and 1 value\(s\) no code fits \(「H30\.12\.21,広島労働局長が指導」\): their rows are skipped until a pair of the file gives their words a code$/mu,
  );
  assert.match(text, /^413 record\(s\) it would give, read by the csv-table reader and validated/mu);
  assert.match(
    text,
    /^ {2}row 2: 2018-08-10 「菱和黒島工業」 \(北海道札幌市北区\), mhlw_labour_bureau_01: prosecution_referral under industrial_safety_and_health_act$/mu,
  );
  assert.match(
    text,
    /^ {2}skipped row 331: unreadable: column 「その他参考事項」: 'H30\.12\.21,広島労働局長が指導' names no known action_type/mu,
  );
  assert.match(text, /^nothing was written$/mu);
  assert.equal(existsSync(run.dbPath), false);
});

test('the file it prints, its TODOs filled in and saved in the folder of source files, is a source sources try reads', async () => {
  const run = io();
  assert.equal(await runCli(['sources', 'propose', '--file', TSV], run.io), 0, run.err.join('\n'));
  const root = tempDir();
  const file = printedFile(run.out)
    .replace(/^id: TODO.*$/mu, 'id: mhlw-labour-law-tsv')
    .replace(/^publisher: TODO.*$/mu, 'publisher: mhlw')
    .replace(/^title: TODO.*$/mu, 'title: 労働基準関係法令違反に係る公表事案（転記）')
    .replace(/^url: TODO.*$/mu, 'url: https://www.mhlw.go.jp/kinkyu/list.tsv')
    // the operator's reading of the one value no code fits: the bureau chief's guidance, published
    .replace(/^( +)action_types:\n/mu, '$1action_types:\n$1  - [局長が指導, public_announcement]\n');
  assert.doesNotMatch(file, /\bTODO\b/u);
  writeFileSync(join(root, 'mhlw-labour-law-tsv.yaml'), file);
  const registry = await registryWithFiles(root);
  assert.equal(registry.get('mhlw-labour-law-tsv')?.parser, 'csv-table');
  const tried = io();
  const code = await runSources(['try', 'mhlw-labour-law-tsv', '--file', TSV], {
    ...tried.io,
    dbPath: tried.dbPath,
    registry,
  });
  assert.equal(code, 0, tried.err.join('\n'));
  assert.match(tried.out.join('\n'), /^rows: 414 read, 414 kept as records, 0 skipped$/mu);
  assert.match(tried.out.join('\n'), /^414 record\(s\) it would give/mu);
});

test('a table over a two-row header (an HTML page of two years): the action words proposed codes, every table read', async () => {
  const run = io();
  const file = 'test/fixtures/parsers/license-actions.html';
  assert.equal(await runCli(['sources', 'propose', '--file', file, '--fixed', 'sector=construction'], run.io), 0);
  const text = run.out.join('\n');
  assert.match(
    text,
    /^license-actions\.html: an HTML page, HTML table 2 \(「令和7年度 建設業者に対する監督処分」\) of 3; header in row 2$/mu,
  );
  assert.match(text, /^record kind: license_action, as it has a permit number column \(「許可番号」\)$/mu);
  assert.match(
    text,
    // the header's second row names each column whole (the first row's spanning cells are repeated in it)
    /action_type ← 「処分の種類」, period ← 「処分期間」, reason ← 「処分の理由」$/mu,
  );
  const printed = printedFile(run.out);
  // 「営業停止」 is a word of business_suspension_order the vocabulary reads as it is: no pair needed
  assert.match(
    printed,
    /action_types:\n\s+- \[許可の取消し, license_revocation\]\n\s+- \[指示処分, instruction_order\]\n/u,
  );
  assert.match(printed, /url_kind: list_page\nformat: html\n/u);
  assert.match(text, /^4 record\(s\) it would give/mu);
});

test('--url reads the table at that address, and the file names it', async () => {
  const body = readFileSync(TSV);
  const server = await startFixtureServer({
    '/list.tsv': (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(body),
  });
  try {
    const run = io();
    const url = server.url('/list.tsv');
    const code = await runSources(['propose', '--url', url], { ...run.io, dbPath: run.dbPath, fetcher: testFetcher() });
    assert.equal(code, 0, run.err.join('\n'));
    assert.match(printedFile(run.out), new RegExp(`url: ${url.replaceAll('.', '\\.')}\\nurl_kind: list_file`, 'u'));
  } finally {
    await server.close();
  }
});

test('propose refuses what it cannot map, saying why', async (t) => {
  const cases: readonly (readonly [string, readonly string[], number, RegExp])[] = [
    ['no file', [], 2, /give --file F or --url U/u],
    ['an unknown kind', ['--file', TSV, '--kind', 'fines'], 2, /--kind is one of enforcement, procurement_suspension/u],
    ['a value no mapping fixes', ['--file', TSV, '--fixed', 'company_name=x'], 2, /--fixed is FIELD=CODE/u],
    ['a PDF', ['--file', sharedData('mhlw/000534084.pdf')], 1, /000534084\.pdf is a PDF: propose maps tables of text/u],
    [
      'a CSV with no header (the NTA file)',
      ['--file', sharedData('nta/diff_20260127.sjis.csv')],
      1,
      /no table in it has a header row naming a company/u,
    ],
  ];
  for (const [name, args, exit, message] of cases) {
    await t.test(name, async () => {
      const run = io();
      assert.equal(await runCli(['sources', 'propose', ...args], run.io), exit);
      assert.match(run.err.join('\n'), message);
    });
  }
});
