import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCollection, type CollectionOptions } from '../../../src/ingest/collect/collection.js';
import { WriterLockedError, lockPathFor } from '../../../src/store/write/writer-lock.js';
import { buildCoverage } from '../../../src/domain/coverage.js';
import { openStore } from '../../../src/store/read/store.js';
import type { SourceParser } from '../../../src/ingest/parsers/source-parser.js';
import {
  bodyRoute,
  collectionFixtures,
  etagRoute,
  steppingClock,
  tempDir,
  testSource,
  tsvList,
  tsvParser,
  writeCompanies,
} from './collect-helpers.js';
import { withIndexAside } from '../../helpers/planted-faults.js';

const { server, fetcher } = await collectionFixtures();

function options(dbPath: string, clock: () => Date, more: Partial<CollectionOptions> = {}): CollectionOptions {
  return { dbPath, sources: [], resolve: () => tsvParser, fetcher, clock, ...more };
}

function coverageOf(dbPath: string, now: string) {
  const store = openStore(dbPath);
  try {
    const groups = buildCoverage(store.publisherGroups, store.sourcesOf.procurement_suspension, new Date(now), 48);
    return groups.find((g) => g.publisher_group.code === 'prefecture')!;
  } finally {
    store.close();
  }
}

function sha(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

test('coverage follows the runs: never collected, success, unchanged (304, not re-parsed), failure, then stale', async () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  const tokyo = testSource('test-tokyo', server.url('/tokyo.tsv'));
  const osaka = testSource('test-osaka', server.url('/osaka.tsv'), 'pref_27');
  server.routes.set('/tokyo.tsv', etagRoute(tsvList(4), '"t1"'));
  server.routes.set('/osaka.tsv', bodyRoute('gone', 404));

  // before any run: both registered, neither collected
  await runCollection(options(live, clock.now, { sources: [], registered: [tokyo, osaka] }));
  let coverage = coverageOf(live, '2026-11-20T01:00:00Z');
  assert.equal(coverage.freshness.status, 'never_collected');
  assert.equal(coverage.covered_bodies, 0);
  assert.deepEqual(
    coverage.sources.map((s) => [s.id, s.freshness.status]),
    [
      ['test-tokyo', 'never_collected'],
      ['test-osaka', 'never_collected'],
    ],
  );

  // a success and a failure
  let parses = 0;
  const counting: SourceParser = (bytes, context) => {
    parses++;
    return tsvParser(bytes, context);
  };
  const first = await runCollection(options(live, clock.now, { sources: [tokyo, osaka], resolve: () => counting }));
  assert.deepEqual(
    first.results.map((r) => [r.source.id, r.result.run.outcome, r.result.run.http_status]),
    [
      ['test-tokyo', 'success', 200],
      ['test-osaka', 'failure', 404],
    ],
  );
  coverage = coverageOf(live, '2026-11-20T01:00:00Z');
  const [t, o] = coverage.sources;
  assert.equal(t!.observed_count, 4);
  assert.deepEqual(t!.period, { from: '2025-02-01', to: '2025-05-01' });
  assert.equal(t!.freshness.status, 'fresh');
  assert.equal(t!.last_error, null);
  assert.equal(o!.last_success_at, null);
  assert.equal(o!.last_error, 'the server answered 404');
  assert.equal(coverage.covered_bodies, 1);
  assert.equal(coverage.coverage_ratio, Math.round((1 / 47) * 10_000) / 10_000);
  assert.equal(parses, 1);

  // unchanged: the ETag answers 304, the list is not parsed again, and the success is fresh again
  clock.set('2026-11-21T00:00:00Z');
  const second = await runCollection(options(live, clock.now, { sources: [tokyo], resolve: () => counting }));
  assert.equal(second.results[0]!.result.run.outcome, 'not_modified');
  assert.equal(second.results[0]!.result.run.http_status, 304);
  assert.equal(server.requests.filter((r) => r.path === '/tokyo.tsv').at(-1)!.headers['if-none-match'], '"t1"');
  assert.equal(parses, 1);
  coverage = coverageOf(live, '2026-11-21T01:00:00Z');
  assert.equal(coverage.sources[0]!.observed_count, 4, 'an unchanged list keeps its records');
  assert.match(coverage.sources[0]!.last_success_at!, /^2026-11-21T/u);

  // the publisher fails: the records stay, the last success does not move, the error shows
  server.routes.set('/tokyo.tsv', bodyRoute('oops', 500));
  clock.set('2026-11-22T00:00:00Z');
  await runCollection(options(live, clock.now, { sources: [tokyo] }));
  coverage = coverageOf(live, '2026-11-22T01:00:00Z');
  assert.equal(coverage.sources[0]!.observed_count, 4);
  assert.match(coverage.sources[0]!.last_success_at!, /^2026-11-21T/u);
  assert.equal(coverage.sources[0]!.last_error, 'the server answered 500');

  // 48 hours after the last success the source, and so its group, is stale
  coverage = coverageOf(live, '2026-11-23T00:00:05Z');
  assert.equal(coverage.sources[0]!.freshness.status, 'stale');
  assert.equal(coverage.freshness.status, 'stale');

  const runs = new Database(live, { readonly: true })
    .prepare('SELECT source_id, outcome FROM collection_runs ORDER BY id')
    .all();
  assert.deepEqual(runs, [
    { source_id: 'test-tokyo', outcome: 'success' },
    { source_id: 'test-osaka', outcome: 'failure' },
    { source_id: 'test-tokyo', outcome: 'not_modified' },
    { source_id: 'test-tokyo', outcome: 'failure' },
  ]);
});

