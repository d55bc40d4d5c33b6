// The record endpoints through the real app over the endpoint fixtures (test/fixtures/endpoints/README.md): every
// filter narrows to the records the fixture gives it, in the contract's order, with paging and data_as_of.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { ok, recordIds } from '../helpers/answers.js';
import type { RecordListPath, RequestPath, Schema } from '../helpers/documented-answers.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await fixtureDatabase() });
});
after(() => server.close());

const ids = (path: RequestPath<RecordListPath>) => recordIds(server, path);
const RECORD_PATHS = ['/api/v1/enforcements', '/api/v1/procurement-suspensions', '/api/v1/license-actions'];

const COMMON_KEYS = ['authority', 'company', 'id', 'links', 'listing', 'source'];
const ENFORCEMENT_KEYS = [
  ...COMMON_KEYS,
  'action_type',
  'amount_jpy',
  'date',
  'law',
  'law_detail',
  'laws',
  'summary',
  'summary_en',
].sort();
const SUSPENSION_KEYS = [...COMMON_KEYS, 'period', 'reason', 'reason_detail', 'scope', 'status', 'summary_en'].sort();
const LICENSE_KEYS = [
  ...COMMON_KEYS,
  'action_type',
  'date',
  'nature',
  'period',
  'permits',
  'permits_total',
  'reason_detail',
  'sector_code',
  'sector_codes',
  'sectors',
  'status',
  'summary_en',
].sort();

const KAKUU = ['enf_kakuu_2025', 'enf_kakuu_2024', 'enf_kakuu_2023'];

test('enforcements by corporate_number: only that company, newest first, exact fields, data_as_of', async () => {
  const body = await ok(server, '/api/v1/enforcements?corporate_number=7999900010001');
  const records = body.data.enforcements;
  assert.deepEqual(
    records.map((r) => r.id),
    KAKUU,
  );
  // only the newest record's source places the company (test/fixtures/endpoints/records.jsonl)
  assert.deepEqual(
    records.map((r) => r.company.prefecture_code),
    ['13', null, null],
  );
  for (const record of records) {
    const { prefecture_code: _placed, ...company } = record.company;
    assert.deepEqual(company, {
      corporate_number: '7999900010001',
      name: '架空商事株式会社',
      name_en: null,
      link: 'source',
      address: null,
    });
    // an answer to a Corporate Number says how each record relates to it
    assert.deepEqual(Object.keys(record).sort(), [...ENFORCEMENT_KEYS, 'relation'].sort());
    assert.equal(record.relation, 'linked');
    assert.equal(record.law.code, record.laws[0]!.code);
    assert.deepEqual(Object.keys(record.authority).sort(), ['code', 'group', 'name', 'name_en']);
  }
  assert.deepEqual(
    records[0]!.laws.map((l) => l.code),
    ['antimonopoly_act', 'subcontract_act'],
  );
  assert.equal(records[2]!.amount_jpy, 12340000);
  // the oldest last collection among the four enforcement sources: the MHLW list
  assert.equal(body.meta.data_as_of, '2026-11-19T22:00:00Z');
});

test('enforcement filters: law (any cited), authority, action_type each narrow to matching records', async () => {
  assert.deepEqual(
    await ids('/api/v1/enforcements?law=subcontract_act'),
    ['enf_kakuu_2025', 'enf_kakuu_2024'],
    'cited second counts',
  );
  assert.deepEqual(await ids('/api/v1/enforcements?law=antimonopoly_act'), ['enf_kakuu_2025', 'enf_kakuu_2023']);
  assert.deepEqual(await ids('/api/v1/enforcements?authority=jftc'), KAKUU);
  assert.deepEqual(
    await ids(`/api/v1/enforcements?authority=${encodeURIComponent('公正取引委員会')}`),
    KAKUU,
    'by its label',
  );
  assert.deepEqual(await ids('/api/v1/enforcements?authority=mhlw_labour_bureau_13'), [
    'enf_mihon_kogyo',
    'enf_mihon_unyu',
    'enf_mogi_tekko',
  ]);
  assert.deepEqual(await ids('/api/v1/enforcements?action_type=instruction_order'), [
    'enf_mogi_tsuhan_2026',
    'enf_shiken_kensetsu',
  ]);
  assert.deepEqual(await ids('/api/v1/enforcements?authority=jftc&action_type=recommendation'), ['enf_kakuu_2024']);
  assert.deepEqual(await ids('/api/v1/enforcements?authority=jftc&limit=2'), KAKUU.slice(0, 2));
});

