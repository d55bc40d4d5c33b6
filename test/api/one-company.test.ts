// The truth about one company (issue 76), in both directions, over the demo and over a dataset of namesakes (the same
// name registered in two or three prefectures, records linked to one of them, records linked to none placed in each
// and nowhere): for every company, its Corporate Number finds every record linked to it and, of the records linked to
// none, exactly those naming one of its names placed nowhere or in its prefecture, counting the rest; its English name
// and its reading find every record linked to it, and no record linked to a company they do not find but by the
// record's own text. The expected records are read from the database file directly, apart from the search.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { recordsOfEveryCompany, type CompanyRecords, type DemoCompany } from '../helpers/demo-spellings.js';
import { companyPage } from '../../src/http/pages/page-data.js';
import { RECORD_ENDPOINTS } from '../../src/api/endpoints/records.js';
import { normaliseCompanyName, registeredNameKey } from '../../src/domain/companies/names.js';
import { loadConfig } from '../../src/config.js';
import type { RouteContext } from '../../src/api/endpoint.js';
import { companyQuestion, searchCompanies } from '../../src/api/company-search.js';
import { SEARCH, searchKindPage } from '../../src/api/endpoints/search.js';
import { listRecords } from '../../src/api/record-endpoint.js';
import { planCompanySearch } from '../../src/domain/companies/company-search-plan.js';
import { RECORD_KINDS, type RecordKind } from '../../src/domain/records/record.js';
import { openStore, type Store } from '../../src/store/read/store.js';
import { demoDatabase, TEST_NOW } from '../helpers/server.js';
import { namesakeDatabase } from '../helpers/namesake-dataset.js';

// a whole kind's matches at once: these companies have at most a few dozen records of a kind
const EVERY = 1000;
const today = '2026-11-21';

interface Found {
  readonly id: string;
  readonly number: string | null;
  readonly relation: string | undefined;
}

/** What /search's list of a kind holds for `q`, whole (its search page's kind), with those of it named elsewhere. */
function bySearch(context: RouteContext, q: string, kind: RecordKind) {
  const page = searchKindPage(context, q, kind, 1, EVERY);
  const found: Found[] = page.records.map((r) => ({
    id: r.id,
    number: r.company.corporate_number,
    relation: r.relation,
  }));
  return { found, elsewhere: 'named_elsewhere' in page ? (page.named_elsewhere?.total ?? 0) : 0 };
}

/** What `company=` finds of a kind for `q` (the record endpoint's own answer, as many rows as it holds). */
function byCompanyFilter(context: RouteContext, q: string, kind: RecordKind) {
  const { records, meta } = listRecords(kind, context, { company: q, limit: EVERY }, 'one-company-test');
  const found: Found[] = records.map((r) => ({ id: r.id, number: r.company.corporate_number, relation: r.relation }));
  return { found, elsewhere: meta.named_elsewhere?.total ?? 0 };
}

/** The records of a kind that `q` finds by its own text: as `q=` does, or by the printed company name. */
function byOwnText(store: Store, q: string, kind: RecordKind): Set<string> {
  const plan = planCompanySearch(q);
  const printed = plan.kind === 'terms' && plan.printed !== '' ? [plan.printed] : [];
  const pages = [
    store.records.page(kind, { q, today }, { limit: EVERY, page: 1 }),
    store.records.page(
      kind,
      { company: { corporateNumbers: [], nameKeys: [], nameParts: printed }, today },
      { limit: EVERY, page: 1 },
    ),
  ];
  return new Set(pages.flatMap((page) => page.records.map((r) => r.id)));
}

const SURFACES = [
  ['/api/v1/search', bySearch],
  ['company=', byCompanyFilter],
] as const;

