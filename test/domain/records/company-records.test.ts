// The rule of a company's records (src/domain/records/company-records.ts): what an answer about the company of a
// Corporate Number stands for, and how each record an answer holds relates to what was asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RecordQuery } from '../../../src/domain/records/record-query.js';
import { readdirSync, readFileSync } from 'node:fs';
import {
  byRelation,
  companyRecordsFilter,
  foundRelation,
  queryRelation,
  relationOf,
  relationRank,
  type Relation,
} from '../../../src/domain/records/company-records.js';

test('a record relates to a company query: linked to a company it found, naming one linked to none, or by its text', () => {
  const filter = { corporateNumbers: ['8999999000001'], nameKeys: ['北辰建設', 'hokushinconstruction'], nameParts: [] };
  const cases: [company: { corporate_number: string | null; name: string }, relation: Relation][] = [
    [{ corporate_number: '8999999000001', name: '北辰建設株式会社' }, 'linked'],
    // linked to another company of the name: that company's record, found here only by its own text
    [{ corporate_number: '7999999000002', name: '株式会社北辰建設' }, 'text'],
    [{ corporate_number: null, name: '北辰建設（株）' }, 'named'],
    [{ corporate_number: null, name: '北辰建設㈱ 東京支店' }, 'named'],
    [{ corporate_number: null, name: '北辰建設工業株式会社' }, 'text'],
  ];
  for (const [company, relation] of cases) assert.equal(relationOf(company, filter), relation, company.name);
});

test("a query's records relate to it by its company filter, its Corporate Number or its text; to nothing else", () => {
  const today = '2026-11-28';
  const company = { corporate_number: null, name: '北辰建設（株）' };
  const filter = { corporateNumbers: [], nameKeys: ['北辰建設'], nameParts: [] };
  assert.equal(queryRelation(asQuery({ company: filter, today }))?.(company), 'named');
  assert.equal(queryRelation(asQuery({ corporate_number: '8999999000001', today }))?.(company), 'linked');
  assert.equal(queryRelation(asQuery({ q: '談合', today }))?.(company), 'text');
  assert.equal(queryRelation(asQuery({ authority: 'jftc', today })), undefined);
});

test("a number's answer: its own records (linked, its predecessors'), apart its names in its prefecture, elsewhere counted", () => {
  const company = {
    corporateNumber: '8999999000001',
    name: '北辰建設株式会社',
    nameKeys: ['北辰建設'],
    prefectureCode: '13',
    predecessors: ['5999999000003'],
  };
  const { filter, elsewhere } = companyRecordsFilter('8999999000001', company);
  assert.deepEqual(filter, {
    corporateNumbers: ['8999999000001'],
    predecessors: ['5999999000003'],
    nameKeys: ['北辰建設'],
    nameParts: [],
    named: { within: 'own', prefectureCode: '13' },
  });
  assert.deepEqual(elsewhere, {
    filter: {
      corporateNumbers: [],
      nameKeys: ['北辰建設'],
      nameParts: [],
      named: { within: 'elsewhere', prefectureCode: '13' },
    },
    name: '北辰建設株式会社',
  });
  const cases: [company: { corporate_number: string | null; name: string }, relation: Relation][] = [
    [{ corporate_number: '8999999000001', name: '北辰建設株式会社' }, 'linked'],
    [{ corporate_number: '5999999000003', name: '東京北辰工務店株式会社' }, 'predecessor'],
    [{ corporate_number: null, name: '北辰建設（株）' }, 'named'],
    // a namesake's record is not this company's, whatever it names
    [{ corporate_number: '7999999000002', name: '株式会社北辰建設' }, 'text'],
  ];
  for (const [named, relation] of cases) assert.equal(relationOf(named, filter), relation, named.name);
  // a number no company has stands for the records linked to it, and nothing else
  assert.deepEqual(companyRecordsFilter('1111111111111', null), {
    filter: { corporateNumbers: ['1111111111111'], predecessors: [], nameKeys: [], nameParts: [] },
  });
});

