// Recall over the real NTA file and the demo data: every rule of the company search, each case with its reason.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db } from '../../src/store/schema/database.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { CompanyQueries, type CompanyHit } from '../../src/store/read/company-queries.js';
import { planCompanySearch } from '../../src/domain/companies/company-search-plan.js';
import { romanizeKana } from '../../src/domain/text/romanize.js';
import { KANJI_VARIANTS } from '../../src/domain/text/kanji-variants.js';
import { ntaDailyAt } from '../helpers/nta-daily.js';
import { demoDatabase } from '../helpers/server.js';

const LIMIT = 10;

type Case = readonly [query: string, corporateNumber: string, reason: string];

/** Hand-picked from the real file: one line says which rule each case holds. */
const NTA_CASES: readonly Case[] = [
  ['海和海運', '1010001256548', 'registered name without its legal form'],
  ['海和海運株式会社', '1010001256548', 'full registered name'],
  ['株式会社海和海運', '1010001256548', 'legal form on the other side'],
  ['海和海運㈱', '1010001256548', '㈱ abbreviation'],
  ['（株）海和海運', '1010001256548', 'full-width bracketed abbreviation'],
  ['(株)海和海運', '1010001256548', 'ASCII bracketed abbreviation'],
  ['海和海運㍿', '1010001256548', '㍿ ligature'],
  ['海和 海運', '1010001256548', 'white space inside the name'],
  ['Kaiwa Shipping', '1010001256548', 'registered English name without its legal form'],
  ['Kaiwa Shipping Co., Ltd.', '1010001256548', 'registered English name in full'],
  ['KAIWA SHIPPING CO.,LTD', '1010001256548', 'English name, upper case, punctuation folded'],
  ['kaiwa kaiun', '1010001256548', 'Hepburn from the NTA furigana'],
  ['KAIWAKAIUN', '1010001256548', 'romaji in capitals without spaces'],
  ['かいわかいうん', '1010001256548', 'reading in hiragana'],
  ['ｶｲﾜｶｲｳﾝ', '1010001256548', 'reading in half-width katakana'],
  ['カイワカイウン', '1010001256548', 'reading in katakana'],
  ['海運', '1010001256548', 'two-character partial match'],
  ['三菱電機', '4010001008772', 'registered name'],
  ['Mitsubishi Electric', '4010001008772', 'English name'],
  ['Mitsubishi Electric Corporation', '4010001008772', 'English name with Corporation'],
  ['mitsubishi denki', '4010001008772', 'Hepburn'],
  ['Mitubisi Denki', '4010001008772', 'kunrei-shiki'],
  ['ミツビシデンキ', '4010001008772', 'katakana reading'],
  ['みつびしでんき', '4010001008772', 'hiragana reading'],
  ['電機', '4010001008772', 'two-character partial'],
  ['SANYO Logistics', '1010402005842', 'English name, word order kept'],
  ['有限会社ＳＡＮＹＯ　Ｌｏｇｉｓｔｉｃｓ', '1010402005842', 'full-width Latin with its form'],
  ['sanyo logistics', '1010402005842', 'lower case'],
  ["San'yo Rojisuteikusu", '1010402005842', 'Hepburn with the apostrophe (the NTA reading writes ティ as テイ)'],
  ['sanyourojisuteikusu', '1010402005842', 'romaji with long vowel ou, no spaces'],
  ['sanyo rojisutikusu', '1010402005842', 'ティ typed ti where the reading writes テイ'],
  ['firudobesu', '1010001262249', 'フィ typed fi (wanakana wrote fyi)'],
  ['fiirudo beesu', '1010001262249', 'long vowels doubled, words split'],
  ['huirudobesu', '1010001262249', 'kunrei-shiki フイ'],
  ['(有)SANYO Logistics', '1010402005842', 'bracketed 有 and ASCII'],
  ['Ifu', '1080101016259', 'English name Ifu Inc.'],
  ['ＩＦＵ', '1080101016259', 'full-width Latin name'],
  ['KELLER Pressure K.K.', '2010401181048', 'English name with K.K.'],
  ['Keller Pressure KK', '2010401181048', 'KK without dots'],
  ['ケラープレッシャー', '2010401181048', 'katakana reading with long vowel'],
  ['ケラープレッシャージャパン', '2010401181048', 'the reading of its former name'],
  ['keller pressure japan', '2010401181048', 'its former English-letter name, as typed'],
  ['ケラ－プレッシャ－', '2010401181048', 'full-width hyphen as long-vowel mark'],
  ['TOPKAPI', '2110001009242', 'English name of トプカピ'],
  ['トプカピ', '2110001009242', 'katakana name'],
  ['Applied Lacquer Industries', '2700150133948', 'foreign company, English form removed'],
  ['TY Insight', '3010801035298', 'mixed Latin name'],
  ['Kai Scientific', '3140001119608', 'English name with Limited'],
  ['魁サイエンティフィック', '3140001119608', 'kanji and katakana'],
  ['Blue Vista', '3360001035502', 'English name with Co.,Ltd. unspaced'],
  ['ブルー・ビスタ', '3360001035502', 'middle dot added'],
  ['ブルービスタ', '3360001035502', 'katakana name'],
  ['Fusion Research', '4010401096161', 'English name'],
  ['フュージョンリサーチ', '4010401096161', 'middle dot left out'],
  ['フュージョン・リサーチ', '4010401096161', 'middle dot kept'],
  ['Design Direct Tokyo', '5010401090196', 'English name with GK'],
  ['Design Direct Tokyo Godo Kaisha', '5010401090196', 'Godo Kaisha spelled out'],
  ['デザインダイレクトトウキョウ', '5010401090196', 'middle dots removed'],
  ['AMPHIBIA', '6290803002968', 'English name with L.L.C.'],
  ['Amphibia LLC', '6290803002968', 'LLC'],
  ['Picosty', '6360001036076', 'English name'],
  ['Minato Development', '8020003027997', 'English name'],
  ['Maruse Seicha', '8080403002545', 'English name with & CO.,LTD. (ampersand folded)'],
  ['Osaka Special Alloy', '9120001072605', 'English name'],
  ['大阪特殊合金', '9120001072605', 'kanji name'],
  ['フーリハン ローキー', '1010001202171', 'white space instead of middle dot'],
  ['フーリハンローキー', '1010001202171', 'middle dot left out'],
  ['ふーりはんろーきー', '1010001202171', 'hiragana with long-vowel marks'],
  ['Hurihan Rokii', '1010001202171', 'kunrei romaji, long vowel doubled'],
  ['Fūrihan Rōkī', '1010001202171', 'Hepburn with macrons'],
  ['エス・エイ・アイ', '1010001001111', 'middle dots'],
  ['エスエイアイ', '1010001001111', 'no middle dots'],
  ['ｴｽｴｲｱｲ', '1010001001111', 'half-width'],
  ['HLサクセション', '1010001201941', 'ASCII for full-width Latin'],
  ['ｈｌｻｸｾｼｮﾝ', '1010001201941', 'half-width katakana and lower case'],
  ['小島建設', '1011101006917', '嶋 written 島'],
  ['梅沢機工', '1020001019549', '澤 written 沢'],
  ['近沢コーテック', '1020001063241', '澤 written 沢, with long vowel'],
  ['水沢商事', '1021001007444', '澤 written 沢'],
  ['青島木材', '1080001000057', '嶋 written 島'],
  ['竜板金工業', '1120101031336', '龍 written 竜'],
  ['富士化研工業', '1170001002861', '冨 written 富'],
  ['紀国屋', '1340001001301', '國 written 国'],
  ['長沢工務店', '1140001017755', '澤 written 沢'],
  ['成澤工務店', '1020002008591', 'variant written as registered'],
  ['古橋商店', '1011501008612', 'kanji name'],
  ['furuhashi shoten', '1011501008612', 'Hepburn of the reading'],
  ['huruhasi syouten', '1011501008612', 'kunrei of the reading'],
  ['スターハウス', '1020001065304', 'katakana name'],
  ['sutāhausu', '1020001065304', 'Hepburn with macron'],
  ['sutaawausu', '1020001065304', 'は read as the particle wa, long vowel doubled'],
  ['医療法人社団博英会', '1011105003613', 'medical corporation in full'],
  ['(医)博英会', '1011105003613', '(医) abbreviation'],
  ['博英会', '1011105003613', 'without its form'],
  ['一般社団法人城組', '1010405020921', 'association in full'],
  ['(一社)城組', '1010405020921', '(一社) abbreviation'],
  ['城組', '1010405020921', 'two characters, exact core'],
  ['神宮前', '1010705003709', 'association without its form'],
  ['ノンプロフィット マーケティング', '1011105004090', 'PDF-split name with long vowel'],
  ['ウイステリア', '1030001033549', 'former name (process 11)'],
  ['稲穂クラブ', '1030001033549', 'another former name'],
  ['ソアレ', '1140001134476', 'former name of 株式会社シエン'],
  ['Ｎｎグループ基金', '1120005018628', 'former name of an association'],
  ['ラス・アル・カイマーセラミックスジャパン', '1500001015235', 'former name with middle dots'],
  ['Saving Lives', '1030001033549', 'current Latin name'],
  ['１０１０００１２５６５４８', '1010001256548', 'full-width Corporate Number'],
  ['T1010001256548', '1010001256548', 'qualified-invoice number'],
  ['1010-0012-56548', '1010001256548', 'hyphenated number'],
  ['1010001 256548', '1010001256548', 'number with a space'],
];