for (const [dataset, pathOf] of [
  ['the demo', demoDatabase],
  ['the namesakes', namesakeDatabase],
] as const) {
  describe(`one company's answer over ${dataset}`, () => {
    let store: Store;
    let context: RouteContext;
    let companies: CompanyRecords[];
    // each surface's answer for a query and kind, read once for the tests below
    const answers = new Map<string, ReturnType<typeof bySearch>>();
    const answerOf = (surface: string, find: (typeof SURFACES)[number][1], q: string, kind: RecordKind) => {
      const key = `${surface} ${q} ${kind}`;
      const held = answers.get(key) ?? find(context, q, kind);
      answers.set(key, held);
      return held;
    };
    before(async () => {
      const path = await pathOf();
      store = openStore(path);
      context = { config: loadConfig({}), dataset: () => store, clock: () => TEST_NOW };
      companies = recordsOfEveryCompany(path);
    });

    it('its Corporate Number: every record linked to it, those naming it linked to none placed nowhere or in its prefecture, no other; the rest counted', () => {
      const wrong: string[] = [];
      let namesakes = 0;
      let counted = 0;
      for (const { company, own, elsewhere } of companies) {
        const number = company.corporate_number;
        const outside = RECORD_KINDS.reduce((n, kind) => n + elsewhere[kind].size, 0);
        if (outside > 0) namesakes++;
        for (const [surface, find] of SURFACES) {
          let named = 0;
          for (const kind of RECORD_KINDS) {
            const { found, elsewhere: count } = answerOf(surface, find, number, kind);
            named += count;
            const ids = new Set(found.map((r) => r.id));
            const missing = [...own[kind]].filter((id) => !ids.has(id));
            const extra = found.filter((r) => !own[kind].has(r.id));
            if (missing.length > 0) wrong.push(`${surface} ${number} ${kind} misses ${missing.join(', ')}`);
            if (extra.length > 0) wrong.push(`${surface} ${number} ${kind} holds ${extra.map((r) => r.id).join(', ')}`);
            for (const r of found) {
              const relation = r.number === null ? 'named' : r.number === number ? 'linked' : 'predecessor';
              if (r.relation !== relation)
                wrong.push(`${surface} ${number} ${r.id} says ${r.relation}, not ${relation}`);
            }
          }
          // each kind's list counts those of its kind
          if (named !== outside) wrong.push(`${surface} ${number} counts ${named} named elsewhere, not ${outside}`);
          counted += named;
        }
        // /api/v1/search's answer counts them over every kind
        const answer = SEARCH.answer(context, { q: number }, 'one-company-test');
        if ((answer.meta.named_elsewhere?.total ?? 0) !== outside)
          wrong.push(`/api/v1/search ${number} meta.named_elsewhere ${JSON.stringify(answer.meta.named_elsewhere)}`);
      }
      assert.deepEqual(wrong, []);
      assert.ok(namesakes > 0 && counted > 0, `${namesakes} companies have records of their names placed elsewhere`);
    });

    it('every surface about a company (company=, /search, its page, its feeds) holds the same records, its own first', () => {
      const wrong: string[] = [];
      const own = (relation: string | undefined) => relation === 'linked' || relation === 'predecessor';
      for (const { company } of companies) {
        const number = company.corporate_number;
        const page = companyPage(context, number, 'one-company-test');
        let ownCount = 0;
        for (const kind of RECORD_KINDS) {
          const listed = answerOf('company=', byCompanyFilter, number, kind).found;
          // its own first: no record of its own after one that only names it
          const firstNamed = listed.findIndex((r) => !own(r.relation));
          if (firstNamed >= 0 && listed.slice(firstNamed).some((r) => own(r.relation)))
            wrong.push(`company= ${number} ${kind} lists its own after a named one`);
          ownCount += listed.filter((r) => own(r.relation)).length;
          const order = listed.map((r) => `${r.id}:${r.relation}`);
          const searched = answerOf('/api/v1/search', bySearch, number, kind).found.map((r) => `${r.id}:${r.relation}`);
          if (searched.join() !== order.join())
            wrong.push(`/search ${number} ${kind}: ${searched.join()} ≠ ${order.join()}`);
          const section = page.kinds.find((k) => k.kind === kind);
          const shown = section?.records.map(({ record }) => `${record.id}:${record.relation}`) ?? [];
          if (shown.join() !== order.slice(0, shown.length).join())
            wrong.push(`page ${number} ${kind}: ${shown.join()} is not the start of ${order.join()}`);
          if (section?.total !== listed.length)
            wrong.push(`page ${number} ${kind} counts ${section?.total}, not ${listed.length}`);
          const feed = RECORD_ENDPOINTS.find((e) => e.kind === kind)?.feed?.records(context, { company: number }, 'x');
          const fed = (feed ?? []).map((r) => `${r.id}:${r.relation}`);
          if (fed.join() !== order.slice(0, fed.length).join()) wrong.push(`${kind} feed ${number}: ${fed.join()}`);
        }
        // the page shows as many rows as an answer holds, and offers the rest a click away (each section's count)
        const rows = page.kinds.reduce((n, k) => n + k.records.length, 0);
        const total = page.kinds.reduce((n, k) => n + (k.total ?? 0), 0);
        if (rows !== Math.min(10, total)) wrong.push(`page ${number} shows ${rows} rows of ${total}`);
        // its feed by number: its own records before any other, and never one of another's left out for one that
        // only names it
        const entries = SEARCH.feed?.records(context, { q: number, limit: 10 }, 'x') ?? [];
        const relations = entries.map((r) => r.relation);
        const firstNamed = relations.findIndex((r) => !own(r));
        if (firstNamed >= 0 && relations.slice(firstNamed).some(own))
          wrong.push(`feed ${number} puts its own after a named one`);
        if (relations.filter(own).length !== Math.min(10, ownCount))
          wrong.push(`feed ${number} holds ${relations.filter(own).length} of its ${ownCount} own`);
      }
      assert.deepEqual(wrong, []);
    });

    it('a registered name ranks its company first among the companies whose names fold alike; no namesake does', () => {
      const byKey = new Map<string, DemoCompany[]>();
      for (const { company } of companies) {
        const key = normaliseCompanyName(company.name);
        byKey.set(key, [...(byKey.get(key) ?? []), company]);
      }
      const wrong: string[] = [];
      let shared = 0;
      for (const group of byKey.values()) {
        if (group.length < 2) continue;
        for (const company of group) {
          const registered = registeredNameKey(company.name);
          // two companies registered under the very same name are ranked as any two of one name are
          if (group.filter((c) => registeredNameKey(c.name) === registered).length > 1) continue;
          shared++;
          const [first] = searchCompanies(store, companyQuestion(company.name, 'q'), 10, 0).hits;
          if (first?.company.corporate_number !== company.corporate_number)
            wrong.push(`「${company.name}」 ranks ${first?.company.name} ${first?.company.corporate_number} first`);
        }
      }
      assert.deepEqual(wrong, []);
      assert.ok(dataset === 'the namesakes' || shared > 0, `${shared} companies share their folded name with another`);
    });

    it('its English name and its reading: every record linked to it; none linked to a company they do not find, but by its own text', () => {
      const wrong: string[] = [];
      for (const { company, records } of companies) {
        for (const q of [company.name_en, company.name_kana]) {
          if (q === null || q.length > 100) continue;
          const found = searchCompanies(store, companyQuestion(q, 'q'), EVERY, 0).hits.map(
            (hit) => hit.company.corporate_number,
          );
          const finds = new Set(found);
          if (!finds.has(company.corporate_number)) {
            wrong.push(`「${q}」 does not find ${company.corporate_number}`);
            continue;
          }
          for (const [surface, find] of SURFACES) {
            for (const kind of RECORD_KINDS) {
              const answer = find(context, q, kind).found;
              const ids = new Set(answer.map((r) => r.id));
              const linked = [...records[kind]].filter((id) => !ids.has(id));
              if (linked.length > 0) wrong.push(`${surface} 「${q}」 ${kind} misses ${linked.join(', ')}`);
              const text = byOwnText(store, q, kind);
              for (const r of answer) {
                if (r.number === null || finds.has(r.number)) continue;
                if (r.relation !== 'text' || !text.has(r.id))
                  wrong.push(`${surface} 「${q}」 ${kind} holds ${r.id} of ${r.number} as ${r.relation}`);
              }
            }
          }
        }
      }
      assert.deepEqual(wrong, []);
    });
  });
}

