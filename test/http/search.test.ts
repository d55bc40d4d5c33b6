// GET /api/v1/search through the real app over the endpoint fixtures: companies and enforcement records for one
// query, the limit split between them, and records that agree with /enforcements?company= and ?q=.
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
    meta: body.meta,
  };
}

test('search splits its limit between companies and enforcement records', async () => {
  const cases: [limit: number, companies: string[], enforcements: string[], hasMore: boolean][] = [
    [1, KAKUU_COMPANIES.slice(0, 1), [], true],
    [2, KAKUU_COMPANIES.slice(0, 1), KAKUU.slice(0, 1), true],
    // companies take the odd half (3), the records the rest
    [5, KAKUU_COMPANIES, KAKUU.slice(0, 2), true],
    // three companies and three records are all there is
    [10, KAKUU_COMPANIES, KAKUU, false],
  ];
  for (const [limit, companies, enforcements, hasMore] of cases) {
    const answer = await search('架空商事株式会社', limit);
    assert.deepEqual([answer.companies, answer.enforcements], [companies, enforcements], `limit ${limit}`);
    assert.equal(answer.meta.returned, companies.length + enforcements.length);
    assert.equal(answer.meta.has_more, hasMore, `limit ${limit}`);
    assert.equal(answer.meta.data_as_of, '2026-11-19T22:00:00Z');
  }
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
