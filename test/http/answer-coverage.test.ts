// meta.coverage on every record list: how many sources feed the answer (narrowed by authority) and how they stand,
// so that an empty list reads "nothing in 13 sources, 2 of them stale, 1 never collected". Through a real server on the demo dataset,
// whose clock (TEST_NOW, 2026-11-21T03:00Z) makes sources collected 2026-11-19 fresh and 2026-11-14 stale.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import type { RecordListPath, RequestPath } from '../helpers/documented-answers.js';
import { ok } from '../helpers/answers.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
});
after(() => server.close());

const coverageOf = async (path: RequestPath<RecordListPath>) => {
  const answer = await server.get(path);
  assert.equal(answer.status, 200, answer.text);
  return { coverage: answer.body.meta.coverage, asOf: answer.body.meta.data_as_of };
};

test('an enforcement list counts every enforcement source, fresh and stale, next to data_as_of', async () => {
  const { coverage, asOf } = await coverageOf('/api/v1/enforcements?law=labour_standards_act');
  const { not_current: notCurrent, not_searched: notSearched, ...counts } = coverage;
  assert.deepEqual(counts, {
    sources: 14,
    collected: 13,
    fresh: 11,
    stale: 2,
    failing: 0,
    never_collected: 1,
    oldest_success_at: '2026-11-14T18:02:00Z',
  });
  assert.equal(asOf, coverage.oldest_success_at);
  // the source never collected and the two stale ones by name, and where every source is listed
  assert.equal(notCurrent.total, 3);
  assert.deepEqual(
    notCurrent.sources.map((s) => s.state),
    ['never_collected', 'stale', 'stale'],
  );
  assert.equal(notCurrent.all_at, '/api/v1/coverage');
  assert.deepEqual(notSearched, {
    total: 1,
    sources: [{ id: 'demo-enf-pref-01', publisher: { code: 'pref_01', name: '北海道', name_en: 'Hokkaido' } }],
    all_at: '/api/v1/coverage',
  });
});

test("authority narrows to the sources that feed it: its own, its offices', and its parent's list", async () => {
  const ministry = (await coverageOf('/api/v1/enforcements?authority=mhlw')).coverage;
  assert.equal(ministry.sources, 2);
  // a labour bureau's cases come from the ministry's lists
  assert.deepEqual((await coverageOf('/api/v1/enforcements?authority=mhlw_labour_bureau_01')).coverage, ministry);
  const {
    not_current: notCurrent,
    not_searched: notSearched,
    ...stale
  } = (await coverageOf('/api/v1/enforcements?authority=ppc')).coverage;
  assert.deepEqual(notSearched, { total: 0, sources: [], all_at: '/api/v1/coverage' });
  assert.deepEqual(
    notCurrent.sources.map((s) => [s.publisher.code, s.state]),
    [['ppc', 'stale']],
  );
  assert.deepEqual(stale, {
    sources: 1,
    collected: 1,
    fresh: 0,
    stale: 1,
    failing: 0,
    never_collected: 0,
    oldest_success_at: '2026-11-14T18:02:00Z',
  });
});

test('an empty answer still says what was searched; failing and never-collected sources are counted', async () => {
  const answer = await server.get(
    `/api/v1/procurement-suspensions?company=${encodeURIComponent('存在しない会社名ですよ')}`,
  );
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body.data.procurement_suspensions, []);
  const coverage = answer.body.meta.coverage;
  assert.ok(coverage.sources > 5);
  assert.equal(coverage.collected, coverage.fresh + coverage.stale);
  assert.equal(coverage.sources, coverage.collected + coverage.never_collected);
  assert.ok(coverage.failing >= 1, 'the demo source whose last run failed');
  assert.ok(coverage.never_collected >= 1, 'the demo source never collected');
});

test("search carries each record kind's coverage beside its records, as that kind's endpoint does", async () => {
  const answer = await server.get(`/api/v1/search?q=${encodeURIComponent('北辰')}`);
  assert.equal(answer.status, 200, answer.text);
  const { coverage } = answer.body.meta;
  assert.equal(coverage.enforcements.sources, 14);
  assert.deepEqual(
    coverage.procurement_suspensions,
    (await coverageOf(`/api/v1/procurement-suspensions?company=${encodeURIComponent('北辰')}`)).coverage,
  );
  assert.deepEqual(
    coverage.license_actions,
    (await coverageOf(`/api/v1/license-actions?company=${encodeURIComponent('北辰')}`)).coverage,
  );
});

test('the sources a "no" did not search are named, never collected first, bounded, and each is on /api/v1/coverage', async () => {
  const answer = await ok(
    server,
    `/api/v1/procurement-suspensions?company=${encodeURIComponent('存在しない会社名ですよ')}`,
  );
  const { not_current: notCurrent } = answer.meta.coverage;
  const listed = await ok(server, '/api/v1/coverage');
  const suspensionSources = listed.data.sources.filter((s) => s.record_kind === 'procurement_suspension');
  const lagging = suspensionSources.filter((s) => s.freshness.status !== 'fresh' || s.last_error !== null);
  assert.equal(notCurrent.total, lagging.length);
  assert.ok(notCurrent.sources.length <= 5, 'a bounded list');
  const ids = new Set(lagging.map((s) => s.id));
  for (const source of notCurrent.sources) assert.ok(ids.has(source.id), source.id);
  const states = notCurrent.sources.map((s) => s.state);
  assert.deepEqual(
    states,
    [...states].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)),
  );
  assert.equal(states[0], 'never_collected');
});

const ORDER = ['never_collected', 'failing', 'stale'];

test('every kind names the sources it did not search, on its list and per kind on /search, each on /api/v1/coverage', async () => {
  const sources = (await ok(server, '/api/v1/coverage')).data.sources;
  const search = await ok(server, `/api/v1/search?q=${encodeURIComponent('存在しない会社名ですよ')}`);
  for (const [kind, list, path] of [
    ['enforcement', 'enforcements', '/api/v1/enforcements'],
    ['procurement_suspension', 'procurement_suspensions', '/api/v1/procurement-suspensions'],
    ['license_action', 'license_actions', '/api/v1/license-actions'],
  ] as const) {
    const never = sources.filter((s) => s.record_kind === kind && s.last_success_at === null);
    assert.ok(never.length > 0, `the demo has a ${kind} source never collected`);
    const expected = {
      total: never.length,
      sources: never.map((s) => ({ id: s.id, publisher: s.publisher })),
      all_at: '/api/v1/coverage',
    };
    const { coverage } = await coverageOf(`${path}?company=${encodeURIComponent('存在しない会社名ですよ')}`);
    assert.deepEqual(coverage.not_searched, expected, list);
    assert.equal(coverage.never_collected, never.length, list);
    assert.deepEqual(search.meta.coverage[list].not_searched, expected, `/search's ${list}`);
  }
});