describe('one company among its namesakes, as a person asks', () => {
  let context: RouteContext;
  before(async () => {
    const store = openStore(await namesakeDatabase());
    context = { config: loadConfig({}), dataset: () => store, clock: () => TEST_NOW };
  });
  const ids = (q: string, kind: RecordKind) => bySearch(context, q, kind).found.map((r) => `${r.id}:${r.relation}`);

  it('the Sendai 青葉精機 by its number: its own, the records naming it in Miyagi and nowhere, three counted elsewhere', () => {
    assert.deepEqual(ids('6999900020001', 'enforcement'), [
      'enf_aoba_miyagi:linked',
      'enf_aoba_named_miyagi:named',
      'enf_aoba_named_nowhere:named',
    ]);
    assert.deepEqual(ids('6999900020001', 'license_action'), ['la_aoba_miyagi:linked']);
    assert.deepEqual(ids('6999900020001', 'procurement_suspension'), []);
    // Tokyo's and Hokkaido's enforcements, Osaka's suspension
    assert.equal(bySearch(context, '6999900020001', 'enforcement').elsewhere, 2);
    assert.deepEqual(SEARCH.answer(context, { q: '6999900020001' }, 'one-company-test').meta.named_elsewhere, {
      total: 3,
      search: '/api/v1/search?q=%E9%9D%92%E8%91%89%E7%B2%BE%E6%A9%9F%E6%A0%AA%E5%BC%8F%E4%BC%9A%E7%A4%BE',
    });
  });

  it('the Sakai 青葉精機 by its English name, which no namesake has: none of the namesakes’ own records', () => {
    // (Aoba Seiki, the Sendai company's English name, is every namesake's reading in romaji: it finds all three)
    assert.deepEqual(ids('Aoba Precision Co., Ltd.', 'enforcement'), [
      'enf_aoba_osaka:linked',
      'enf_aoba_named_miyagi:named',
      'enf_aoba_named_tokyo:named',
      'enf_aoba_named_nowhere:named',
      'enf_aoba_named_hokkaido:named',
    ]);
    assert.deepEqual(ids('Aoba Precision Co., Ltd.', 'procurement_suspension'), ['ps_aoba_named_osaka:named']);
    assert.deepEqual(ids('Aoba Precision Co., Ltd.', 'license_action'), []);
  });

  it('by the name all three share: every one’s records, linked first, then those naming them, then 青葉精機工業 by its text', () => {
    assert.deepEqual(ids('青葉精機', 'enforcement'), [
      'enf_aoba_miyagi:linked',
      'enf_aoba_tokyo:linked',
      'enf_aoba_osaka:linked',
      'enf_aoba_named_miyagi:named',
      'enf_aoba_named_tokyo:named',
      'enf_aoba_named_nowhere:named',
      'enf_aoba_named_hokkaido:named',
      'enf_aoba_kogyo:text',
    ]);
  });

  it('北斗物産, once 南十字商事: the records naming its former name in Aichi, never the Kyoto 南十字商事’s own', () => {
    assert.deepEqual(ids('3999900020004', 'enforcement'), ['enf_minami_named_aichi:named']);
    assert.deepEqual(ids('2999900020005', 'enforcement'), ['enf_minami_kyoto:linked']);
    assert.equal(bySearch(context, '2999900020005', 'enforcement').elsewhere, 1);
  });
});