let nta: CompanyQueries;
let demo: CompanyQueries;
let ntaDb: Db;
let demoDb: Db;

function search(queries: CompanyQueries, q: string, limit = LIMIT): CompanyHit[] {
  const plan = planCompanySearch(q);
  if (plan.kind === 'corporate_number') {
    const c = queries.findByCorporateNumber(plan.number);
    return c ? [{ company: c, match: { field: 'corporate_number', kind: 'exact', alias_kind: null } }] : [];
  }
  return plan.kind === 'terms' ? queries.searchByKeys(plan.keys, limit, plan.legalForm) : [];
}

function found(queries: CompanyQueries, q: string, cn: string): CompanyHit | undefined {
  return search(queries, q).find((h) => h.company.corporate_number === cn);
}

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-recall-'));
  await ntaDailyAt(join(dir, 'nta.sqlite'));
  ntaDb = openWritable(join(dir, 'nta.sqlite'));
  nta = new CompanyQueries(ntaDb);
  // a copy of the run's demo dataset (built once per run, on the same day as this test's own build was)
  copyFileSync(await demoDatabase(), join(dir, 'demo.sqlite'));
  demoDb = openWritable(join(dir, 'demo.sqlite'));
  demo = new CompanyQueries(demoDb);
});

/** Cases derived by rule from the real file, so each rule is held over many names, not one. */
function derivedCases(): Case[] {
  const cases: Case[] = [];
  const withKana = ntaDb
    .prepare(
      `SELECT corporate_number, name, name_kana FROM companies
    WHERE name_kana IS NOT NULL AND status = 'active' AND length(name_kana) >= 6 ORDER BY corporate_number LIMIT 25`,
    )
    .all() as { corporate_number: string; name: string; name_kana: string }[];
  for (const c of withKana) {
    const hiragana = c.name_kana.replace(/[\u30a1-\u30f6]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));
    cases.push([hiragana, c.corporate_number, `hiragana reading of ${c.name}`]);
    const hepburn = romanizeKana(c.name_kana);
    if (hepburn) {
      cases.push([hepburn.toUpperCase(), c.corporate_number, `Hepburn in capitals of ${c.name}`]);
      cases.push([kunrei(hepburn), c.corporate_number, `kunrei-shiki of ${c.name}`]);
    }
  }
  const kk = ntaDb
    .prepare(
      `SELECT corporate_number, name FROM companies WHERE name LIKE '株式会社%' AND length(name) >= 8 AND status = 'active'
    ORDER BY corporate_number LIMIT 15`,
    )
    .all() as { corporate_number: string; name: string }[];
  for (const c of kk) cases.push([`${c.name.slice(4)}㈱`, c.corporate_number, `前株 written as 後㈱: ${c.name}`]);
  const variants = ntaDb.prepare(`SELECT corporate_number, name FROM companies ORDER BY corporate_number`).all() as {
    corporate_number: string;
    name: string;
  }[];
  let n = 0;
  for (const c of variants) {
    if (n >= 15 || ![...c.name].some((ch) => KANJI_VARIANTS.has(ch))) continue;
    cases.push([
      [...c.name].map((ch) => KANJI_VARIANTS.get(ch) ?? ch).join(''),
      c.corporate_number,
      `variant kanji written in common form: ${c.name}`,
    ]);
    n++;
  }
  return cases;
}

