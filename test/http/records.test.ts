// The record endpoints through the real app over the demo database: every filter narrows as it says.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { lookup } from '../helpers/demo-lookup.js';

let server: TestServer;
let db: ReturnType<typeof lookup>;
before(async () => {
  const path = await demoDatabase();
  server = await startServer({ dbPath: path });
  db = lookup(path);
});
after(async () => {
  db.close();
  await server.close();
});

async function get(path: string) {
  const response = await server.get(path);
  assert.equal(response.status, 200, `${path}: ${response.text}`);
  return response.body;
}

const COMMON_KEYS = ['authority', 'company', 'id', 'source'];
const ENFORCEMENT_KEYS = [...COMMON_KEYS, 'action_type', 'amount_jpy', 'date', 'law', 'law_detail', 'laws', 'summary', 'summary_en'].sort();
const SUSPENSION_KEYS = [...COMMON_KEYS, 'period', 'reason', 'reason_detail', 'scope', 'status'].sort();
const LICENSE_KEYS = [...COMMON_KEYS, 'action_type', 'date', 'nature', 'period', 'permits', 'permits_total', 'reason_detail', 'sector_code', 'sector_codes', 'sectors', 'status'].sort();

function assertNewestFirst(dates: string[]) {
  assert.deepEqual(dates, [...dates].sort().reverse());
}

