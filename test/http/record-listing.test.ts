// Records that outlive their lists, through a real server over a dataset built by real collections: `listing` on every record,
// `listing=listed|delisted` narrowing a filter (absent: both), refused alone or with an unknown value.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCollection } from '../../src/ingest/collect/collection.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { ok } from '../helpers/answers.js';
import type { RequestPath } from '../helpers/documented-answers.js';
import {
  bodyRoute,
  startFixtureServer,
  steppingClock,
  tempDir,
  testFetcher,
  testSource,
  tsvList,
  tsvParser,
} from '../ingest/collect/collect-helpers.js';

let server: TestServer;
before(async () => {
  const lists = await startFixtureServer();
  const fetcher = testFetcher();
  const source = testSource('test-tokyo', lists.url('/tokyo.tsv'));
  const dbPath = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-01-05T00:00:00Z');
  // four companies, then an edition without the last one (tsvList numbers them 見本建設1 … 見本建設4)
  for (const [day, n] of [
    ['2026-01-05', 4],
    ['2026-02-05', 3],
  ] as const) {
    // the list prints no date of its own: its edition is the day the server says it was put up (Last-Modified)
    const lastModified = new Date(`${day}T00:00:00+09:00`).toUTCString();
    lists.routes.set('/tokyo.tsv', bodyRoute(tsvList(n), 200, { 'last-modified': lastModified }));
    clock.set(`${day}T00:00:00Z`);
    await runCollection({
      dbPath,
      sources: [source],
      resolve: () => tsvParser,
      fetcher,
      clock: clock.now,
      force: true,
    });
  }
  await fetcher.close();
  await lists.close();
  server = await startServer({ dbPath });
});
after(() => server.close());

const PATH = '/api/v1/procurement-suspensions?authority=pref_13';
const names = async (path: RequestPath<'/api/v1/procurement-suspensions'>) =>
  (await ok(server, path)).data.procurement_suspensions.map((r) => r.company.name).sort();

test('every record carries its listing; listing=delisted and listing=listed narrow, absent gives both', async () => {
  const all = (await ok(server, PATH)).data.procurement_suspensions;
  assert.equal(all.length, 4);
  const dropped = all.find((r) => r.company.name === '見本建設4株式会社')!;
  assert.deepEqual(dropped.listing, {
    status: 'delisted',
    first_listed_on: '2026-01-05',
    last_listed_on: '2026-01-05',
  });
  const kept = all.find((r) => r.company.name === '見本建設1株式会社')!;
  assert.deepEqual(kept.listing, { status: 'listed', first_listed_on: '2026-01-05', last_listed_on: '2026-02-05' });
  assert.deepEqual(await names(`${PATH}&listing=delisted`), ['見本建設4株式会社']);
  assert.deepEqual(await names(`${PATH}&listing=listed`), [
    '見本建設1株式会社',
    '見本建設2株式会社',
    '見本建設3株式会社',
  ]);
  // a label is read as its code, as for every enumerated filter
  assert.deepEqual(await names(`${PATH}&listing=${encodeURIComponent('掲載終了')}`), ['見本建設4株式会社']);
});

test('listing alone is no filter, and an unknown value is refused with the allowed codes', async () => {
  const alone = await server.get('/api/v1/procurement-suspensions?listing=delisted');
  assert.equal(alone.status, 400);
  assert.equal(alone.body.error.code, 'missing_filter');
  assert.ok(!alone.body.error.details!.filters!.includes('listing'));
  const unknown = await server.get(`${PATH}&listing=gone`);
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.error.code, 'invalid_parameter');
  assert.deepEqual(unknown.body.error.details!.allowed, ['listed', 'delisted']);
  for (const path of [
    '/api/v1/enforcements?authority=jftc&listing=listed',
    '/api/v1/license-actions?authority=mlit&listing=delisted',
  ]) {
    assert.equal((await server.get(path)).status, 200, path);
  }
});
