// Links that stay certain when every common name has namesakes: the register of Tottori with a namesake of each
// company the MHLW editions name planted in every other prefecture, and for every other one of them a second one in
// its own city at another address; the nine editions collected over it. No case may link to a wrong company: a case
// stays linked where its name and address still single out its company, and is left unlinked, saying why, where not.
// Over the same collection, the answers (issue 76): a namesake's own Corporate Number finds no other company's case,
// and every case of the editions, all of Japan's, is found by its name as the list prints it, with or without its
// spaces, through company=, q= and /api/v1/search.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ntaRowsByNumber, plantNamesakes, type PlantedNamesakes } from '../../helpers/namesakes.js';
import { sharedData } from '../../helpers/shared-data.js';
import { tempDir } from './collect-helpers.js';
import {
  collectOverTottori,
  judgeNamesakeLinks,
  loadFixture,
  MHLW_EDITIONS,
  type TottoriCollection,
} from './tottori-links.js';
import { loadConfig } from '../../../src/config.js';
import type { RouteContext } from '../../../src/api/endpoint.js';
import { listRecords } from '../../../src/api/record-endpoint.js';
import { searchKindPage } from '../../../src/api/endpoints/search.js';
import { openStore } from '../../../src/store/read/store.js';
import { planCompanySearch } from '../../../src/domain/companies/company-search-plan.js';

let planted: PlantedNamesakes;
let sameCity: ReadonlySet<string>;
let collection: TottoriCollection;
let named: string[];
before(async () => {
  const register = ntaRowsByNumber(sharedData('nta/31_tottori_all_20260731.sjis.csv'));
  named = [
    ...new Set(loadFixture().cases.flatMap((c) => (c.corporate_number === null ? [] : [c.corporate_number]))),
  ].sort();
  // every other company named gets a namesake in its own city as well: both outcomes in one collection
  sameCity = new Set(named.filter((_, i) => i % 2 === 0));
  const rows = named.map(
    (number) => register.get(number) ?? assert.fail(`${number} is not in the register of Tottori`),
  );
  planted = plantNamesakes(join(tempDir(), 'namesakes.csv'), rows, { sameCity });
  collection = await collectOverTottori(Object.keys(MHLW_EDITIONS), { moreRegister: [planted.path] });
});

test('namesakes in every prefecture and in the same city: no Tottori case links to a wrong company, and each left unlinked says why', () => {
  assert.equal(planted.namesakeOf.size, named.length * 46 + sameCity.size);
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

/** The served answers over the collection, in process, at the clock of the last edition. */
function answersOver(dbPath: string): RouteContext {
  const store = openStore(dbPath);
  return { config: loadConfig({}), dataset: () => store, clock: () => new Date('2025-06-01T03:00:00Z') };
}

test("a namesake's own Corporate Number finds no case of the Tottori company, nor any case linked to another", () => {
  const context = answersOver(collection.dbPath);
  const db = new Database(collection.dbPath, { readonly: true });
  const prefectureOf = db
    .prepare<[string], string | null>('SELECT prefecture_code FROM companies WHERE corporate_number = ?')
    .pluck();
  const wrong: string[] = [];
  let asked = 0;
  for (const namesake of planted.namesakeOf.keys()) {
    asked++;
    const prefecture = prefectureOf.get(namesake) ?? null;
    for (const { company } of searchKindPage(context, namesake, 'enforcement', 1, 1000).records) {
      if (company.corporate_number !== null && company.corporate_number !== namesake)
        wrong.push(`${namesake} finds a case of ${company.corporate_number}: 「${company.name}」`);
      if (
        company.corporate_number === null &&
        company.prefecture_code !== null &&
        company.prefecture_code !== prefecture
      )
        wrong.push(`${namesake} (${prefecture}) offers 「${company.name}」 of ${company.prefecture_code} as its own`);
    }
  }
  db.close();
  assert.deepEqual(wrong.slice(0, 20), []);
  assert.ok(asked > 1000, `${asked} namesakes asked`);
});

/** The name as the list prints it, as typed without its spaces, and with its legal form written another way. */
function spellings(printed: string): string[] {
  const compact = printed.replace(/[\s\u3000]+/gu, '');
  const respelled = compact.replace(/[（(]株[）)]|㈱|株式会社/gu, (form) => (form === '株式会社' ? '㈱' : '株式会社'));
  // a name printed as a form alone is found by that form as printed, not as any form
  const forms = planCompanySearch(compact).kind === 'terms' ? [respelled] : [];
  return [...new Set([printed, compact, ...forms])].filter((s) => s.length <= 100);
}

test('every case of every edition is found by its name as printed, without its spaces, its form written another way: company=, q=, /api/v1/search', () => {
  const context = answersOver(collection.dbPath);
  const db = new Database(collection.dbPath, { readonly: true });
  const cases = db.prepare<[], { id: string; name: string }>('SELECT id, company_name AS name FROM enforcements').all();
  db.close();
  // the cases of one printed name (a company listed in several editions) are looked up together, once a spelling
  const casesOfName = new Map<string, string[]>();
  for (const { id, name } of cases) casesOfName.set(name, [...(casesOfName.get(name) ?? []), id]);
  const misses: string[] = [];
  let withOffice = 0;
  for (const [name, ids] of casesOfName) {
    if (/\s\S*(営業所|支店|工場|センター|事業所|作業所)$/u.test(name.normalize('NFKC'))) withOffice += ids.length;
    for (const spelling of spellings(name)) {
      // a name printed as a legal form alone (「（有）」, its words not in the PDF's text) names no company: company= says
      // so in a notice, and only its text finds it
      const namesCompany = planCompanySearch(spelling).kind === 'terms';
      const found = {
        ...(namesCompany
          ? { 'company=': listRecords('enforcement', context, { company: spelling, limit: 1000 }, 'printed').records }
          : {}),
        'q=': listRecords('enforcement', context, { q: spelling, limit: 1000 }, 'printed').records,
        '/search': searchKindPage(context, spelling, 'enforcement', 1, 1000).records,
      };
      for (const [surface, records] of Object.entries(found)) {
        const foundIds = new Set(records.map((r) => r.id));
        for (const id of ids) if (!foundIds.has(id)) misses.push(`${surface} 「${spelling}」 misses ${id}`);
      }
    }
  }
  assert.deepEqual(misses.slice(0, 30), [], `${misses.length} look-ups miss`);
  assert.ok(
    cases.length > 1000 && casesOfName.size > 300 && withOffice > 50,
    `${cases.length} cases of ${casesOfName.size} names, ${withOffice} with an office after a space`,
  );
});