test('enforcements by corporate_number: only that company, newest first, exact fields, data_as_of', async () => {
  const { corporate_number } = db.one<{ corporate_number: string }>(
    'SELECT company_corporate_number AS corporate_number FROM enforcements WHERE company_corporate_number IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
  const body = await get(`/api/v1/enforcements?corporate_number=${corporate_number}`);
  assert.ok(body.data.enforcements.length > 0);
  for (const record of body.data.enforcements) {
    assert.equal(record.company.corporate_number, corporate_number);
    assert.equal(record.company.link, 'source');
    assert.deepEqual(Object.keys(record).sort(), ENFORCEMENT_KEYS);
    assert.equal(record.law.code, record.laws[0].code);
    assert.deepEqual(Object.keys(record.authority).sort(), ['code', 'group', 'name', 'name_en']);
  }
  assertNewestFirst(body.data.enforcements.map((r: { date: string }) => r.date));
  assert.match(body.meta.data_as_of, /^\d{4}-\d{2}-\d{2}T/u);
});

test('enforcement filters: law (any cited), authority, action_type each narrow to matching records', async () => {
  const multi = db.one<{ law_code: string }>(
    'SELECT l.law_code FROM enforcement_laws l JOIN enforcements e ON e.rid = l.rid WHERE l.law_code <> e.law_code LIMIT 1');
  const byLaw = await get(`/api/v1/enforcements?law=${multi.law_code}&limit=10`);
  assert.ok(byLaw.data.enforcements.length > 0);
  for (const r of byLaw.data.enforcements) assert.ok(r.laws.some((l: { code: string }) => l.code === multi.law_code));
  const authority = db.one<{ authority_code: string }>('SELECT authority_code FROM enforcements GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
  const byAuthority = await get(`/api/v1/enforcements?authority=${authority.authority_code}`);
  for (const r of byAuthority.data.enforcements) assert.equal(r.authority.code, authority.authority_code);
  const action = db.one<{ action_type: string }>('SELECT action_type FROM enforcements GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
  const byAction = await get(`/api/v1/enforcements?action_type=${action.action_type}`);
  assert.ok(byAction.data.enforcements.length > 0);
  for (const r of byAction.data.enforcements) assert.equal(r.action_type.code, action.action_type);
});

test('company finds the records of the matching companies and unlinked records by the source name', async () => {
  const linked = db.one<{ name: string; corporate_number: string; n: number }>(
    `SELECT c.name, c.corporate_number, count(*) AS n FROM enforcements e JOIN companies c ON c.corporate_number = e.company_corporate_number
     GROUP BY c.corporate_number HAVING n BETWEEN 1 AND 9 ORDER BY c.corporate_number LIMIT 1`);
  const body = await get(`/api/v1/enforcements?company=${encodeURIComponent(linked.name)}`);
  const ids = body.data.enforcements.filter((r: { company: { corporate_number: string } }) => r.company.corporate_number === linked.corporate_number);
  assert.equal(ids.length, linked.n);
  const unlinked = db.all<{ company_name: string }>('SELECT company_name FROM enforcements WHERE company_corporate_number IS NULL LIMIT 1');
  if (unlinked.length > 0) {
    const byName = await get(`/api/v1/enforcements?company=${encodeURIComponent(unlinked[0]!.company_name)}`);
    assert.ok(byName.data.enforcements.some((r: { company: { name: string; link: null } }) => r.company.name === unlinked[0]!.company_name && r.company.link === null));
  }
});

test('q finds records by words of their summary and by authority label', async () => {
  const record = db.one<{ summary: string; id: string }>("SELECT summary, id FROM enforcements WHERE length(summary) >= 12 ORDER BY id LIMIT 1");
  const words = [...record.summary.normalize('NFKC')].slice(2, 8).join('');
  const body = await get(`/api/v1/enforcements?q=${encodeURIComponent(words)}`);
  assert.ok(body.data.enforcements.length > 0, words);
  assert.ok(body.data.enforcements.some((r: { summary: string }) => r.summary.normalize('NFKC').includes(words)), words);
  const label = await get(`/api/v1/enforcements?q=${encodeURIComponent('公正取引委員会')}`);
  for (const r of label.data.enforcements) assert.equal(r.authority.code, 'jftc');
});

test('procurement suspensions: each status filter returns records of that status; reason and authority narrow', async () => {
  for (const status of ['scheduled', 'active', 'ended', 'lifted']) {
    const body = await get(`/api/v1/procurement-suspensions?status=${status}`);
    assert.ok(body.data.procurement_suspensions.length > 0, status);
    for (const r of body.data.procurement_suspensions) {
      assert.equal(r.status, status);
      assert.deepEqual(Object.keys(r).sort(), SUSPENSION_KEYS);
    }
    assertNewestFirst(body.data.procurement_suspensions.map((r: { period: { from: string } }) => r.period.from));
  }
  const reason = db.one<{ reason_code: string }>('SELECT reason_code FROM procurement_suspensions GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
  const byReason = await get(`/api/v1/procurement-suspensions?reason=${reason.reason_code}`);
  for (const r of byReason.data.procurement_suspensions) assert.equal(r.reason.code, reason.reason_code);
});

test('pages: page 2 continues page 1, max_page bounds them, has_more says whether another page holds rows', async () => {
  const reason = db.one<{ reason_code: string; n: number }>('SELECT reason_code, count(*) AS n FROM procurement_suspensions GROUP BY 1 ORDER BY n DESC LIMIT 1');
  const first = await get(`/api/v1/procurement-suspensions?reason=${reason.reason_code}&limit=5`);
  const second = await get(`/api/v1/procurement-suspensions?reason=${reason.reason_code}&limit=5&page=2`);
  assert.equal(first.meta.page, 1);
  assert.equal(second.meta.page, 2);
  assert.equal(first.meta.max_page, Math.min(10, Math.ceil(reason.n / 5)));
  assert.equal(first.meta.has_more, reason.n > 5);
  const firstIds = new Set(first.data.procurement_suspensions.map((r: { id: string }) => r.id));
  for (const r of second.data.procurement_suspensions) assert.ok(!firstIds.has(r.id));
  const last = await get(`/api/v1/procurement-suspensions?reason=${reason.reason_code}&limit=5&page=${first.meta.max_page}`);
  assert.equal(last.meta.has_more, false);
  if (reason.n > 50) assert.match(last.meta.notice, /pages stop at 10/u);
});

test('licence actions: sector matches the primary sector or any affected one', async () => {
  const multi = db.one<{ sector_code: string }>(
    'SELECT s.sector_code FROM license_action_sectors s JOIN license_actions a ON a.rid = s.rid WHERE s.sector_code <> a.sector_code LIMIT 1');
  const body = await get(`/api/v1/license-actions?sector=${multi.sector_code}&limit=10`);
  assert.ok(body.data.license_actions.length > 0);
  for (const r of body.data.license_actions) {
    assert.ok(r.sector_codes.includes(multi.sector_code));
    assert.ok(r.sector_codes.includes(r.sector_code));
    assert.equal(r.sector_codes[0], r.sector_code);
    assert.deepEqual(Object.keys(r).sort(), LICENSE_KEYS);
  }
  const secondary = db.one<{ n: number }>(
    'SELECT count(*) AS n FROM license_action_sectors s JOIN license_actions a ON a.rid = s.rid WHERE s.sector_code = ? AND a.sector_code <> ?',
    multi.sector_code, multi.sector_code);
  assert.ok(secondary.n > 0);
});

test('licence actions: nature, status and date range narrow as they say', async () => {
  for (const nature of ['violation', 'voluntary_closure', 'other']) {
    const body = await get(`/api/v1/license-actions?nature=${nature}`);
    assert.ok(body.data.license_actions.length > 0, nature);
    for (const r of body.data.license_actions) assert.equal(r.nature.code, nature);
  }
  for (const status of ['scheduled', 'in_effect', 'completed']) {
    const body = await get(`/api/v1/license-actions?status=${status}`);
    assert.ok(body.data.license_actions.length > 0, status);
    for (const r of body.data.license_actions) assert.equal(r.status, status);
  }
  const range = db.one<{ date: string }>('SELECT date FROM license_actions ORDER BY date DESC LIMIT 1 OFFSET 20');
  const to = range.date;
  const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
  const body = await get(`/api/v1/license-actions?from=${from}&to=${to}`);
  assert.ok(body.data.license_actions.length > 0);
  for (const r of body.data.license_actions) assert.ok(r.date >= from && r.date <= to, r.date);
});

test('search splits its limit between companies and enforcement records', async () => {
  const { name } = db.one<{ name: string }>(
    'SELECT c.name FROM enforcements e JOIN companies c ON c.corporate_number = e.company_corporate_number GROUP BY c.id ORDER BY count(*) DESC LIMIT 1');
  for (const limit of [1, 2, 5, 10]) {
    const body = await get(`/api/v1/search?q=${encodeURIComponent(name)}&limit=${limit}`);
    const total = body.data.companies.length + body.data.enforcements.length;
    assert.ok(total <= limit);
    assert.equal(body.meta.returned, total);
    assert.ok(body.data.companies.length >= 1);
    if (limit >= 2) assert.ok(body.data.enforcements.length >= 1, `limit ${limit}`);
  }
});

// Issue 8 point 3: /search's records are those company= finds, then those q= finds, with no duplicates.
test('search: the enforcements of the companies found, then those whose text matches, as company= and q= find them', async () => {
  const { name } = db.one<{ name: string }>(
    'SELECT c.name FROM enforcements e JOIN companies c ON c.corporate_number = e.company_corporate_number GROUP BY c.id ORDER BY count(*) DESC LIMIT 1');
  for (const q of ['建設', name, '排除措置命令', '公正取引委員会']) {
    for (const limit of [2, 10]) {
      const search = await get(`/api/v1/search?q=${encodeURIComponent(q)}&limit=${limit}`);
      const byCompany = (await get(`/api/v1/enforcements?company=${encodeURIComponent(q)}`)).data.enforcements as { id: string }[];
      const byText = (await get(`/api/v1/enforcements?q=${encodeURIComponent(q)}`)).data.enforcements as { id: string }[];
      const expected = [...new Set([...byCompany, ...byText].map((r) => r.id))];
      const ids = (search.data.enforcements as { id: string }[]).map((r) => r.id);
      assert.deepEqual(ids, expected.slice(0, ids.length), `q=${q} limit=${limit}`);
      assert.equal(new Set(ids).size, ids.length, 'no duplicates');
      if (expected.length > 0 && limit === 10) assert.ok(ids.length > 0, `q=${q} finds records`);
    }
  }
  // a word that names no company still finds the records that speak of it (it found none before)
  const text = await get(`/api/v1/search?q=${encodeURIComponent('排除措置命令')}`);
  assert.ok(text.data.enforcements.length > 0);
});

// q words of one and two characters, which the trigram index cannot serve, come from each table's short-gram index.
const SHORT_Q: { endpoint: string; key: string; table: string; column: string; word: string }[] = [
  { endpoint: 'enforcements', key: 'enforcements', table: 'enforcements', column: 'summary', word: '指示' },
  { endpoint: 'procurement-suspensions', key: 'procurement_suspensions', table: 'procurement_suspensions', column: 'reason_detail', word: '談合' },
  { endpoint: 'license-actions', key: 'license_actions', table: 'license_actions', column: 'reason_detail', word: '警告' },
  { endpoint: 'enforcements', key: 'enforcements', table: 'enforcements', column: 'summary', word: '賃' },
  { endpoint: 'procurement-suspensions', key: 'procurement_suspensions', table: 'procurement_suspensions', column: 'reason_detail', word: '談' },
  { endpoint: 'license-actions', key: 'license_actions', table: 'license_actions', column: 'reason_detail', word: '賃' },
];

/** Every record of a query: page by page where the endpoint has pages (they stop at 10), else the one page. */
async function allRecords(path: string, key: string): Promise<{ id: string }[]> {
  const records: { id: string }[] = [];
  const paged = !path.startsWith('/api/v1/enforcements?');
  for (let page = 1; ; page++) {
    const body = await get(paged ? `${path}&page=${page}` : path);
    records.push(...body.data[key]);
    if (!body.meta.has_more) return records;
    assert.ok(paged && page < 10, `${path}: more records than the pages show`);
  }
}

/** What a record is found by that the response shows: company name, summary or reason, labels. */
const shown = (record: unknown) => JSON.stringify(record).normalize('NFKC');

for (const { endpoint, key, table, column, word } of SHORT_Q) {
  test(`${endpoint}: a ${[...word].length}-character q (${word}) finds every record whose ${column} contains it`, async () => {
    // one authority's records, so that the answer fits the pages the endpoint shows
    const { authority_code: authority, n } = db.one<{ authority_code: string; n: number }>(
      `SELECT authority_code, count(*) AS n FROM ${table} WHERE ${column} LIKE ? GROUP BY 1 HAVING n <= 8 ORDER BY n DESC, 1 LIMIT 1`, `%${word}%`);
    const expected = db.all<{ id: string }>(`SELECT id FROM ${table} WHERE ${column} LIKE ? AND authority_code = ?`, `%${word}%`, authority);
    assert.equal(expected.length, n);
    const records = await allRecords(`/api/v1/${endpoint}?q=${encodeURIComponent(word)}&authority=${authority}`, key);
    const ids = new Set(records.map((r) => r.id));
    for (const { id } of expected) assert.ok(ids.has(id), id);
    for (const record of records) assert.ok(shown(record).includes(word), shown(record));
    const total = db.one<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE authority_code = ?`, authority).n;
    assert.ok(records.length < total, `q narrows ${authority}: ${records.length} of ${total}`);
  });
}

test('a two-character q finds a company by the middle of its name, not only its start', async () => {
  const record = db.one<{ id: string; company_name_norm: string; authority_code: string }>(
    'SELECT id, company_name_norm, authority_code FROM license_actions WHERE length(company_name_norm) >= 4 ORDER BY id LIMIT 1');
  const middle = [...record.company_name_norm].slice(1, 3).join('');
  const records = await allRecords(`/api/v1/license-actions?q=${encodeURIComponent(middle)}&authority=${record.authority_code}`, 'license_actions');
  assert.ok(records.some((r) => r.id === record.id), `${middle} in ${record.company_name_norm}`);
});

test('a mixed q (a two-character word and a longer one) requires both', async () => {
  const record = db.one<{ id: string; summary: string; authority_code: string }>(
    "SELECT id, summary, authority_code FROM enforcements WHERE summary LIKE '%指示%' ORDER BY id LIMIT 1");
  const long = [...record.summary.normalize('NFKC')].slice(0, 4).join('');
  assert.doesNotMatch(long, /\s/u);
  const path = (q: string) => `/api/v1/enforcements?q=${encodeURIComponent(q)}&authority=${record.authority_code}`;
  const both = await allRecords(path(`指示 ${long}`), 'enforcements');
  assert.ok(both.some((r) => r.id === record.id));
  for (const r of both) assert.ok(shown(r).includes('指示') && shown(r).includes(long), shown(r));
  const shortOnly = await allRecords(path('指示'), 'enforcements');
  assert.ok(both.length <= shortOnly.length);
});

test('a q of punctuation alone is answered, with no records', async () => {
  const body = await get(`/api/v1/enforcements?q=${encodeURIComponent('・')}`);
  assert.deepEqual(body.data.enforcements, []);
  assert.equal(body.meta.has_more, false);
});
