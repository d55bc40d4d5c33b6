// One answer for every spelling: over the whole demo dataset, every company that records name, asked for by each way
// a person writes it (its name with and without its legal form, its reading in katakana and hiragana, Hepburn, its
// English and former names, its Corporate Number), finds every record of it through /search and through `company=`:
// those linked to it and those that name it linked to none (placed nowhere or in its prefecture, for its number).
// The expected records are read from the database file directly, apart from the search, and `meta.matches` counts
// what the lists page through.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { recordsOfEveryCompany, recordsOfSpelling, spellingsOf } from '../helpers/demo-spellings.js';
import { loadConfig } from '../../src/config.js';
import type { RouteContext } from '../../src/api/endpoint.js';
import { searchKindPage } from '../../src/api/endpoints/search.js';
import { resolveRecordQuery } from '../../src/api/query-rules.js';
import { checkRecordQuery } from '../../src/api/query-rules.js';
import { RECORD_KINDS, type RecordKind } from '../../src/domain/records/record.js';
import { openStore, type Store } from '../../src/store/read/store.js';
import { demoDatabase, TEST_NOW } from '../helpers/server.js';

// a whole kind's matches at once: the demo's companies have at most a few dozen records of a kind
const EVERY = 1000;

function foundBySearch(context: RouteContext, q: string, kind: RecordKind): { ids: string[]; matches: number } {
  const page = searchKindPage(context, q, kind, 1, EVERY);
  return { ids: page.records.map((r) => r.id), matches: page.matches };
}

function foundByCompanyFilter(store: Store, q: string, kind: RecordKind): { ids: string[]; matches: number } {
  const today = '2026-11-21';
  const { query } = resolveRecordQuery(checkRecordQuery(kind, { company: q }), store, today);
  const page = store.records.page(kind, query, { limit: EVERY, page: 1 });
  return { ids: page.records.map((r) => r.id), matches: store.records.count(kind, query, EVERY) };
}

describe('every spelling of every demo company finds every record of its name', () => {
  let store: Store;
  let context: RouteContext;
  let companies: ReturnType<typeof recordsOfEveryCompany>;
  before(async () => {
    const path = await demoDatabase();
    store = openStore(path);
    context = { config: loadConfig({}), dataset: () => store, clock: () => TEST_NOW };
    companies = recordsOfEveryCompany(path).filter(({ records }) =>
      RECORD_KINDS.some((kind) => records[kind].size > 0),
    );
  });

  it('holds for hundreds of companies, some of whose records name them without a number', () => {
    assert.ok(companies.length > 200, `${companies.length} companies with records`);
    const named = companies.filter(({ unlinked }) => RECORD_KINDS.some((kind) => unlinked[kind].size > 0));
    assert.ok(named.length >= 10, `${named.length} companies named by records without their number`);
  });

  for (const [name, find] of [
    ['/api/v1/search (q)', (q: string, kind: RecordKind) => foundBySearch(context, q, kind)],
    ['company= of the record endpoints', (q: string, kind: RecordKind) => foundByCompanyFilter(store, q, kind)],
  ] as const) {
    it(`${name}: the same records for every spelling, and meta.matches counts the list`, () => {
      const misses: string[] = [];
      for (const entry of companies) {
        const { company } = entry;
        for (const spelling of spellingsOf(company)) {
          const records = recordsOfSpelling(entry, spelling);
          for (const kind of RECORD_KINDS) {
            const found = find(spelling, kind);
            assert.equal(found.matches, found.ids.length, `${spelling} ${kind}: matches counts the list`);
            const ids = new Set(found.ids);
            const missing = [...records[kind]].filter((id) => !ids.has(id));
            if (missing.length > 0)
              misses.push(`${company.corporate_number} 「${spelling}」 ${kind}: ${missing.join(', ')}`);
          }
        }
      }
      assert.deepEqual(misses, []);
    });
  }
});
