// The records /api/v1/search finds of one kind, and their full count (meta.matches): the company's records,
// then the text matches, each once, counted no further than the cap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { validateRecordLine } from '../../../src/domain/records/record-validation.js';
import type { ValidRecord } from '../../../src/domain/records/record.js';
import { recordQueriesOver, storeOver } from '../../helpers/record-store.js';
import type { RecordQueries } from '../../../src/store/read/record-queries.js';
import type { RecordKind } from '../../../src/domain/records/record.js';
import { companyInput } from '../../helpers/company-input.js';
import { searchRecords, type RecordSearch } from '../../../src/store/read/search-records.js';

const NUMBER = corporateNumberFromBase('999900000001');
const ADDRESS_OSAKA = {
  prefecture_code: '27',
  prefecture: '大阪府',
  city: '大阪市北区',
  city_code: '27127',
  street: null,
  postal_code: null,
  outside: null,
  en: null,
};
const today = '2026-11-22';

function enforcement(n: number, name: string, corporateNumber: string | null, summary: string): ValidRecord {
  const result = validateRecordLine(
    {
      kind: 'enforcement',
      id: `enf_search_${n}`,
      company: { name, corporate_number: corporateNumber },
      authority: 'jftc',
      source: {
        url: `https://example.go.jp/${n}.html`,
        title: '公表資料',
        published_on: '2025-03-14',
        retrieved_at: '2025-03-15T01:00:00Z',
      },
      law: 'antimonopoly_act',
      action_type: 'recommendation',
      date: `2025-01-${String(n).padStart(2, '0')}`,
      summary,
    },
    n,
  );
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
  return result.record;
}

// 架空商事's twelve records (four of which speak of 談合), and eight of other companies that speak of 談合
const RECORDS = [
  ...Array.from({ length: 12 }, (_, i) =>
    enforcement(i + 1, '架空商事株式会社', NUMBER, i < 4 ? '談合事件の勧告' : '下請代金の減額'),
  ),
  ...Array.from({ length: 8 }, (_, i) => enforcement(i + 13, `模擬建設${i}株式会社`, null, '談合事件の勧告')),
];

const store = () => recordQueriesOver(RECORDS);

/**
 * How many records the search finds, up to `cap`, whatever page was read first: the count takes the ids the page read
 * (all of a part's, or at least `cap`) and reads the parts the page did not need, so each limit must count the same.
 */
function countSearchRecords(records: RecordQueries, kind: RecordKind, search: RecordSearch, cap: number): number {
  const counts = [1, 3, 10, 30].map((limit) => searchRecords(records, kind, search, limit, cap).matches());
  assert.equal(new Set(counts).size, 1, `the same count after pages of 1, 3, 10 and 30: ${counts.join(', ')}`);
  return counts[0] ?? -1;
}

const search = (text: string | null): RecordSearch => ({
  companies: { corporateNumbers: [NUMBER], nameKeys: [], nameParts: [] },
  text,
  today,
});

test("search's records: the company's first, newest first, then the text matches, none twice", () => {
  const records = store();
  const cases: [text: string | null, limit: number, ids: number[], hasMore: boolean][] = [
    [null, 5, [12, 11, 10, 9, 8], true],
    [null, 10, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3], true],
    // the company's twelve, then the other companies' 談合 records: the company's own four are not repeated
    ['談合', 10, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3], true],
    ['談合事件', 10, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3], true],
  ];
  for (const [text, limit, ids, hasMore] of cases) {
    const page = searchRecords(records, 'enforcement', search(text), limit);
    assert.deepEqual(
      page.entries(0, limit).map((r) => r.id),
      ids.map((n) => `enf_search_${n}`),
      `${text} ${limit}`,
    );
    assert.equal(page.hasMore, hasMore, `${text} ${limit}`);
  }
  // no company: the text matches alone
  const byText = searchRecords(
    records,
    'enforcement',
    { ...search('談合'), companies: { corporateNumbers: [], nameKeys: [], nameParts: [] } },
    10,
  );
  assert.deepEqual(
    byText.entries(0, 10).map((r) => r.id),
    [20, 19, 18, 17, 16, 15, 14, 13, 4, 3].map((n) => `enf_search_${n}`),
  );
});

test("search's count: the company's records and the text matches, each once, up to the cap", () => {
  const records = store();
  const cases: [text: string | null, cap: number, count: number][] = [
    [null, 1000, 12],
    // 12 of the company, 8 others' that say 談合 (the company's four that say it counted once)
    ['談合', 1000, 20],
    ['談合事件', 1000, 20],
    ['下請', 1000, 12],
    ['談合', 15, 15],
    // the text's 12 matches alone reach the cap
    ['談合', 10, 10],
    ['存在しない語句', 1000, 12],
  ];
  for (const [text, cap, count] of cases)
    assert.equal(countSearchRecords(records, 'enforcement', search(text), cap), count, `${text} ${cap}`);
  assert.equal(
    countSearchRecords(
      records,
      'enforcement',
      { ...search('談合'), companies: { corporateNumbers: [], nameKeys: [], nameParts: [] } },
      1000,
    ),
    12,
  );
});