function kunrei(hepburn: string): string {
  return hepburn
    .toLowerCase()
    .replace(/shi/gu, 'si')
    .replace(/sh/gu, 'sy')
    .replace(/chi/gu, 'ti')
    .replace(/ch/gu, 'ty')
    .replace(/tsu/gu, 'tu')
    .replace(/fu/gu, 'hu')
    .replace(/ji/gu, 'zi')
    .replace(/j/gu, 'zy');
}

describe('company search recall, real NTA file', () => {
  it('finds every hand-picked case in the first page', () => {
    const missed = NTA_CASES.filter(([q, cn]) => !found(nta, q, cn)).map(([q, cn, why]) => `${q} → ${cn} (${why})`);
    assert.deepEqual(missed, []);
  });

  it('finds every case derived by rule in the first page', () => {
    const cases = derivedCases();
    assert.ok(cases.length >= 100, `${cases.length} derived cases`);
    const missed = cases.filter(([q, cn]) => !found(nta, q, cn)).map(([q, cn, why]) => `${q} → ${cn} (${why})`);
    assert.deepEqual(missed, []);
  });

  it('says which field and kind matched', () => {
    const cases: [string, string, string, string, string | null][] = [
      ['海和海運', '1010001256548', 'name', 'exact', null],
      ['海和', '1010001256548', 'name', 'prefix', null],
      ['和海運', '1010001256548', 'name', 'partial', null],
      ['Kaiwa Shipping', '1010001256548', 'name_en', 'exact', null],
      ['Kaiwa', '1010001256548', 'name_en', 'prefix', null],
      ['kaiwakaiun', '1010001256548', 'alias', 'exact', 'romanized'],
      ['ウイステリア', '1030001033549', 'alias', 'exact', 'former_name'],
      ['稲穂クラブ', '1030001033549', 'alias', 'exact', 'former_name'],
    ];
    for (const [q, cn, field, kind, aliasKind] of cases) {
      const hit = found(nta, q, cn);
      assert.ok(hit, q);
      assert.deepEqual(hit.match, { field, kind, alias_kind: aliasKind }, q);
    }
  });

  it('ranks exact before prefix before partial, active before closed, then by number', () => {
    const hits = search(nta, 'サンヨー', 10);
    const kinds = hits.map((h) => h.match.kind);
    assert.deepEqual(
      kinds,
      [...kinds].sort((a, b) => ['exact', 'prefix', 'partial'].indexOf(a) - ['exact', 'prefix', 'partial'].indexOf(b)),
    );
    for (let i = 1; i < hits.length; i++) {
      const [a, b] = [hits[i - 1]!, hits[i]!];
      if (a.match.kind === b.match.kind && a.match.field === b.match.field && a.company.status === b.company.status) {
        assert.ok(
          a.company.corporate_number < b.company.corporate_number,
          `${a.company.name} before ${b.company.name}`,
        );
      }
    }
    assert.deepEqual(
      search(nta, 'サンヨー', 10).map((h) => h.company.corporate_number),
      hits.map((h) => h.company.corporate_number),
      'deterministic',
    );
  });

  it('prefers the legal form the query names, and still finds the others', () => {
    const plain = search(nta, 'みずほ', 10);
    const yugen = search(nta, '(有)みずほ', 10);
    assert.equal(new Set(yugen.map((h) => h.company.corporate_number)).size, yugen.length);
    assert.deepEqual(
      new Set(yugen.map((h) => h.company.corporate_number)),
      new Set(plain.map((h) => h.company.corporate_number)),
    );
    // the case: a 有限会社 among みずほ's companies that the plain query does not put first
    const firstYugenPlain = plain.findIndex((h) => h.company.legal_form === 'yugen_kaisha');
    assert.ok(firstYugenPlain > 0, `a 有限会社 after the first of みずほ's companies: ${firstYugenPlain}`);
    const firstYugen = yugen.findIndex((h) => h.company.legal_form === 'yugen_kaisha');
    assert.ok(firstYugen < firstYugenPlain, `the query naming 有限会社 ranks one higher: ${firstYugen}`);
  });

  it('a closed company carries its successor', () => {
    const row = ntaDb
      .prepare(
        `SELECT name, corporate_number, successor_corporate_number FROM companies
      WHERE successor_corporate_number IS NOT NULL ORDER BY corporate_number LIMIT 1`,
      )
      .get() as { name: string; corporate_number: string; successor_corporate_number: string };
    const hit = found(nta, row.name, row.corporate_number);
    assert.ok(hit);
    assert.equal(hit.company.successor_corporate_number, row.successor_corporate_number);
  });
});