test('records without a number are linked by name and address only when exactly one company fits', async () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const [unique] = writeCompanies(live, [
    { base: '100000000001', name: '株式会社一意建設', prefecture_code: '13', city: '千代田区' },
    { base: '100000000002', name: '双子建設株式会社', prefecture_code: '13', city: '千代田区' },
    { base: '100000000003', name: '双子建設有限会社', prefecture_code: '13', city: '千代田区' },
    { base: '100000000004', name: '他県建設株式会社', prefecture_code: '27', city: '大阪市北区' },
  ]);
  const list = [
    ['（株）一意建設', '東京都千代田区霞が関1-1', '2025-04-01', '', '談合'],
    ['双子建設', '東京都千代田区霞が関1-2', '2025-04-01', '', '談合'],
    ['他県建設', '東京都千代田区霞が関1-3', '2025-04-01', '', '談合'],
    ['無名建設', '東京都千代田区霞が関1-4', '2025-04-01', '', '談合'],
  ]
    .map((cells) => cells.join('\t'))
    .join('\n');
  server.routes.set('/link.tsv', bodyRoute(list));
  const source = testSource('test-link', server.url('/link.tsv'));
  const summary = await runCollection(options(live, steppingClock('2026-11-20T00:00:00Z').now, { sources: [source] }));
  assert.deepEqual(summary.results[0]!.result.links, { source: 0, linked: 1, ambiguous: 1, unmatched: 2 });
  const db = new Database(live, { readonly: true });
  const rows = db
    .prepare(
      'SELECT company_name, company_corporate_number AS number, company_link AS link FROM procurement_suspensions ORDER BY company_name',
    )
    .all();
  assert.deepEqual(rows, [
    { company_name: '他県建設', number: null, link: null },
    { company_name: '双子建設', number: null, link: null },
    { company_name: '無名建設', number: null, link: null },
    { company_name: '（株）一意建設', number: unique, link: 'name_address' },
  ]);
  const counted = db
    .prepare('SELECT procurement_suspension_count AS n FROM companies WHERE corporate_number = ?')
    .get(unique);
  assert.deepEqual(counted, { n: 1 });
  db.close();
});

test('a list that collapses to under half its records is held back, and its records kept', async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  const source = testSource('test-collapse', server.url('/collapse.tsv'));
  server.routes.set('/collapse.tsv', etagRoute(tsvList(10), '"full"'));
  await runCollection(options(live, clock.now, { sources: [source] }));
  server.routes.set('/collapse.tsv', etagRoute(tsvList(4), '"short"'));
  const summary = await runCollection(options(live, clock.now, { sources: [source] }));
  const result = summary.results[0]!.result;
  assert.equal(result.held_back, true);
  assert.equal(result.run.outcome, 'failure');
  assert.match(result.run.error!, /held back: the list yielded 4 records, under half of the 10 listed/u);
  const store = openStore(live);
  assert.equal(store.sourcesOf.procurement_suspension[0]!.observed_count, 10);
  store.close();
  // the short list is judged again next time, not skipped as unchanged
  await runCollection(options(live, clock.now, { sources: [source] }));
  assert.equal(server.requests.filter((r) => r.path === '/collapse.tsv').at(-1)!.headers['if-none-match'], '"full"');
});

test("a list that does not parse fails with the parser's words and changes nothing", async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  const source = testSource('test-broken', server.url('/broken.tsv'));
  server.routes.set('/broken.tsv', bodyRoute(tsvList(3)));
  await runCollection(options(live, clock.now, { sources: [source] }));
  server.routes.set('/broken.tsv', bodyRoute(`${tsvList(3)}BROKEN\n`));
  const summary = await runCollection(options(live, clock.now, { sources: [source] }));
  assert.equal(
    summary.results[0]!.result.run.error,
    'could not parse the list: line 4: the columns are not where they were',
  );
  const store = openStore(live);
  assert.equal(store.sourcesOf.procurement_suspension[0]!.observed_count, 3);
  store.close();
});

