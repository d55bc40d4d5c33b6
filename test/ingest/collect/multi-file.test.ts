// A source published in several files (one per fiscal year) is read whole by the collector, or not at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCollection, type CollectionOptions } from '../../../src/ingest/collect/collection.js';
import { linkedLists } from '../../../src/ingest/collect/list-fetch.js';
import type { SourceEntry } from '../../../src/ingest/registry/source-entry.js';
import {
  bodyRoute,
  collectionFixtures,
  etagRoute,
  steppingClock,
  tempDir,
  testSource,
  tsvList,
  tsvParser,
  type Route,
} from './collect-helpers.js';

const { server, fetcher } = await collectionFixtures();

const html =
  (body: string): Route =>
  (_q, r) =>
    r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

/** The agency's page: the list of each fiscal year linked, and a notice that is no list. */
const YEARS_PAGE = `<ul><li><a href="/years/r6.csv">公表事案（令和6年度）</a></li>
<li><a href="/years/notice.csv">お知らせ</a></li><li><a href="/years/r7.csv#top">公表事案（令和7年度）</a></li></ul>`;

function yearsSource(id: string, path: string): SourceEntry {
  return { ...testSource(id, server.url(path)), url_kind: 'list_page', list_link: '公表事案', follow_all_links: true };
}

function options(dbPath: string, source: SourceEntry, clock: () => Date): CollectionOptions {
  return { dbPath, sources: [source], resolve: () => tsvParser, fetcher, clock };
}

function cited(live: string, sourceId: string): { url: string; n: number }[] {
  const db = new Database(live, { readonly: true });
  try {
    return db
      .prepare(
        'SELECT source_url AS url, count(*) AS n FROM procurement_suspensions WHERE source_id = ? GROUP BY source_url ORDER BY 1',
      )
      .all(sourceId) as { url: string; n: number }[];
  } finally {
    db.close();
  }
}

/** One suspension line: the same organisation in two years' files is two records when the dates differ. */
const line = (name: string, from: string) => `${[name, '東京都千代田区霞が関1-1', from, '', '談合'].join('\t')}\n`;

test('every matching link of the page, in page order and once each', () => {
  const page = `${YEARS_PAGE}<a href="/years/r6.csv">公表事案（再掲）</a>`;
  assert.deepEqual(linkedLists(page, server.url('/years/page.html'), /公表事案/u, 'csv'), [
    server.url('/years/r6.csv'),
    server.url('/years/r7.csv'),
  ]);
});

test('a page linking two files: both are read, each record cites its own file, the same record in both is kept once', async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  server.routes.set('/years/page.html', html(YEARS_PAGE));
  // 見本建設 is in both years under different dates (two records); 重複建設 is the same record in both (one)
  server.routes.set(
    '/years/r6.csv',
    etagRoute(line('見本建設株式会社', '2024-05-01') + line('重複建設株式会社', '2024-06-01'), '"r6"'),
  );
  server.routes.set(
    '/years/r7.csv',
    etagRoute(`#注記\n${line('見本建設株式会社', '2025-05-01')}${line('重複建設株式会社', '2024-06-01')}`, '"r7"'),
  );
  const source = yearsSource('test-years', '/years/page.html');

  const first = (await runCollection(options(live, source, clock.now))).results[0]!.result;
  assert.equal(first.run.outcome, 'success', first.run.error ?? '');
  assert.equal(first.files, 2);
  assert.equal(first.published, 3);
  assert.deepEqual(first.run.period_from, '2024-05-01');
  assert.deepEqual(first.run.period_to, '2025-05-01');
  assert.deepEqual(first.run.skipped_rows, [
    { row: 1, page: null, reason: 'a note, not a record', text: '注記', file: server.url('/years/r7.csv') },
  ]);
  assert.deepEqual(first.run.warnings, []);
  assert.deepEqual(cited(live, 'test-years'), [
    { url: server.url('/years/r6.csv'), n: 2 },
    { url: server.url('/years/r7.csv'), n: 1 },
  ]);

  // several files are fetched without validators; the hash of all of them finds the list unchanged
  const requests = server.requests.length;
  const second = (await runCollection(options(live, source, clock.now))).results[0]!.result;
  assert.equal(second.run.outcome, 'not_modified');
  assert.equal(second.published, 3);
  const files = server.requests.slice(requests).filter((r) => r.path.endsWith('.csv'));
  assert.deepEqual(
    files.map((r) => [r.path, r.headers['if-none-match']]),
    [
      ['/years/r6.csv', undefined],
      ['/years/r7.csv', undefined],
    ],
  );

  // a change in one file is a new list
  server.routes.set(
    '/years/r7.csv',
    bodyRoute(line('見本建設株式会社', '2025-05-01') + line('新規建設株式会社', '2025-07-01')),
  );
  const third = (await runCollection(options(live, source, clock.now))).results[0]!.result;
  assert.equal(third.run.outcome, 'success');
  assert.equal(third.published, 4);
});

test('one file of the list missing (404) fails the source, and its published records are kept', async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  server.routes.set('/gone/page.html', html(YEARS_PAGE.replaceAll('/years/', '/gone/')));
  server.routes.set('/gone/r6.csv', bodyRoute(tsvList(2, '六')));
  server.routes.set('/gone/r7.csv', bodyRoute(tsvList(3, '七')));
  const source = yearsSource('test-gone-year', '/gone/page.html');
  assert.equal((await runCollection(options(live, source, clock.now))).results[0]!.result.published, 5);

  server.routes.delete('/gone/r7.csv');
  const failed = (await runCollection(options(live, source, clock.now))).results[0]!.result;
  assert.equal(failed.run.outcome, 'failure');
  assert.equal(failed.run.http_status, 404);
  assert.equal(failed.run.error, `${server.url('/gone/r7.csv')}: the server answered 404`);
  assert.deepEqual(
    cited(live, 'test-gone-year').map((c) => c.n),
    [2, 3],
  );
});

test('a file of the list that does not parse fails the source, naming the file; nothing of the other is applied', async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  server.routes.set('/more/a.tsv', bodyRoute(tsvList(2, '甲')));
  server.routes.set('/more/b.tsv', bodyRoute(tsvList(1, '乙')));
  const source = { ...testSource('test-more', server.url('/more/a.tsv')), more_urls: [server.url('/more/b.tsv')] };
  const ok = (await runCollection(options(live, source, clock.now))).results[0]!.result;
  assert.equal(ok.files, 2);
  assert.equal(ok.published, 3);

  server.routes.set('/more/a.tsv', bodyRoute(tsvList(4, '甲')));
  server.routes.set('/more/b.tsv', bodyRoute('BROKEN\n'));
  const broken = (await runCollection(options(live, source, clock.now))).results[0]!.result;
  assert.equal(
    broken.run.error,
    `could not parse the list: ${server.url('/more/b.tsv')}: line 1: the columns are not where they were`,
  );
  assert.deepEqual(
    cited(live, 'test-more').map((c) => c.n),
    [2, 1],
  );
});
