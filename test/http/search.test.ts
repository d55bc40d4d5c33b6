// GET /api/v1/search through the real app over the endpoint fixtures: companies and the records of every kind for one
// query, the limit shared between the lists, each list's full count and its sources' coverage, a Corporate
// Number as q, and records that agree with the record endpoints' company= and q=.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { ok, recordIds } from '../helpers/answers.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await fixtureDatabase() });
});
after(() => server.close());

const KAKUU = ['enf_kakuu_2025', 'enf_kakuu_2024', 'enf_kakuu_2023'];
// 架空商事 exactly, 架空商事販売 by prefix, 東京架空商事 in part
const KAKUU_COMPANIES = ['7999900010001', '6999900010002', '5999900010003'];

async function search(q: string, limit = 10) {
  const body = await ok(server, `/api/v1/search?q=${encodeURIComponent(q)}&limit=${limit}`);
  return {
    companies: body.data.companies.map((c) => c.corporate_number),
    enforcements: body.data.enforcements.map((r) => r.id),
    procurement_suspensions: body.data.procurement_suspensions.map((r) => r.id),
    license_actions: body.data.license_actions.map((r) => r.id),
    meta: body.meta,
  };
}

/** The four lists of an answer, by id (companies by number). */
const listsOf = ({
  companies,
  enforcements,
  procurement_suspensions,
  license_actions,
}: Awaited<ReturnType<typeof search>>) => ({
  companies,
  enforcements,
  procurement_suspensions,
  license_actions,
});

test('search shares its limit among the four lists: one row each in turn, so that every list with a match shows one', async () => {
  const suspension = ['ps_kakuu_antimonopoly'];
  const cases: [limit: number, companies: string[], enforcements: string[], suspensions: string[], hasMore: boolean][] =
    [
      [1, KAKUU_COMPANIES.slice(0, 1), [], [], true],
      [2, KAKUU_COMPANIES.slice(0, 1), KAKUU.slice(0, 1), [], true],
      // every list that has a match shows one row
      [3, KAKUU_COMPANIES.slice(0, 1), KAKUU.slice(0, 1), suspension, true],
      // then in turn again: the suspension list has no more, so the others share the rest
      [5, KAKUU_COMPANIES.slice(0, 2), KAKUU.slice(0, 2), suspension, true],
      // three companies, three enforcements and one suspension are all there is
      [10, KAKUU_COMPANIES, KAKUU, suspension, false],
    ];
  for (const [limit, companies, enforcements, suspensions, hasMore] of cases) {
    const answer = await search('架空商事株式会社', limit);
    assert.deepEqual(
      listsOf(answer),
      { companies, enforcements, procurement_suspensions: suspensions, license_actions: [] },
      `limit ${limit}`,
    );
    assert.equal(answer.meta.returned, companies.length + enforcements.length + suspensions.length);
    assert.equal(answer.meta.has_more, hasMore, `limit ${limit}`);
    // each list's full count, whatever the limit shows of it
    assert.deepEqual(
      answer.meta.matches,
      { companies: 3, enforcements: 3, procurement_suspensions: 1, license_actions: 0 },
      `limit ${limit}`,
    );
    // the stalest kind's: Tokyo's suspension list
    assert.equal(answer.meta.data_as_of, '2026-11-18T05:00:00Z');
  }
});

test('search answers every kind: licence actions and suspensions found by company and by text', async () => {
  const cases: Record<string, ReturnType<typeof listsOf>> = {
    // 三菱自動車工業's case: a company whose only records are licence actions
    仮名不動産: {
      companies: ['1999900010007'],
      enforcements: [],
      procurement_suspensions: [],
      license_actions: ['la_kamei_instruction', 'la_kamei_suspension'],
    },
    // the company's records of every kind first, then records whose text (the sector label 建設業) matches
    建設: {
      companies: ['2999900010006'],
      enforcements: ['enf_shiken_kensetsu'],
      procurement_suspensions: ['ps_shiken_bid', 'ps_shiken_accident'],
      license_actions: ['la_kamei_suspension', 'la_reidai_closure'],
    },
  };
  for (const [q, want] of Object.entries(cases)) {
    assert.deepEqual(listsOf(await search(q)), want, q);
    for (const [path, list] of [
      ['/api/v1/procurement-suspensions', 'procurement_suspensions'],
      ['/api/v1/license-actions', 'license_actions'],
    ] as const) {
      const byCompany = await recordIds(server, `${path}?company=${encodeURIComponent(q)}`);
      const byText = await recordIds(server, `${path}?q=${encodeURIComponent(q)}`);
      assert.deepEqual(want[list], [...new Set([...byCompany, ...byText])], `${q}: ${list} as company= then q=`);
    }
  }
});

test('meta.matches counts past the limit; has_more says a list holds fewer than its count', async () => {
  // twelve suspensions of Osaka Prefecture, found by the authority's label
  const answer = await search('大阪府', 4);
  assert.equal(answer.procurement_suspensions.length, 4);
  assert.deepEqual(answer.meta.matches, {
    companies: 0,
    enforcements: 0,
    procurement_suspensions: 12,
    license_actions: 0,
  });
  assert.equal(answer.meta.has_more, true);
  const all = await recordIds(server, `/api/v1/procurement-suspensions?q=${encodeURIComponent('大阪府')}&limit=10`);
  assert.deepEqual(answer.procurement_suspensions, all.slice(0, 4));
});