test('procurement suspensions: each status against TEST_NOW (2026-11-21 in Japan); reason and authority narrow', async () => {
  const cases: [status: string, page: number, expected: string[]][] = [
    ['scheduled', 1, ['ps_mihon_false']],
    ['active', 1, ['ps_shiken_bid']],
    ['lifted', 1, ['ps_shiken_accident']],
    // the last of three pages, newest start first: the generated rows of January 2026, then Tokyo's of April 2025
    ['ended', 3, ['ps_many_02', 'ps_many_01', 'ps_kakuu_antimonopoly']],
  ];
  for (const [status, page, expected] of cases) {
    const body = await ok(server, `/api/v1/procurement-suspensions?status=${status}&limit=5&page=${page}`);
    const records = body.data.procurement_suspensions;
    assert.deepEqual(
      records.map((r) => r.id),
      expected,
      status,
    );
    for (const r of records) {
      assert.equal(r.status, status);
      assert.deepEqual(Object.keys(r).sort(), SUSPENSION_KEYS);
    }
  }
  assert.deepEqual(await ids('/api/v1/procurement-suspensions?reason=bid_rigging'), ['ps_shiken_bid']);
  assert.deepEqual(await ids('/api/v1/procurement-suspensions?authority=mlit_kanto_rdb'), [
    'ps_mihon_false',
    'ps_shiken_bid',
    'ps_shiken_accident',
  ]);
  const tokyo = await ok(server, '/api/v1/procurement-suspensions?authority=pref_13');
  assert.deepEqual(tokyo.data.procurement_suspensions[0]!.period, { from: '2025-04-01', to: '2025-09-30' });
  // Tokyo's list, collected 2026-11-18, is the stalest of the three suspension sources
  assert.equal(tokyo.meta.data_as_of, '2026-11-18T05:00:00Z');
});

test('pages: page 2 continues page 1, max_page bounds them, has_more says whether another page holds rows', async () => {
  // the twelve generated suspensions (many-suspensions.jsonl) are the only ones for dishonest_conduct
  const path = (limit: number, page: number) =>
    `/api/v1/procurement-suspensions?reason=dishonest_conduct&limit=${limit}&page=${page}` as const;
  const pages = await Promise.all([1, 2, 3].map((page) => ok(server, path(5, page))));
  const listed = pages.map((p) => p.data.procurement_suspensions.map((r) => r.id));
  assert.deepEqual(listed, [
    ['ps_many_12', 'ps_many_11', 'ps_many_10', 'ps_many_09', 'ps_many_08'],
    ['ps_many_07', 'ps_many_06', 'ps_many_05', 'ps_many_04', 'ps_many_03'],
    ['ps_many_02', 'ps_many_01'],
  ]);
  assert.deepEqual(
    pages.map((p) => [p.meta.page, p.meta.max_page, p.meta.has_more]),
    [
      [1, 3, true],
      [2, 3, true],
      [3, 3, false],
    ],
  );
  assert.equal(pages[0]!.meta.notice, undefined, 'all twelve are within reach');
  // one a page, ten pages reach ten of the twelve: the last page still says more match, and why no page follows
  const first = await ok(server, path(1, 1));
  assert.equal(first.meta.max_page, 10);
  assert.equal(first.meta.has_more, true);
  assert.match(first.meta.notice!, /More than 10 records match and pages stop at 10: no page past 10 is given/u);
  const last = await ok(server, path(1, 10));
  assert.deepEqual(
    last.data.procurement_suspensions.map((r) => r.id),
    ['ps_many_03'],
  );
  assert.equal(last.meta.has_more, true, 'issue 54: two more match than the pages reach');
  assert.equal(last.meta.notice, first.meta.notice);
  const past = await server.get(path(1, 11));
  assert.equal(past.status, 400, 'and no page past the cap is given');
});

test('licence actions: sector matches the primary sector or any affected one, permits included', async () => {
  assert.deepEqual(await ids('/api/v1/license-actions?sector=real_estate_brokerage'), [
    'la_kamei_instruction',
    'la_kamei_suspension',
  ]);
  assert.deepEqual(
    await ids('/api/v1/license-actions?sector=architect_office'),
    ['la_kamei_suspension'],
    'a sector of a permit only',
  );
  assert.deepEqual(await ids('/api/v1/license-actions?sector=construction'), [
    'la_kamei_suspension',
    'la_reidai_closure',
  ]);
  const body = await ok(server, '/api/v1/license-actions?corporate_number=1999900010007');
  const [instruction, suspension] = body.data.license_actions as [Schema<'LicenseAction'>, Schema<'LicenseAction'>];
  for (const r of [instruction, suspension])
    assert.deepEqual(Object.keys(r).sort(), [...LICENSE_KEYS, 'relation'].sort());
  assert.equal(suspension.sector_code, 'construction');
  assert.equal(suspension.sector_codes[0], 'construction');
  assert.deepEqual([...suspension.sector_codes].sort(), ['architect_office', 'construction', 'real_estate_brokerage']);
  assert.deepEqual(
    suspension.sectors.map((s) => s.code),
    suspension.sector_codes,
  );
  assert.equal(suspension.permits.length, 2);
  assert.equal(suspension.permits_total, 2);
  assert.deepEqual(
    [instruction.sector_codes, instruction.permits, instruction.permits_total],
    [['real_estate_brokerage'], [], 0],
  );
  assert.equal(body.meta.data_as_of, '2026-11-20T07:00:00Z');
});