test('a collection that fails midway leaves the live file untouched, no draft behind, and the lock free', async () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  const source = testSource('test-crash', server.url('/crash.tsv'));
  server.routes.set('/crash.tsv', bodyRoute(tsvList(3)));
  await runCollection(options(live, clock.now, { sources: [source] }));
  const before = sha(live);
  server.routes.set('/crash.tsv', bodyRoute(tsvList(5)));
  await assert.rejects(
    runCollection(
      options(live, clock.now, {
        sources: [source],
        onProgress: (event) => {
          if (event.kind === 'source_done') throw new Error('killed midway');
        },
      }),
    ),
    /killed midway/u,
  );
  assert.equal(sha(live), before);
  assert.deepEqual(
    readdirSync(dir).filter((f) => f.includes('.next-') || f.endsWith('.lock')),
    [],
  );
  const again = await runCollection(options(live, clock.now, { sources: [source] }));
  assert.equal(again.results[0]!.result.published, 5);
});

test('a collection into a dataset is checked by what it changed, which reads the records part whole', async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  const first = testSource('test-checked-a', server.url('/checked-a.tsv'));
  const other = testSource('test-checked-b', server.url('/checked-b.tsv'));
  let checks: string[] = [];
  const onProgress: CollectionOptions['onProgress'] = (event) => {
    if (event.kind === 'checking') checks = [...checks, event.check];
  };
  const collect = (source: typeof first) => runCollection(options(live, clock.now, { sources: [source], onProgress }));
  server.routes.set('/checked-a.tsv', bodyRoute(tsvList(3)));
  await collect(first);
  assert.deepEqual(checks, ['full'], 'a new dataset: its full check');
  server.routes.set('/checked-b.tsv', bodyRoute(tsvList(2, '別名')));
  assert.equal((await collect(other)).results[0]!.result.published, 2);
  assert.deepEqual(checks, ['full', 'changes']);
  // a fault of a record the first source's collection wrote, in the live file: not one the next collection writes,
  // but the records' part is read whole
  const db = new Database(live);
  const rid = db
    .prepare<[string], number>('SELECT min(rid) FROM procurement_suspensions WHERE source_id = ?')
    .pluck()
    .get(first.id)!;
  withIndexAside(db, 'procurement_suspensions_by_period_to', () =>
    db.prepare("UPDATE procurement_suspensions SET period_to = '2030-01-01' WHERE rid = ?").run(rid),
  );
  db.close();
  const before = sha(live);
  server.routes.set('/checked-b.tsv', bodyRoute(tsvList(3, '別名')));
  await assert.rejects(
    collect(other),
    /failed its integrity check: row \d+ missing from index procurement_suspensions_by_period_to/u,
  );
  assert.deepEqual(checks, ['full', 'changes', 'changes']);
  assert.equal(sha(live), before);
});

test('two collections at once: the second is refused while the first runs', async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  server.routes.set('/held.tsv', (_q, r) => {
    arrived();
    void held.then(() => r.writeHead(200).end(tsvList(2)));
  });
  const source = testSource('test-held', server.url('/held.tsv'));
  const first = runCollection(options(live, clock.now, { sources: [source] }));
  await requested;
  await assert.rejects(runCollection(options(live, clock.now, { sources: [source] })), (error: unknown) => {
    assert.ok(error instanceof WriterLockedError);
    assert.match(error.message, new RegExp(`another collection is running \\(pid ${process.pid}`, 'u'));
    return true;
  });
  release();
  assert.equal((await first).results[0]!.result.published, 2);
  assert.equal(existsSync(lockPathFor(live)), false);
});

test('the lock and the draft of a killed collection are recovered by the next one', async () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  writeFileSync(
    lockPathFor(live),
    JSON.stringify({ pid: 999_999, host: (await import('node:os')).hostname(), started_at: 'then' }),
  );
  writeFileSync(`${live}.next-999999`, 'half a database');
  server.routes.set('/recover.tsv', bodyRoute(tsvList(1)));
  const summary = await runCollection(
    options(live, clock.now, {
      sources: [testSource('test-recover', server.url('/recover.tsv'))],
      isAlive: () => false,
    }),
  );
  assert.equal(summary.recovered_stale_lock, true);
  assert.deepEqual(summary.removed_drafts, [`${live}.next-999999`]);
  assert.deepEqual(readdirSync(dir).sort(), ['kohyo.sqlite']);
});

test('a registry URL that answers with an HTML page instead of the list fails with a message that says so', async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  server.routes.set('/page.html', (_q, r) =>
    r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<a href="list.pdf">list</a>'),
  );
  const source = { ...testSource('test-page', server.url('/page.html')), format: 'pdf' as const };
  const summary = await runCollection(options(live, steppingClock('2026-11-20T00:00:00Z').now, { sources: [source] }));
  assert.equal(
    summary.results[0]!.result.run.error,
    `${server.url('/page.html')} gives an HTML page, not the pdf list: the registry should name the list's own address, or a list_link to follow from the page`,
  );
});
