// A list far out of line with itself, which a publisher could inflate: one that grows far past its last edition is
// held back as one that collapses is, until the operator accepts it; one past KOHYO_MAX_LIST_ROWS is refused while it
// is parsed, before its records reach the collection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../../../src/cli.js';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import { openStore } from '../../../src/store/read/store.js';
import { DEFAULT_PARSE_BUDGET } from '../../../src/ingest/parsers/parse-budget.js';
import { capturedIo } from '../../helpers/captured-io.js';
import { offlineIo, tempDir, testSource, tsvList } from './collect-helpers.js';

/** The source's runs, newest last: outcome, records and error as stored. */
function runs(dbPath: string): { outcome: string; records: number | null; error: string | null }[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT outcome, records, error FROM collection_runs ORDER BY id').all() as {
      outcome: string;
      records: number | null;
      error: string | null;
    }[];
  } finally {
    db.close();
  }
}

/** What the dataset's coverage says of the one source: the records it holds, and its newest run's error. */
function coverageOf(dbPath: string): { records: number; last_error: string | null } {
  const store = openStore(dbPath);
  try {
    const [source] = store.sourcesOf.procurement_suspension;
    return { records: source?.observed_count ?? 0, last_error: source?.last_error ?? null };
  } finally {
    store.close();
  }
}

test('a list that grows far past its last edition is held back as a collapsed one is, and merged once the operator accepts it', async () => {
  const dir = tempDir();
  const dbPath = join(dir, 'kohyo.sqlite');
  const source = testSource('test-growing', 'https://example.go.jp/list.csv');
  let day = 10;
  const collect = async (rows: number, ...more: string[]) => {
    const file = join(dir, `list-${rows}.tsv`);
    writeFileSync(file, tsvList(rows));
    // a day apart, so that each run is the newest one when it is read
    const run = offlineIo(dbPath, [source], `2026-11-${day++}T00:00:00Z`);
    const code = await runCollect(['test-growing', '--file', file, ...more], run.io);
    return { code, out: run.out.join('\n'), err: run.err.join('\n') };
  };
  assert.equal((await collect(10)).code, 0);
  const shrunk = await collect(4);
  const grown = await collect(1_500);
  assert.equal(grown.code, 1);
  assert.deepEqual(
    runs(dbPath).map((r) => [r.outcome, r.records]),
    [
      ['success', 10],
      ['failure', 4],
      ['failure', 1_500],
    ],
  );
  assert.equal(
    runs(dbPath)[1]!.error,
    'held back: the list yielded 4 records, under half of the 10 listed; the 10 are kept',
  );
  assert.equal(
    runs(dbPath)[2]!.error,
    'held back: the list yielded 1500 records, more than 3 times the 10 listed and more than 1000 more; the 10 are kept',
  );
  for (const told of [shrunk, grown]) {
    assert.match(told.out, /^test-growing\s+1\s+held_back\s/mu);
    assert.match(told.err, /^1 of 1 source\(s\) failed or were held back; their previous records are kept$/mu);
    assert.match(told.err, /^a list held back is merged by `kohyo collect test-growing --accept-held-back`/mu);
  }
  assert.deepEqual(
    coverageOf(dbPath),
    { records: 10, last_error: runs(dbPath)[2]!.error },
    'the records kept, the source failing as /api/v1/coverage says it',
  );

  const merged = await collect(1_500, '--accept-held-back');
  assert.equal(merged.code, 0);
  assert.match(
    merged.out,
    /^ {2}warning: the list yielded 1500 records, more than 3 times the 10 listed and more than 1000 more: merged as asked \(--accept-held-back\)$/mu,
  );
  const accepted = runs(dbPath).at(-1)!;
  assert.deepEqual([accepted.outcome, accepted.records, accepted.error], ['success', 1_500, null]);
  assert.deepEqual(coverageOf(dbPath).records, 1_500);
  const usage = offlineIo(dbPath, [source]);
  assert.equal(await runCollect(['--accept-held-back'], usage.io), 2);
  assert.match(usage.err.join('\n'), /--accept-held-back merges the lists of the sources named: name each SOURCE_ID/u);
});

test("a source's own growth rule holds back a list its default would merge", async () => {
  const dir = tempDir();
  const dbPath = join(dir, 'kohyo.sqlite');
  const source = { ...testSource('test-steady', 'https://example.go.jp/list.csv'), growth: { factor: 2, rows: 5 } };
  for (const rows of [10, 40]) {
    writeFileSync(join(dir, `list-${rows}.tsv`), tsvList(rows));
    await runCollect(['test-steady', '--file', join(dir, `list-${rows}.tsv`)], offlineIo(dbPath, [source]).io);
  }
  assert.equal(
    runs(dbPath).at(-1)!.error,
    'held back: the list yielded 40 records, more than 2 times the 10 listed and more than 5 more; the 10 are kept',
  );
});

test('a list past KOHYO_MAX_LIST_ROWS is refused while it is parsed, naming the bound; its files are counted together', async () => {
  const dir = tempDir();
  const header =
    'id,stream,action_date,fiscal_year,case_number,subject_as_published,company,provisions,provisions_as_published,penalty_amount,press_release_url,source_url';
  const csv = join(dir, 'actions.csv');
  const rows = Array.from({ length: 150 }, (_, i) => `${i},shitauke,2025-03-01,,,,見本${i}株式会社,,第4条,,,`);
  writeFileSync(csv, `${header}\n${rows.join('\n')}\n`);
  const env = { KOHYO_DB: join(dir, 'kohyo.sqlite'), KOHYO_MAX_LIST_ROWS: '100' };
  const refused = capturedIo('2026-11-25T03:00:00Z', { env });
  assert.equal(await runCli(['collect', 'jftc-actions', '--file', csv], refused.io), 1);
  const bound =
    "could not parse the list: the file goes past the bound on a list's rows: the CSV file has more than 100 rows (KOHYO_MAX_LIST_ROWS is 100 rows)";
  assert.deepEqual(runs(env.KOHYO_DB).at(-1), { outcome: 'failure', records: null, error: bound });
  const tried = capturedIo('2026-11-25T03:00:00Z', { env });
  assert.equal(await runCli(['sources', 'try', 'jftc-actions', '--file', csv], tried.io), 1);
  assert.match(tried.err.join('\n'), /the bound on a list's rows: .*\(KOHYO_MAX_LIST_ROWS is 100 rows\)/u);
  const within = capturedIo('2026-11-25T03:00:00Z', { env: { ...env, KOHYO_MAX_LIST_ROWS: '150' } });
  assert.equal(await runCli(['sources', 'try', 'jftc-actions', '--file', csv], within.io), 0, within.err.join('\n'));

  // a list of two files, 60 rows each, read by a parser of its own: the second passes the bound of the two
  const source = testSource('test-two-files', 'https://example.go.jp/list.csv');
  const files = ['a', 'b'].map((name) => {
    writeFileSync(join(dir, `${name}.tsv`), tsvList(60));
    return join(dir, `${name}.tsv`);
  });
  const two = offlineIo(join(dir, 'two.sqlite'), [source]);
  const budget = { parseBudget: { ...DEFAULT_PARSE_BUDGET, listRows: 100 } };
  assert.equal(
    await runCollect(['test-two-files', '--file', files[0]!, '--file', files[1]!], { ...two.io, ...budget }),
    1,
  );
  assert.equal(
    runs(join(dir, 'two.sqlite')).at(-1)!.error,
    "could not parse the list: b.tsv: the file goes past the bound on a list's rows: it has 60 rows, after 60 in the list's other files (KOHYO_MAX_LIST_ROWS is 100 rows)",
  );
});