test('q as a Corporate Number: that company and every record linked to it, however the number is written', async () => {
  const want = {
    companies: ['2999900010006'],
    enforcements: ['enf_shiken_kensetsu'],
    procurement_suspensions: ['ps_shiken_bid', 'ps_shiken_accident'],
    license_actions: [],
  };
  for (const q of ['2999900010006', '２９９９９０００１０００６', '2-9999-0001-0006', 'T2999900010006']) {
    const answer = await search(q);
    assert.deepEqual(listsOf(answer), want, q);
    assert.deepEqual(answer.meta.matches, {
      companies: 1,
      enforcements: 1,
      procurement_suspensions: 2,
      license_actions: 0,
    });
  }
  // a wrong check digit names no company: nothing, and a notice saying why
  const wrong = await search('3999900010006');
  assert.deepEqual(listsOf(wrong), {
    companies: [],
    enforcements: [],
    procurement_suspensions: [],
    license_actions: [],
  });
  assert.match(wrong.meta.notice ?? '', /check digit/u);
});

test("meta.coverage on search: per record kind, each as that kind's endpoint gives it", async () => {
  const answer = await search('架空商事');
  const kinds = [
    ['enforcements', '/api/v1/enforcements'],
    ['procurement_suspensions', '/api/v1/procurement-suspensions'],
    ['license_actions', '/api/v1/license-actions'],
  ] as const;
  assert.deepEqual(
    Object.keys(answer.meta.coverage),
    kinds.map(([list]) => list),
  );
  for (const [list, path] of kinds) {
    const own = await ok(server, `${path}?q=${encodeURIComponent('架空商事')}`);
    assert.deepEqual(answer.meta.coverage[list], own.meta.coverage, list);
  }
  assert.equal(answer.meta.coverage.procurement_suspensions.stale, 1);
});

// /search's records are those company= finds, then those q= finds, with no duplicates.
test('search: the enforcements of the companies found, then those whose text matches, as company= and q= find them', async () => {
  const expected: Record<string, { companies: string[]; enforcements: string[] }> = {
    // 試験建設 by part of its name; its record by the company and by the label 建設業法
    建設: { companies: ['2999900010006'], enforcements: ['enf_shiken_kensetsu'] },
    架空商事株式会社: { companies: KAKUU_COMPANIES, enforcements: KAKUU },
    // 見本工業's record and the unlinked 見本運輸's come first; then those that only say 見本, although one is newer
    見本: {
      companies: ['4999900010004'],
      enforcements: ['enf_mihon_kogyo', 'enf_mihon_unyu', 'enf_mogi_tsuhan_2026', 'enf_kakuu_2025'],
    },
    // words that name no company still find the records that speak of them (they found none before)
    排除措置命令: { companies: [], enforcements: ['enf_kakuu_2025'] },
    公正取引委員会: { companies: [], enforcements: KAKUU },
  };
  for (const [q, want] of Object.entries(expected)) {
    const byCompany = await recordIds(server, `/api/v1/enforcements?company=${encodeURIComponent(q)}`);
    const byText = await recordIds(server, `/api/v1/enforcements?q=${encodeURIComponent(q)}`);
    const agreed = [...new Set([...byCompany, ...byText])];
    const full = await search(q);
    assert.deepEqual({ companies: full.companies, enforcements: full.enforcements }, want, q);
    assert.deepEqual(full.enforcements, agreed, `q=${q}: company= then q=`);
    const two = await search(q, 2);
    assert.deepEqual(two.enforcements, agreed.slice(0, two.enforcements.length), `q=${q} limit=2`);
  }
});

test("format=atom: a feed of the records of every kind the query finds, the companies' first, newest first, at most limit", async () => {
  const response = await server.get(`/api/v1/search?q=${encodeURIComponent('建設')}&format=atom`);
  assert.equal(response.status, 200, response.text);
  assert.match(response.headers.get('content-type') ?? '', /^application\/atom\+xml/u);
  const ids = [...response.text.matchAll(/<id>urn:kohyo:record:([^<]+)<\/id>/gu)].map((m) => m[1]);
  // the company's enforcement and suspensions first (linked to it), then the licence actions whose text says 建設,
  // each by their dates: the text's newest is not put before the company's own
  assert.deepEqual(ids, [
    'ps_shiken_bid',
    'ps_shiken_accident',
    'enf_shiken_kensetsu',
    'la_kamei_suspension',
    'la_reidai_closure',
  ]);
  const two = await server.get(`/api/v1/search?q=${encodeURIComponent('建設')}&format=atom&limit=2`);
  assert.equal([...two.text.matchAll(/<entry>/gu)].length, 2);
  const json = await server.get(`/api/v1/search?q=${encodeURIComponent('建設')}&format=json`);
  assert.equal(json.status, 200);
  assert.equal((await server.get('/api/v1/search?q=x&format=xml')).status, 400);
});
