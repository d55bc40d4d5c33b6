// Company search through the answer cache (KOHYO_ANSWER_CACHE_ENTRIES): the same answers as without it, whatever
// limit asked first, and each open dataset with a cache of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/read/store.js';
import { planCompanySearch } from '../../src/domain/companies/company-search-plan.js';
import { normaliseCompanyName } from '../../src/domain/companies/names.js';
import { demoDatabase } from '../helpers/server.js';
import { readFile } from '../../src/store/schema/database.js';

test('answers kept for a larger limit serve a smaller one exactly as a fresh search would', async () => {
  const path = await demoDatabase();
  const cached = openStore(path, { answerCacheEntries: 1000 });
  const fresh = openStore(path, { answerCacheEntries: 0 });
  // the demo's hundreds of companies, so that short fragments match many through every stage
  const names = readFile(
    path,
    (db) => db.prepare('SELECT name FROM companies ORDER BY corporate_number LIMIT 40').pluck().all() as string[],
  );
  // whole names, and short fragments that match many companies through every stage (exact, prefix, partial)
  const queries = [
    ...names,
    ...names.map((n) => [...normaliseCompanyName(n)].slice(0, 2).join('')),
    '建設',
    'kensetsu',
    '株式会社ア',
  ];
  let compared = 0;
  for (const q of queries) {
    const plan = planCompanySearch(q);
    if (plan.kind !== 'terms') continue;
    // /search asks 51 with 10 read whole, /companies 11 whole: a kept answer with fewer read whole is not enough
    for (const [limit, whole] of [
      [51, 10],
      [50, 50],
      [11, 11],
      [3, 3],
      [51, 51],
      [51, 2],
    ] as const) {
      const a = cached.companies.findByKeys(plan.keys, limit, plan.legalForm, whole);
      const b = fresh.companies.findByKeys(plan.keys, limit, plan.legalForm, whole);
      assert.deepEqual(a, b, `q=${q} limit=${limit} whole=${whole}`);
      assert.equal(a.hits.length, Math.min(whole, a.ids.length));
      compared++;
    }
  }
  assert.ok(compared > 100);
  const stats = cached.companies.answers;
  assert.ok(stats !== null, 'a store with entries has a cache');
  assert.equal(fresh.companies.answers, null, 'a store with 0 entries has none');
  const again = fresh.companies.findByKeys(planOf('建設').keys, 10, null, 10);
  assert.notEqual(again.hits, fresh.companies.findByKeys(planOf('建設').keys, 10, null, 10).hits, 'each search anew');
  assert.ok(
    stats.hits > compared / 2,
    `most look-ups after the first of each query come from the cache (${stats.hits} hits)`,
  );
  cached.close();
  fresh.close();
});

function planOf(q: string): { keys: string[] } {
  const plan = planCompanySearch(q);
  return plan.kind === 'terms' ? { keys: [...plan.keys] } : assert.fail(`${q} is a search of terms`);
}

test('a dataset opened anew starts with an empty cache', async () => {
  const path = await demoDatabase();
  const first = openStore(path, { answerCacheEntries: 10 });
  const plan = planCompanySearch('建設');
  assert.equal(plan.kind, 'terms');
  if (plan.kind !== 'terms') return;
  first.companies.searchByKeys(plan.keys, 10, plan.legalForm);
  first.companies.searchByKeys(plan.keys, 10, plan.legalForm);
  const answersOf = (s: typeof first) => s.companies.answers ?? assert.fail('a store with entries has a cache');
  assert.deepEqual([answersOf(first).hits, answersOf(first).size], [1, 1]);
  const next = openStore(path, { answerCacheEntries: 10 });
  assert.equal(answersOf(next).size, 0);
  first.close();
  next.close();
});