test('its own records rank before those that may be its own, and those before the ones found by text', () => {
  assert.deepEqual((['text', 'named', 'predecessor', 'linked'] as const).map(relationRank), [2, 1, 0, 0]);
});

test("corporate_number= with its predecessors says which records are a predecessor's", () => {
  const relate = queryRelation(
    asQuery({
      corporate_number: '8999999000001',
      predecessors: ['5999999000003'],
      today: '2026-11-28',
    }),
  );
  assert.equal(relate?.({ corporate_number: '8999999000001', name: 'x' }), 'linked');
  assert.equal(relate?.({ corporate_number: '5999999000003', name: 'x' }), 'predecessor');
});

/** A record query, as a record endpoint resolves one. */
function asQuery(query: RecordQuery): RecordQuery {
  return query;
}

test('a list that mixes relations is ordered by their rank, then by what each list puts first among one rank', () => {
  const rows: { id: string; relation: Relation | undefined; day: string }[] = [
    { id: 'a', relation: 'text', day: '2026-11-02' },
    { id: 'b', relation: 'named', day: '2026-11-03' },
    { id: 'c', relation: 'predecessor', day: '2026-11-01' },
    { id: 'd', relation: 'linked', day: '2026-11-04' },
    { id: 'e', relation: 'named', day: '2026-11-05' },
    { id: 'f', relation: undefined, day: '2026-11-06' },
  ];
  const newest = (x: { day: string }, y: { day: string }) => y.day.localeCompare(x.day);
  assert.deepEqual(
    rows.sort(byRelation<(typeof rows)[number]>((row) => row.relation, newest)).map((row) => row.id),
    ['f', 'd', 'c', 'e', 'b', 'a'],
  );
});

test('a record a search found relates by the company it names, unless only its own words found it', () => {
  const filter = {
    corporateNumbers: ['8999999000001'],
    predecessors: ['7999999000002'],
    nameKeys: ['北辰建設'],
    nameParts: [],
  };
  assert.equal(foundRelation({ corporate_number: '7999999000002', name: '北辰組' }, filter, false), 'predecessor');
  assert.equal(foundRelation({ corporate_number: null, name: '北辰建設（株）' }, filter, false), 'named');
  // placed in another prefecture, so not among the search's named records: found by its printed name, its text
  assert.equal(foundRelation({ corporate_number: null, name: '北辰建設（株）' }, filter, true), 'text');
});

/** The source files of src/, by path from the repository's root. */
function sources(): [path: string, code: string][] {
  const root = new URL('../../../', import.meta.url);
  return readdirSync(new URL('src/', root), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/u.test(file))
    .map((file) => [`src/${file}`, readFileSync(new URL(`src/${file}`, root), 'utf8')]);
}

test("the order of a company's records is written once, in company-records.ts: the SQL's tiers, the search's parts and the feeds read it", () => {
  for (const [path, code] of sources()) {
    if (path === 'src/domain/records/company-records.ts') continue;
    // a comparison of two ranks is an order of relations written again
    assert.doesNotMatch(code, /relationRank\([^)]*\)\s*-\s*relationRank/u, `${path} orders relations itself`);
  }
  const filterSql = sources().find(([path]) => path === 'src/store/read/company-filter-sql.ts')![1];
  // each part's tier is a relation's rank, never a number of its own
  const tiers = [...filterSql.matchAll(/inTable\(\s*(?:'[^']*'|`[^`]*`),\s*(relationRank\('\w+'\)|[^,)]+)/gu)].map(
    (m) => m[1]!,
  );
  assert.ok(tiers.length >= 3, tiers.join(' | '));
  for (const tier of tiers) assert.match(tier, /^relationRank\('(?:linked|named|text)'\)$/u);
  for (const path of [
    'src/store/read/search-records.ts',
    'src/api/endpoints/search.ts',
    'src/http/feeds/atom-feed.ts',
  ]) {
    const code = sources().find(([p]) => p === path)![1];
    assert.match(code, /byRelation\(/u, `${path} orders by byRelation`);
    assert.doesNotMatch(code, /\brelationOf\(/u, `${path} works a relation out again`);
  }
});
