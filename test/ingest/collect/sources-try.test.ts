// `kohyo sources try <source> (--file F | --url U)`: a dry run that writes nothing and shows what the list would give.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../../src/cli.js';
import { runSources } from '../../../src/ingest/collect/sources-command.js';
import { sharedData } from '../../helpers/shared-data.js';
import { startFixtureServer, tempDir, testFetcher } from './collect-helpers.js';

function io(dbPath: string) {
  const out: string[] = [];
  const err: string[] = [];
  const now = () => new Date('2026-11-25T03:00:00Z');
  return {
    out,
    err,
    io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l), now, env: { KOHYO_DB: dbPath } },
  };
}

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
  assert.match(text, /^ {2}row \d+: 20\d\d-\d\d-\d\d 「[^」]+」/mu);
  assert.match(text, /^133 row\(s\) it would skip$/mu);
  assert.match(text, /^ {2}skipped row \d+: names no party: a cartel described by its industry: /mu);
  assert.equal(existsSync(dbPath), false, 'a dry run creates no dataset');
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
    assert.match(text, /^columns: read by the parser of its own layout, not by header words$/mu);
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
    ['an unknown source', ['no-such-source', '--file', 'a'], 2, /no source 'no-such-source'/],
    ['a source with no parser', ['ppc-actions', '--file', 'a'], 2, /has no parser and no mapping/],
    ['an address that is not http', ['jftc-actions', '--url', 'ftp://x'], 2, /is not an http\(s\) URL/],
    ['an unknown option', ['jftc-actions', '--flie', 'a'], 2, /Unknown option '--flie'/],
    [
      'a file that is not there',
      ['jftc-actions', '--file', '/nonexistent/list.csv'],
      1,
      /cannot read \/nonexistent\/list\.csv/,
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
