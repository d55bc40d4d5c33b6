// Links that stay certain when every common name has namesakes: the register of Tottori with a namesake of each
// company the MHLW editions name planted in every other prefecture, and for every other one of them a second one in
// its own city at another address; the nine editions collected over it. No case may link to a wrong company: a case
// stays linked where its name and address still single out its company, and is left unlinked, saying why, where not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ntaRowsByNumber, plantNamesakes } from '../../helpers/namesakes.js';
import { sharedData } from '../../helpers/shared-data.js';
import { tempDir } from './collect-helpers.js';
import { collectOverTottori, judgeNamesakeLinks, loadFixture, MHLW_EDITIONS } from './tottori-links.js';

test('namesakes in every prefecture and in the same city: no Tottori case links to a wrong company, and each left unlinked says why', async () => {
  const register = ntaRowsByNumber(sharedData('nta/31_tottori_all_20260731.sjis.csv'));
  const named = [
    ...new Set(loadFixture().cases.flatMap((c) => (c.corporate_number === null ? [] : [c.corporate_number]))),
  ].sort();
  // every other company named gets a namesake in its own city as well: both outcomes in one collection
  const sameCity = new Set(named.filter((_, i) => i % 2 === 0));
  const rows = named.map(
    (number) => register.get(number) ?? assert.fail(`${number} is not in the register of Tottori`),
  );
  const planted = plantNamesakes(join(tempDir(), 'namesakes.csv'), rows, { sameCity });
  assert.equal(planted.namesakeOf.size, named.length * 46 + sameCity.size);

  const collection = await collectOverTottori(Object.keys(MHLW_EDITIONS), { moreRegister: [planted.path] });
  const outcome = judgeNamesakeLinks(collection, sameCity);
  assert.deepEqual(outcome.problems, []);
  assert.ok(outcome.stayed > 5 && outcome.unsettled > 5, JSON.stringify(outcome));

  // no record of any prefecture is linked to a namesake
  const db = new Database(collection.dbPath, { readonly: true });
  const linked = db
    .prepare<[], string>(
      "SELECT DISTINCT company_corporate_number FROM enforcements WHERE company_link = 'name_address'",
    )
    .pluck()
    .all();
  db.close();
  assert.deepEqual(
    linked.filter((n) => planted.namesakeOf.has(n)),
    [],
  );
});
