// GET /api/v1/coverage through a real server, over a dataset built by real collections: every
// source of every kind with its edition, runs and retention; an older edition skipped leaves its source healthy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCollection } from '../../src/ingest/collect/collection.js';
import { startServer } from '../helpers/server.js';
import { answerOf } from '../helpers/answers.js';
import {
  bodyRoute,
  collectionFixtures,
  datedTsvParser,
  steppingClock,
  tempDir,
  testSource,
} from '../ingest/collect/collect-helpers.js';

const { server: fixtures, fetcher } = await collectionFixtures();

const list = (date: string, names: readonly string[]) =>
  `@${date}\n${names.map((n) => [`${n}建設株式会社`, '東京都千代田区霞が関1-1', '2025-03-01', '2025-12-31', '談合'].join('\t')).join('\n')}\n`;

test('/api/v1/coverage lists every source with its edition, counts, runs, freshness and what retention removed', async () => {
  const dbPath = join(tempDir(), 'kohyo.sqlite');
  const kept = testSource('test-kept', fixtures.url('/kept.tsv'));
  const older = testSource('test-older', fixtures.url('/older.tsv'), 'pref_27');
  const gone = testSource('test-gone', fixtures.url('/gone.tsv'), 'pref_01');
  const never = testSource('test-never', fixtures.url('/never.tsv'), 'pref_47');
  const clock = steppingClock('2026-11-19T00:00:00Z');
  const collect = (sources: (typeof kept)[]) =>
    runCollection({
      dbPath,
      sources,
      registered: [kept, older, gone, never],
      resolve: () => datedTsvParser,
      fetcher,
      clock: clock.now,
      force: true,
      delistedRetentionDays: 0,
    });
  fixtures.routes.set('/kept.tsv', bodyRoute(list('2026-11-01', ['青葉', '北辰', '桜'])));
  fixtures.routes.set('/older.tsv', bodyRoute(list('2026-10-31', ['松風'])));
  await collect([kept, older]);
  // a day later: 北辰 leaves the kept list (retention 0 removes it); the older list is an edition printed before
  // the one held; the gone list answers 404
  clock.set('2026-11-20T00:00:00Z');
  fixtures.routes.set('/kept.tsv', bodyRoute(list('2026-11-15', ['青葉', '桜'])));
  fixtures.routes.set('/older.tsv', bodyRoute(list('2026-09-30', ['若葉'])));
  const summary = await collect([kept, older, gone]);
  assert.deepEqual(
    summary.results.map((r) => r.result.run.outcome),
    ['success', 'skipped', 'failure'],
  );

  const server = await startServer({ dbPath });
  try {
    const answer = answerOf(await server.get('/api/v1/coverage'));
    const byId = new Map(answer.data.sources.map((s) => [s.id, s]));
    assert.deepEqual(
      answer.data.sources.map((s) => s.record_kind),
      answer.data.sources.map(() => 'procurement_suspension'),
    );
    assert.deepEqual(byId.get('test-kept'), {
      id: 'test-kept',
      record_kind: 'procurement_suspension',
      publisher: { code: 'pref_13', name: '東京都', name_en: 'Tokyo Metropolis' },
      title: 'test list test-kept',
      url: kept.url,
      edition_on: '2026-11-15',
      edition_date_source: 'printed',
      // the server's day is 2026-11-21 in Japan
      edition_age_days: 6,
      observed_count: 2,
      last_success_at: byId.get('test-kept')!.last_success_at,
      last_error: null,
      freshness: byId.get('test-kept')!.freshness,
      removed_by_retention: 1,
    });
    // skipped: the edition held stays, and the source is not failing
    const skipped = byId.get('test-older')!;
    assert.deepEqual([skipped.edition_on, skipped.observed_count, skipped.last_error], ['2026-10-31', 1, null]);
    assert.equal(skipped.freshness.status, 'fresh');
    const failing = byId.get('test-gone')!;
    assert.deepEqual(
      [failing.edition_on, failing.last_success_at, failing.freshness.status],
      [null, null, 'never_collected'],
    );
    assert.match(failing.last_error!, /404/u);
    const idle = byId.get('test-never')!;
    assert.deepEqual([idle.edition_on, idle.last_error, idle.freshness.status], [null, null, 'never_collected']);

    // the record lists count the same way: one failing source, the skipped one is not
    const records = answerOf(await server.get('/api/v1/procurement-suspensions?reason=bid_rigging'));
    assert.equal(records.meta.coverage.failing, 1);
    assert.equal(records.meta.coverage.sources, 4);
  } finally {
    await server.close();
  }
});