test('licence actions: nature, status (against TEST_NOW) and date range narrow as they say', async () => {
  const cases: [query: string, expected: string[]][] = [
    ['nature=violation', ['la_kamei_instruction', 'la_kamei_suspension']],
    ['nature=voluntary_closure', ['la_reidai_closure']],
    ['nature=other', ['la_shiko_unknown']],
    ['status=scheduled', ['la_kamei_instruction']],
    ['status=in_effect', ['la_kamei_suspension']],
    ['status=completed', ['la_reidai_closure', 'la_shiko_unknown']],
    ['from=2025-01-01&to=2025-12-31', ['la_reidai_closure', 'la_shiko_unknown']],
    ['from=2025-08-20&to=2025-08-20', ['la_reidai_closure']],
  ];
  for (const [query, expected] of cases)
    assert.deepEqual(await ids(`/api/v1/license-actions?${query}`), expected, query);
});

// Narrow instead of page. from/to on every record endpoint, on the date each kind is listed by
// (a suspension's first day), with the licence-actions rule for a range alone.
test('from / to narrow every record endpoint by the date it lists by; a short range alone is a filter', async () => {
  const cases: [path: RequestPath<RecordListPath>, expected: string[]][] = [
    ['/api/v1/enforcements?authority=jftc&from=2024-01-01', ['enf_kakuu_2025', 'enf_kakuu_2024']],
    ['/api/v1/enforcements?authority=jftc&to=2024-12-31', ['enf_kakuu_2024', 'enf_kakuu_2023']],
    ['/api/v1/enforcements?authority=jftc&from=2024-09-20&to=2024-09-20', ['enf_kakuu_2024']],
    [
      '/api/v1/enforcements?from=2025-01-01&to=2025-12-31',
      ['enf_mogi_tsuhan_2025', 'enf_mihon_kogyo', 'enf_kakuu_2025', 'enf_mihon_unyu'],
    ],
    // a suspension by its first day: ps_shiken_accident (2025-01-10, open-ended) is in 2025, not in 2026
    ['/api/v1/procurement-suspensions?corporate_number=2999900010006&from=2026-01-01', ['ps_shiken_bid']],
    ['/api/v1/procurement-suspensions?corporate_number=2999900010006&to=2025-12-31', ['ps_shiken_accident']],
    ['/api/v1/procurement-suspensions?company=架空商事&from=2025-04-01&to=2025-04-01', ['ps_kakuu_antimonopoly']],
    ['/api/v1/license-actions?from=2025-01-01&to=2025-12-31', ['la_reidai_closure', 'la_shiko_unknown']],
  ];
  for (const [path, expected] of cases) assert.deepEqual(await ids(path), expected, path);
  for (const path of RECORD_PATHS) {
    const range = await server.get(`${path}?from=2025-01-01&to=2026-01-01`);
    assert.equal(range.status, 200, `${path}: ${range.text}`);
    for (const [query, code] of [
      ['from=2025-01-01', 'missing_filter'],
      ['to=2025-01-01', 'missing_filter'],
      ['from=2024-01-01&to=2025-01-02', 'missing_filter'],
      ['from=2025-02-01&to=2025-01-01', 'invalid_parameter'],
      ['authority=jftc&from=2025-02-30', 'invalid_parameter'],
      ['authority=jftc&to=2025/01/01', 'invalid_parameter'],
    ]) {
      const refused = await server.get(`${path}?${query}`);
      assert.equal(refused.status, 400, `${path}?${query}`);
      assert.equal(refused.body.error.code, code, `${path}?${query}`);
    }
  }
});

// record.ts documents the order of sector_codes (and with it the OpenAPI document): sector_code, the sectors the
// source gave, then those of the permits. The fixture gives real_estate_brokerage and then a permit of architect_office.
test('licence actions: sector_codes in the documented order, the sectors given before those of the permits', async () => {
  const body = await ok(server, '/api/v1/license-actions?corporate_number=1999900010007&sector=architect_office');
  const [suspension] = body.data.license_actions as [Schema<'LicenseAction'>];
  assert.deepEqual(suspension.sector_codes, ['construction', 'real_estate_brokerage', 'architect_office']);
  assert.deepEqual(
    suspension.sectors.map((s) => s.name),
    ['建設業', '宅地建物取引業', '建築士事務所'],
  );
});

test('every record of every kind carries an English summary composed from the vocabularies', async () => {
  for (const path of [
    '/api/v1/enforcements?law=labour_standards_act',
    '/api/v1/procurement-suspensions?reason=bid_rigging',
    '/api/v1/license-actions?sector=construction',
  ] as const) {
    const answer = await server.get(path);
    assert.equal(answer.status, 200, path);
    const [list] = Object.values(answer.body.data) as {
      summary_en: string;
      date?: string;
      period?: { from: string };
    }[][];
    assert.ok(list!.length > 0, path);
    for (const record of list!) {
      assert.match(record.summary_en, /^[\x20-\x7e]+\.$/u, `${path}: English, one sentence`);
      assert.ok(record.summary_en.includes(record.date ?? record.period!.from), `${path}: names the date`);
    }
  }
});
