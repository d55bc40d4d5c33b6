// The record endpoints' text filters through the real app over the endpoint fixtures: `company=` recalls companies
// as /companies finds them (and unlinked records by name), `q=` matches the words a record shows.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { ok, recordIds, recordsOf } from '../helpers/answers.js';
import type { RecordListPath, RequestPath } from '../helpers/documented-answers.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await fixtureDatabase() });
});
after(() => server.close());

const ids = (path: RequestPath<RecordListPath>) => recordIds(server, path);
const KAKUU = ['enf_kakuu_2025', 'enf_kakuu_2024', 'enf_kakuu_2023'];

test('company= finds the records of 架空商事 by its name, kana, English name and romaji', async () => {
  // 架空商事販売 and 東京架空商事 are recalled too, but have no enforcements
  for (const company of [
    '架空商事株式会社',
    '架空商事',
    '(株)架空商事',
    'カクウショウジ',
    'かくうしょうじ',
    'Kakuu Trading',
    'kakushoji',
  ]) {
    assert.deepEqual(await ids(`/api/v1/enforcements?company=${encodeURIComponent(company)}`), KAKUU, company);
  }
});

test('company= finds a company by its former name, and an unlinked record by the name its source gives', async () => {
  assert.deepEqual(await ids(`/api/v1/enforcements?company=${encodeURIComponent('見本製作所')}`), ['enf_mihon_kogyo']);
  for (const company of ['有限会社見本運輸', '見本運輸']) {
    const body = await ok(server, `/api/v1/enforcements?company=${encodeURIComponent(company)}`);
    assert.deepEqual(
      body.data.enforcements.map((r) => r.id),
      ['enf_mihon_unyu'],
      company,
    );
    // the source gives an address only: its prefecture is read from it
    assert.deepEqual(body.data.enforcements[0]!.company, {
      corporate_number: null,
      name: '有限会社見本運輸',
      name_en: null,
      link: null,
      prefecture_code: '13',
      address: '東京都足立区見本二丁目３番',
    });
  }
});

test('company= finds an unlinked record by any part of its name, as q finds company names', async () => {
  // 本運輸 starts no company's name and the source's name 有限会社見本運輸 does not start with it
  for (const company of ['本運輸', '本運輸株式会社', '本　運輸']) {
    assert.deepEqual(
      await ids(`/api/v1/enforcements?company=${encodeURIComponent(company)}`),
      ['enf_mihon_unyu'],
      company,
    );
  }
  assert.deepEqual(await ids(`/api/v1/enforcements?company=${encodeURIComponent('見本運送')}`), []);
});

test('q finds records by words of their summary and by the authority label or its alias', async () => {
  assert.deepEqual(await ids(`/api/v1/enforcements?q=${encodeURIComponent('納入価格')}`), ['enf_kakuu_2025']);
  assert.deepEqual(await ids(`/api/v1/enforcements?q=${encodeURIComponent('公正取引委員会')}`), KAKUU);
  assert.deepEqual(await ids(`/api/v1/enforcements?q=${encodeURIComponent('公取委')}`), KAKUU);
});

// q words of one and two characters, which the trigram index cannot serve, come from each table's short-gram index.
// Each case is one authority's records: `expected` hold the word in `column`, the rest of `of` do not.
const SHORT_Q: {
  endpoint: 'enforcements' | 'procurement-suspensions' | 'license-actions';
  column: string;
  word: string;
  authority: string;
  expected: string[];
  of: number;
}[] = [
  {
    endpoint: 'enforcements',
    column: 'summary',
    word: '指示',
    authority: 'pref_13',
    expected: ['enf_mogi_tsuhan_2026'],
    of: 2,
  },
  {
    endpoint: 'enforcements',
    column: 'summary',
    word: '賃',
    authority: 'mhlw_labour_bureau_13',
    expected: ['enf_mihon_kogyo', 'enf_mihon_unyu'],
    of: 3,
  },
  {
    endpoint: 'procurement-suspensions',
    column: 'reason_detail',
    word: '談合',
    authority: 'mlit_kanto_rdb',
    expected: ['ps_shiken_bid'],
    of: 3,
  },
  {
    endpoint: 'procurement-suspensions',
    column: 'reason_detail',
    word: '談',
    authority: 'mlit_kanto_rdb',
    expected: ['ps_shiken_bid'],
    of: 3,
  },
  {
    endpoint: 'license-actions',
    column: 'reason_detail',
    word: '警告',
    authority: 'pref_13',
    expected: ['la_kamei_instruction'],
    of: 4,
  },
  {
    endpoint: 'license-actions',
    column: 'reason_detail',
    word: '賃',
    authority: 'pref_13',
    expected: ['la_shiko_unknown'],
    of: 4,
  },
];

/** What a record is found by that the response shows: company name, summary or reason, labels. */
const shown = (record: unknown) => JSON.stringify(record).normalize('NFKC');

for (const { endpoint, column, word, authority, expected, of } of SHORT_Q) {
  test(`${endpoint}: a ${[...word].length}-character q (${word}) finds every record whose ${column} contains it`, async () => {
    const body = await ok(server, `/api/v1/${endpoint}?q=${encodeURIComponent(word)}&authority=${authority}`);
    const records = recordsOf(body, endpoint);
    assert.deepEqual(
      records.map((r) => r.id),
      expected,
    );
    for (const record of records) assert.ok(shown(record).includes(word), shown(record));
    // the authority holds records without the word, so that q is seen to narrow
    assert.equal((await ids(`/api/v1/${endpoint}?authority=${authority}`)).length, of);
  });
}

test('a two-character q finds a company by the middle of its name, not only its start', async () => {
  // 名不 is the middle of 仮名不動産
  assert.deepEqual(await ids(`/api/v1/license-actions?q=${encodeURIComponent('名不')}&authority=pref_13`), [
    'la_kamei_instruction',
    'la_kamei_suspension',
  ]);
});

test('a mixed q (a two-character word and a longer one) requires both', async () => {
  const q = (value: string) => ids(`/api/v1/enforcements?q=${encodeURIComponent(value)}`);
  assert.deepEqual(await q('指示 訪問販売'), ['enf_mogi_tsuhan_2026']);
  // 電話勧誘 is in the other 模擬通販 record, which is no instruction
  assert.deepEqual(await q('電話勧誘'), ['enf_mogi_tsuhan_2025']);
  assert.deepEqual(await q('指示 電話勧誘'), []);
});

test('a q of punctuation alone is answered, with no records', async () => {
  const body = await ok(server, `/api/v1/enforcements?q=${encodeURIComponent('・')}`);
  assert.deepEqual(body.data.enforcements, []);
  assert.equal(body.meta.has_more, false);
});
