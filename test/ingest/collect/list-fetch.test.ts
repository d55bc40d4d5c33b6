// Tests for src/ingest/collect/list-fetch.ts: following a registry list_link from the publisher's page to its list.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import iconv from 'iconv-lite';
import { fetchList, linkedList } from '../../../src/ingest/collect/list-fetch.js';
import { createFetcher } from '../../../src/ingest/collect/fetcher.js';
import { runCollection } from '../../../src/ingest/collect/collection.js';
import { cachedMhlwResolver } from '../../helpers/pdf-pages-cache.js';
import { sourceRegistry } from '../../../src/ingest/registry/source-registry.js';
import {
  etagRoute,
  startFixtureServer,
  steppingClock,
  tempDir,
  testSource,
  tsvList,
  tsvParser,
  type Route,
  FIXTURE_HOSTS,
} from './collect-helpers.js';
import { sharedData } from '../../helpers/shared-data.js';

const server = await startFixtureServer();
const fetcher = createFetcher({
  userAgent: 'test',
  sleep: async () => undefined,
  retries: 0,
  allowHosts: FIXTURE_HOSTS,
});
after(async () => {
  await fetcher.close();
  await server.close();
});

const PATTERN = /違反に係る公表事案/u;

/** A page laid out as the ministry's: the notice about the list first, then the month's list. */
function page(listHref: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>長時間労働削減推進本部</title></head><body>
<ul>
  <li><a href="/content/000111111.pdf">労働基準関係法令に係る公表事案のホームページ掲載について</a></li>
  <li><a href="/kinkyu/other.html">労働基準関係法令違反に係る公表事案（説明）</a></li>
  <li><a href="${listHref}">労働基準関係法令違反に係る公表事案<span>（令和7年9月30日掲載）</span><img src="/i/pdf.gif" alt="PDF"></a></li>
</ul></body></html>`;
}

function htmlRoute(html: string, encoding = 'utf-8'): Route {
  return (_q, r) =>
    r
      .writeHead(200, { 'content-type': `text/html; charset=${encoding}` })
      .end(iconv.encode(html, encoding === 'utf-8' ? 'utf8' : 'cp932'));
}

test('the first link to a file of the format whose text or address matches is the list', () => {
  const base = 'https://www.mhlw.go.jp/kinkyu/151106.html';
  const cases: readonly (readonly [string, string, RegExp, string, string | null])[] = [
    [
      'relative address, the notice before it skipped',
      page('/content/001234567.pdf'),
      PATTERN,
      'pdf',
      'https://www.mhlw.go.jp/content/001234567.pdf',
    ],
    [
      'address relative to the page, fragment dropped',
      page('dl/list.PDF#page=2'),
      PATTERN,
      'pdf',
      'https://www.mhlw.go.jp/kinkyu/dl/list.PDF',
    ],
    [
      'matched by the alt text of its icon',
      '<a href="a.pdf">一覧</a><a href="b.pdf"><img alt="公表事案一覧"></a>',
      /公表事案一覧/u,
      'pdf',
      'https://www.mhlw.go.jp/kinkyu/b.pdf',
    ],
    [
      'matched by its percent-encoded file name',
      '<a href="/dl/%E5%85%AC%E8%A1%A8.xlsx">Excel</a>',
      /公表\.xlsx$/u,
      'xlsx',
      'https://www.mhlw.go.jp/dl/%E5%85%AC%E8%A1%A8.xlsx',
    ],
    ['a matching link of another format is not the list', page('/content/001234567.xlsx'), PATTERN, 'pdf', null],
    ['no matching link', '<a href="x.pdf">別の資料</a><a href="mailto:a@b.jp">公表事案</a>', PATTERN, 'pdf', null],
  ];
  for (const [name, html, pattern, format, expected] of cases)
    assert.equal(linkedList(html, base, pattern, format), expected, name);
});

test("fetchList reads the page, follows its link (and the link's redirect), and sends the validators to the list only", async () => {
  const source = {
    ...testSource('test-linked', server.url('/kinkyu/page.html')),
    list_link: PATTERN.source,
    format: 'pdf' as const,
  };
  server.routes.set('/kinkyu/page.html', htmlRoute(page('/content/latest.pdf'), 'shift_jis'));
  server.routes.set('/content/latest.pdf', (_q, r) => r.writeHead(302, { location: '/content/001234567.pdf' }).end());
  server.routes.set('/content/001234567.pdf', etagRoute('%PDF-1.7', '"p1"'));
  const first = await fetchList(source, fetcher, null);
  assert.ok(first.kind === 'fetched');
  assert.equal(first.url, server.url('/content/001234567.pdf'));
  assert.equal(first.body.toString(), '%PDF-1.7');

  const before = server.requests.length;
  const again = await fetchList(source, fetcher, { etag: '"p1"', last_modified: null });
  assert.equal(again.kind, 'not_modified');
  const [pageRequest, ...listRequests] = server.requests.slice(before);
  assert.equal(pageRequest!.headers['if-none-match'], undefined, 'the page is fetched whole');
  assert.equal(listRequests.at(-1)!.headers['if-none-match'], '"p1"');
});

test('fetchList fails with a message naming the page when it is missing or links no list', async () => {
  const source = {
    ...testSource('test-linked', server.url('/kinkyu/gone.html')),
    list_link: PATTERN.source,
    format: 'pdf' as const,
  };
  const gone = await fetchList(source, fetcher, null);
  assert.ok(gone.kind === 'failed');
  assert.equal(gone.error, 'the page linking the list: the server answered 404');
  assert.equal(gone.status, 404);

  server.routes.set('/kinkyu/moved.html', htmlRoute('<a href="/x.pdf">別の資料</a>'));
  const unlinked = await fetchList({ ...source, url: server.url('/kinkyu/moved.html') }, fetcher, null);
  assert.ok(unlinked.kind === 'failed');
  assert.equal(
    unlinked.error,
    `no link to a .pdf file matching /違反に係る公表事案/ on ${server.url('/kinkyu/moved.html')}: the page changed, or list_link needs updating`,
  );
});

test("a collection cites the linked file in every record, and follows the page to the next month's file", async () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-11-20T00:00:00Z');
  const source = { ...testSource('test-monthly', server.url('/monthly/page.html')), list_link: '公表事案' };
  server.routes.set('/monthly/page.html', htmlRoute('<a href="/monthly/2026-10.csv">公表事案（10月）</a>'));
  server.routes.set('/monthly/2026-10.csv', etagRoute(tsvList(2), '"oct"'));
  server.routes.set('/monthly/2026-11.csv', etagRoute(tsvList(3), '"nov"'));
  const collect = async () =>
    (await runCollection({ dbPath: live, sources: [source], resolve: () => tsvParser, fetcher, clock: clock.now }))
      .results[0]!.result.run;
  const cited = () => {
    const db = new Database(live, { readonly: true });
    try {
      return db
        .prepare('SELECT DISTINCT source_url AS url FROM procurement_suspensions')
        .all()
        .map((r) => (r as { url: string }).url);
    } finally {
      db.close();
    }
  };

  assert.equal((await collect()).outcome, 'success');
  assert.deepEqual(cited(), [server.url('/monthly/2026-10.csv')]);
  assert.equal((await collect()).outcome, 'not_modified', 'the same file, unchanged, is not read again');

  server.routes.set('/monthly/page.html', htmlRoute('<a href="/monthly/2026-11.csv">公表事案（11月）</a>'));
  const next = await collect();
  assert.equal(next.outcome, 'success');
  assert.equal(next.records, 3);
  assert.deepEqual(cited(), [server.url('/monthly/2026-11.csv')]);
  const db = new Database(live, { readonly: true });
  assert.deepEqual(db.prepare("SELECT url FROM sources WHERE id = 'test-monthly'").get(), {
    url: server.url('/monthly/page.html'),
  });
  db.close();
});

test('the MHLW source is collected over HTTP from its page: every record cites the PDF', async () => {
  const registered = sourceRegistry().get('mhlw-labour-law-violations')!;
  const source = { ...registered, url: server.url('/kinkyu/151106.html') };
  server.routes.set('/kinkyu/151106.html', htmlRoute(page('/content/000534084.pdf')));
  server.routes.set('/content/000534084.pdf', (_q, r) =>
    r.writeHead(200, { 'content-type': 'application/pdf' }).end(readFileSync(sharedData('mhlw/000534084.pdf'))),
  );
  const live = join(tempDir(), 'kohyo.sqlite');
  const summary = await runCollection({
    dbPath: live,
    sources: [source],
    // its own parser on the pages read once per test run: what this test follows is the links, not the reading
    resolve: cachedMhlwResolver,
    fetcher,
    clock: steppingClock('2026-11-20T00:00:00Z').now,
  });
  const run = summary.results[0]!.result.run;
  assert.equal(run.outcome, 'success', run.error ?? '');
  assert.equal(run.records, 414);
  const db = new Database(live, { readonly: true });
  assert.deepEqual(db.prepare('SELECT DISTINCT source_url AS url FROM enforcements').all(), [
    { url: server.url('/content/000534084.pdf') },
  ]);
  db.close();
});