test("search's parts in order: linked to the recalled companies, then apart linked to none naming them, then printed names holding the query's, then text", () => {
  // dates rise with n: each later part's records are newer than every record of the parts before it
  const { records, companies } = storeOver(
    [
      enforcement(1, '架空商事株式会社', NUMBER, '勧告'),
      enforcement(2, '（株）旧架空', null, '勧告'),
      enforcement(3, '架空商事工業株式会社', null, '勧告'),
      enforcement(4, '別会社株式会社', null, '架空商事との取引に関する勧告'),
      enforcement(5, '無関係株式会社', null, '勧告'),
      enforcement(6, 'カクウショウジ', null, '勧告'),
      enforcement(7, 'ＫＡＫＵＳＹＯＺＩ株式会社', null, '勧告'),
    ],
    [
      companyInput({
        corporate_number: NUMBER,
        name: '架空商事株式会社',
        name_kana: 'カクウショウジ',
        aliases: [{ kind: 'former_name', name: '株式会社旧架空' }],
      }),
    ],
  );
  // the company's names are followed, not its reading, in kana or romanized: a record naming カクウショウジ or
  // ＫＡＫＵＳＹＯＺＩ (its reading's romaji key) is no record of its name; and of its names only those a record linked
  // to no company carries (架空商事 is named by its own linked record alone, so it is not looked up)
  const nameKeys = companies.ofNumber(NUMBER)?.nameKeys ?? [];
  assert.deepEqual(nameKeys, ['旧架空']);
  const search: RecordSearch = {
    companies: { corporateNumbers: [NUMBER], nameKeys, nameParts: ['架空商事'] },
    text: '架空商事',
    today,
  };
  const page = searchRecords(records, 'enforcement', search, 10);
  assert.deepEqual(
    page.entries(0, 10).map((r) => r.id),
    [1, 2, 3, 4].map((n) => `enf_search_${n}`),
  );
  assert.equal(countSearchRecords(records, 'enforcement', search, 1000), 4);
});

test('a followed company is looked up by its Corporate Number only when records are linked to it, and by its names always', () => {
  const namesake = corporateNumberFromBase('999900000002');
  const { records, companies } = storeOver(
    [
      enforcement(1, '架空商事株式会社', NUMBER, '勧告'),
      // names the namesake's name and no number: found by the name, whichever company it is
      enforcement(2, '架空商事株式会社', null, '勧告'),
    ],
    [
      companyInput({ corporate_number: NUMBER, name: '架空商事株式会社' }),
      companyInput({ corporate_number: namesake, name: '架空商事株式会社', address: { ...ADDRESS_OSAKA } }),
    ],
  );
  const ids = companies.findByKeys(['架空商事'], 10, null, 0).ids;
  assert.equal(ids.length, 2);
  const followed = companies.followed(ids);
  // the namesake has no record linked to it: its number would find none
  assert.deepEqual(followed.corporateNumbers, [NUMBER]);
  assert.deepEqual(followed.nameKeys, ['架空商事']);
  const search: RecordSearch = { companies: { ...followed, nameParts: [] }, text: null, today };
  assert.deepEqual(
    searchRecords(records, 'enforcement', search, 10)
      .entries(0, 10)
      .map((r) => r.id),
    [1, 2].map((n) => `enf_search_${n}`),
  );
  assert.equal(countSearchRecords(records, 'enforcement', search, 1000), 2);
});

test('a company filter of many numbers and names pages its records by the dates its indexes hold, each record once', () => {
  const other = corporateNumberFromBase('999900000003');
  // twelve records of the company by its number, all naming it too; two naming it alone; one of another number
  const { records } = storeOver([
    ...RECORDS.slice(0, 12),
    enforcement(21, '架空商事株式会社', null, '勧告'),
    enforcement(22, '架空商事株式会社', null, '勧告'),
    enforcement(23, '模擬建設株式会社', other, '勧告'),
  ]);
  const unknown = ['999900000004', '999900000005'].map(corporateNumberFromBase);
  const company = { corporateNumbers: [NUMBER, other, ...unknown], nameKeys: ['架空商事'], nameParts: [] };
  const pageOf = (page: number) =>
    records.page('enforcement', { company, today }, { limit: 10, page }).records.map((r) => r.id);
  const newestFirst = [23, 22, 21, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `enf_search_${n}`);
  assert.deepEqual([...pageOf(1), ...pageOf(2)], newestFirst);
  assert.equal(records.count('enforcement', { company, today }, 1000), 15);
});

test('a search reads the documents of only the records an answer asks for, when it asks (issue 94)', () => {
  const records = store();
  let read = 0;
  const entriesOf = records.entriesOf.bind(records);
  records.entriesOf = (kind, rids) => {
    read += rids.length;
    return entriesOf(kind, rids);
  };
  const page = searchRecords(records, 'enforcement', search('談合'), 10, 1000);
  // the page knows how many it found, and the count, without a document read
  assert.equal(page.found, 10);
  assert.equal(page.hasMore, true);
  assert.equal(page.matches(), 20);
  assert.equal(read, 0);
  // an answer that shows three of them reads those three
  assert.deepEqual(
    page.entries(2, 5).map((r) => r.id),
    [10, 9, 8].map((n) => `enf_search_${n}`),
  );
  assert.equal(read, 3);
});
