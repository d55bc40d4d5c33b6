// How many companies a query finds, as /api/v1/search's meta.matches counts them: over the real NTA daily
// file, the count agrees with the companies the search itself finds, and stops at the cap; a long key's count and
// companies (the long-gram index) are those a scan of every term finds.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { CompanyQueries } from '../../src/store/read/company-queries.js';
import { planCompanySearch } from '../../src/domain/companies/company-search-plan.js';
import { ntaDailyAt } from '../helpers/nta-daily.js';
import type { Db } from '../../src/store/schema/database.js';
import { assertFoundAsScanned, longKeysOf } from '../helpers/long-keys.js';
import { companyTokenDocsOf } from '../../src/store/read/token-counts.js';
import { keyLongGrams, rarestLongGrams } from '../../src/domain/text/index-keys.js';

let db: Db;
let companies: CompanyQueries;
before(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-count-')), 'nta.sqlite');
  await ntaDailyAt(path);
  db = openWritable(path);
  companies = new CompanyQueries(db);
});

test('a long key finds the companies whose terms hold it, and counts them, over the real NTA file', () => {
  const keys = longKeysOf(db, 101);
  assert.ok(keys.length > 150, `${keys.length} keys`);
  // the import's upkeep counted the common long grams: many keys are looked up by others than the runs covering them
  const docs = companyTokenDocsOf(db).longGrams;
  const sorted = (grams: string[] | null) => JSON.stringify(grams?.sort());
  const steered = keys.filter((key) => sorted(rarestLongGrams(key, docs(key))) !== sorted(keyLongGrams(key)));
  assert.ok(steered.length > keys.length / 10, `${steered.length} of ${keys.length} keys`);
  assertFoundAsScanned(db, keys);
});

function keysOf(query: string): readonly string[] {
  const plan = planCompanySearch(query);
  assert.equal(plan.kind, 'terms', query);
  return plan.kind === 'terms' ? plan.keys : [];
}

test('the count of a name is the number of companies the search finds for it, by every key and match kind', () => {
  // few enough matches that the search reads every one of them
  for (const query of [
    '海和海運',
    '海運',
    '電機',
    'Mitsubishi Electric',
    'mitsubishi denki',
    'ケラープレッシャー',
    '存在しない',
  ]) {
    const keys = keysOf(query);
    const found = companies.searchByKeys(keys, 1000).length;
    assert.ok(found < 300, `${query}: ${found} is too many for the search to read whole`);
    assert.equal(companies.countByKeys(keys, 1000), found, query);
  }
});

test('the count stops at its cap', () => {
  // kensetsu and shoji are two keys each (the loose romaji key after the plain one), counted one after the other
  for (const query of ['山', '建設', 'kogyo', 'kensetsu', 'shoji']) {
    const keys = keysOf(query);
    const all = companies.countByKeys(keys, 1000);
    assert.ok(all > 20, `${query}: ${all}`);
    assert.equal(companies.countByKeys(keys, 20), 20, query);
    assert.equal(companies.countByKeys(keys, all + 1), all, `${query}: a cap above the count`);
  }
});
