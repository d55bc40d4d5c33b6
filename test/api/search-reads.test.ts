// /api/v1/search reads whole only what it shows, so a large register costs no more than it must: of the companies it
// finds, those its share of the rows shows; of each kind's records, those it lists. The companies it shows are the
// best it found, as /companies ranks them.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.js';
import type { RouteContext } from '../../src/api/endpoint.js';
import { companyQuestion, searchCompanies } from '../../src/api/company-search.js';
import { SEARCH } from '../../src/api/endpoints/search.js';
import { COMPANY_FILTER_MATCHES } from '../../src/domain/records/filter-names.js';
import type { RankedId } from '../../src/store/read/company-queries.js';
import { RECORD_KINDS, RECORD_LISTS } from '../../src/domain/records/record.js';
import { openStore, type Store } from '../../src/store/read/store.js';
import { demoDatabase, TEST_NOW } from '../helpers/server.js';

let store: Store;
let context: RouteContext;
before(async () => {
  store = openStore(await demoDatabase(), { answerCacheEntries: 0 });
  context = { config: loadConfig({}), dataset: () => store, clock: () => TEST_NOW };
});

/** The answer to `q`, with the companies and the records read whole while it was made. */
function answerReading(q: string, limit: number) {
  const companiesRead: number[] = [];
  const recordsRead: number[] = [];
  const { companies, records } = store;
  const hitsOf = companies.hitsOf.bind(companies);
  const entriesOf = records.entriesOf.bind(records);
  companies.hitsOf = (ranked: readonly RankedId[]) => {
    companiesRead.push(...ranked.map((r) => r.id));
    return hitsOf(ranked);
  };
  records.entriesOf = (kind, rids) => {
    recordsRead.push(...rids);
    return entriesOf(kind, rids);
  };
  try {
    const answer = SEARCH.answer(context, { q, limit }, 'search-reads');
    return { answer, companiesRead, recordsRead };
  } finally {
    companies.hitsOf = hitsOf;
    records.entriesOf = entriesOf;
  }
}

// names many companies and records share, a name few do, a reading, and a name no company has
const QUERIES = ['建設', '運輸', '北辰建設', 'ホクシンケンセツ', '株式会社北辰建設', '存在しない名前'];

test('/search reads whole the companies and records it shows, and no others (issue 94)', () => {
  let shared = 0;
  for (const q of QUERIES)
    for (const limit of [1, 4, 10]) {
      const { answer, companiesRead, recordsRead } = answerReading(q, limit);
      const shown = RECORD_KINDS.reduce((sum, kind) => sum + answer.data[RECORD_LISTS[kind]].length, 0);
      assert.equal(companiesRead.length, answer.data.companies.length, `${q} ${limit}: companies read`);
      assert.equal(recordsRead.length, shown, `${q} ${limit}: records read`);
      // the companies shown are the best the search finds, in its order
      const best = searchCompanies(store, companyQuestion(q, 'q'), limit, COMPANY_FILTER_MATCHES);
      assert.deepEqual(
        answer.data.companies.map((c) => c.corporate_number),
        best.hits.slice(0, answer.data.companies.length).map((hit) => hit.company.corporate_number),
        `${q} ${limit}`,
      );
      if (answer.data.companies.length < best.hits.length) shared++;
    }
  // the limit was shared with the records, so that fewer companies were shown than were found
  assert.ok(shared >= 4, `${shared} answers showed fewer companies than they found`);
});