describe('company search recall, demo data', () => {
  it('finds demo companies by name, reading, romaji and English name', () => {
    const rows = demoDb
      .prepare(`SELECT corporate_number, name, name_kana, name_en FROM companies ORDER BY corporate_number LIMIT 400`)
      .all() as { corporate_number: string; name: string; name_kana: string; name_en: string | null }[];
    // names repeat in the demo data; pick ones whose name is unique, so that the first page must hold them
    const unique = rows.filter((r) => rows.filter((o) => o.name === r.name).length === 1).slice(0, 12);
    const cases: Case[] = [];
    for (const r of unique) {
      cases.push([r.name, r.corporate_number, 'demo registered name']);
      cases.push([r.name_kana, r.corporate_number, 'demo reading']);
      const romaji = romanizeKana(r.name_kana);
      if (romaji) cases.push([romaji, r.corporate_number, 'demo romanized reading']);
      if (r.name_en) cases.push([r.name_en, r.corporate_number, 'demo English name']);
    }
    assert.ok(cases.length >= 30);
    const missed = cases.filter(([q, cn]) => !search(demo, q, 50).some((h) => h.company.corporate_number === cn));
    assert.deepEqual(missed, []);
  });
});

describe('no false friends, real NTA file', () => {
  const cases: readonly Case[] = [
    ['花王', '8290001009715', '花王 is not 株式会社花: a longer query never matches a shorter name'],
    ['Kaiwa', '4010001008772', "another company's English name does not leak"],
    ['株式会社', '1010001256548', 'a bare legal form does not match every company of that form'],
    ['Co., Ltd.', '1010001256548', 'a bare English legal form matches nothing by its form'],
    ['Inc', '1080101016259', '"Inc" is removed from Ifu Inc., so it does not find it'],
    ['Zinc', '1080101016259', 'English form removal is on word boundaries only'],
    ['ソアレ', '1030001033549', 'a former name finds its own company only'],
    ['ウイステリア', '1140001134476', 'a former name finds its own company only'],
    ['1010001256549', '1010001256548', 'a wrong check digit finds nothing, not a neighbour'],
    ['海和海運株式会社', '4010001008772', 'a full name finds nothing unrelated'],
    ['toyoda', '1010001256548', 'romaji keys keep consonants apart'],
    ['二宮', '1010001001111', 'a kanji 二 before kanji stays kanji'],
    ['サンヨー', '1010001256548', 'kana does not match an unrelated English name'],
    ['Mitsubishi Electric', '1010001256548', 'English words do not fold into other names'],
  ];
  it('none of these queries returns that company', () => {
    const leaks = cases
      .filter(([q, cn]) => search(nta, q, 50).some((h) => h.company.corporate_number === cn))
      .map(([q, cn, why]) => `${q} → ${cn} (${why})`);
    assert.deepEqual(leaks, []);
  });
});
