import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decideLink,
  linkSubject,
  placeOf,
  sameCity,
  type LinkCandidate,
  type Namesakes,
  type RecordPlace,
} from '../../../src/domain/companies/link-company.js';
import { analyseCompanyName } from '../../../src/domain/companies/names.js';

// the key the company index files a register name under
const linkNameKey = (name: string) => analyseCompanyName(name).key;
// the companies of the name in the record's prefecture, none of it elsewhere in Japan
const inPrefecture = (candidates: readonly LinkCandidate[]): Namesakes => ({ inPrefecture: candidates, elsewhere: 0 });

test('placeOf reads the prefecture from the code or the start of the address', () => {
  const cases: readonly (readonly [
    { prefecture_code?: string | null; address?: string | null },
    string | null,
    string | null,
  ])[] = [
    [{ address: '北海道札幌市北区' }, '01', '札幌市北区'],
    [{ address: '〒100-8916 東京都 千代田区霞が関１－２－２' }, '13', '千代田区霞が関1-2-2'],
    [{ prefecture_code: '27', address: '大阪市北区' }, '27', '大阪市北区'],
    [{ prefecture_code: '27', address: '大阪府大阪市北区' }, '27', '大阪市北区'],
    [{ prefecture_code: '13', address: '大阪府大阪市北区' }, null, null],
    [{ address: '大阪府' }, '27', null],
    [{ address: '千代田区' }, '13', '千代田区'], // a ward no other prefecture has
    [{ address: '中央区' }, null, null], // a ward of Tokyo and of nine designated cities
    [{}, null, null],
  ];
  for (const [company, prefecture, locality] of cases) {
    assert.deepEqual(placeOf(company), { prefecture_code: prefecture, locality }, JSON.stringify(company));
  }
});

test('sameCity: the record lies in the company city, with or without the district, or names the designated city only', () => {
  const cases: readonly (readonly [string, string, boolean])[] = [
    ['千代田区霞が関1-2', '千代田区', true],
    ['札幌市北区北8条', '札幌市北区', true],
    ['札幌市', '札幌市北区', true],
    ['中川郡本別町', '中川郡本別町', true],
    ['本別町北2丁目', '中川郡本別町', true],
    ['府中市', '府中町', false],
    ['港区', '千代田区', false],
    ['札幌市', '札幌市', true],
    ['市川市', '市原市', false],
    ['千代田区', '', false],
  ];
  for (const [locality, city, expected] of cases)
    assert.equal(sameCity(locality, city), expected, `${locality} in ${city}`);
});

test('decideLink links only when exactly one company fits; never guesses', () => {
  const place = { prefecture_code: '13', locality: '千代田区霞が関1-1' };
  const kk = 'kabushiki_kaisha';
  const a = { corporate_number: '1000000000001', city: '千代田区', legal_form: kk };
  const b = { corporate_number: '2000000000002', city: '千代田区', legal_form: kk };
  const elsewhere = { corporate_number: '3000000000003', city: '港区', legal_form: kk };
  const named = linkSubject('株式会社見本');
  const linked = (c: { corporate_number: string }, basis: string) => ({
    kind: 'linked',
    corporate_number: c.corporate_number,
    basis,
  });
  const kindOf = (d: ReturnType<typeof decideLink>) =>
    d.kind === 'linked'
      ? { kind: d.kind, corporate_number: d.corporate_number, basis: d.basis }
      : d.kind === 'ambiguous'
        ? { kind: d.kind, candidates: d.candidates }
        : d;
  assert.deepEqual(kindOf(decideLink(named, place, inPrefecture([a, elsewhere]))), linked(a, 'same_city'));
  assert.deepEqual(kindOf(decideLink(named, place, inPrefecture([a, a]))), linked(a, 'same_city'));
  assert.deepEqual(kindOf(decideLink(named, place, inPrefecture([a, b]))), { kind: 'ambiguous', candidates: 2 });
  // none of the name in the city: the one in the prefecture, only when the record names a company
  assert.deepEqual(
    kindOf(decideLink(named, place, inPrefecture([elsewhere]))),
    linked(elsewhere, 'only_in_prefecture'),
  );
  assert.deepEqual(kindOf(decideLink(linkSubject('見本'), place, inPrefecture([elsewhere]))), {
    kind: 'unmatched',
    why: 'no_company',
  });
  assert.deepEqual(
    kindOf(decideLink(named, place, inPrefecture([elsewhere, { ...elsewhere, corporate_number: '4000000000004' }]))),
    {
      kind: 'ambiguous',
      candidates: 2,
    },
  );
  assert.deepEqual(kindOf(decideLink(named, place, inPrefecture([]))), { kind: 'unmatched', why: 'no_company' });
  assert.deepEqual(
    kindOf(decideLink(named, { prefecture_code: '13', locality: null }, inPrefecture([a]))),
    linked(a, 'only_in_prefecture'),
  );
  assert.deepEqual(kindOf(decideLink(named, { prefecture_code: null, locality: null }, inPrefecture([a]))), {
    kind: 'unmatched',
    why: 'no_place',
  });
  assert.deepEqual(kindOf(decideLink(linkSubject(''), place, inPrefecture([a]))), {
    kind: 'unmatched',
    why: 'no_name',
  });
});

test("decideLink: namesakes elsewhere in Japan leave unlinked a record whose address may not be its company's", () => {
  const kk = 'kabushiki_kaisha';
  const inCity = { corporate_number: '3280001002997', city: '境港市', legal_form: kk };
  const inYonago = { corporate_number: '3280001002997', city: '米子市', legal_form: kk };
  const sakaiminato = { prefecture_code: '31', locality: '境港市昭和町' };
  // [the record's name, its place, the companies of the name in its prefecture, how many elsewhere, the outcome]
  const cases: readonly (readonly [string, RecordPlace, readonly LinkCandidate[], number, string])[] = [
    // the company's own city, no office named: namesakes elsewhere do not matter
    ['Ｌ物流（株）', sakaiminato, [inCity], 46, 'linked same_city'],
    ['Ｌ物流（株）', sakaiminato, [inCity], 0, 'linked same_city'],
    // an office: any company of the name may have it
    ['Ｌ物流（株） 境港営業所', sakaiminato, [inCity], 0, 'linked same_city'],
    ['Ｌ物流（株） 境港営業所', sakaiminato, [inCity], 1, 'ambiguous 2'],
    // registered in another city of the prefecture: so may be one registered in another prefecture
    ['Ｌ物流（株） 境港営業所', sakaiminato, [inYonago], 0, 'linked only_in_prefecture'],
    ['Ｌ物流（株） 境港営業所', sakaiminato, [inYonago], 46, 'ambiguous 47'],
    ['Ｌ物流（株）', sakaiminato, [inYonago], 3, 'ambiguous 4'],
    ['Ｌ物流（株）', { prefecture_code: '31', locality: null }, [inYonago], 1, 'ambiguous 2'],
    // none of the name in the prefecture: never one of another prefecture
    ['Ｌ物流（株）', sakaiminato, [], 46, 'unmatched no_company'],
  ];
  for (const [name, place, candidates, elsewhere, outcome] of cases) {
    const decision = decideLink(linkSubject(name), place, { inPrefecture: candidates, elsewhere });
    const got =
      decision.kind === 'linked'
        ? `linked ${decision.basis}`
        : decision.kind === 'ambiguous'
          ? `ambiguous ${decision.candidates}`
          : `unmatched ${decision.why}`;
    assert.equal(got, outcome, `${name} in ${place.locality ?? 'its prefecture'}, ${elsewhere} elsewhere`);
  }
  const office = decideLink(linkSubject('Ｌ物流（株） 境港営業所'), sakaiminato, {
    inPrefecture: [inYonago],
    elsewhere: 46,
  });
  assert.ok(office.kind === 'ambiguous');
  assert.equal(
    office.reason,
    "names its office 「境港営業所」; the only company of the name in 鳥取県, registered in 米子市, not in the record's city, and 46 more of the name elsewhere in Japan",
  );
});

test('decideLink: a legal form agrees, or changed from 有限会社 to 株式会社; never the other way or to another form', () => {
  const place = { prefecture_code: '31', locality: '八頭郡八頭町土師百井' };
  const company = (legal_form: string) => ({ corporate_number: '1270002004351', city: '八頭郡八頭町', legal_form });
  const cases: readonly (readonly [string, string, string])[] = [
    ['(有)森木産業', 'kabushiki_kaisha', 'linked'],
    ['(有)森木産業', 'yugen_kaisha', 'linked'],
    ['森木産業', 'godo_kaisha', 'linked'],
    ['(株)森木産業', 'yugen_kaisha', 'unmatched'],
    ['(株)森木産業', 'godo_kaisha', 'unmatched'],
  ];
  for (const [name, form, kind] of cases)
    assert.equal(decideLink(linkSubject(name), place, inPrefecture([company(form)])).kind, kind, `${name} / ${form}`);
  const changed = decideLink(linkSubject('(有)森木産業'), place, inPrefecture([company('kabushiki_kaisha')]));
  assert.ok(changed.kind === 'linked');
  assert.match(changed.reason, /legal form changed from 有限会社 to 株式会社/u);
});

test('linkSubject: the company a name gives, its legal form, and an office named after it', () => {
  const cases: readonly (readonly [string, string, string | null, string | null])[] = [
    ['Ｌ物流（株） 境港営業所', linkNameKey('Ｌ物流株式会社'), 'kabushiki_kaisha', '境港営業所'],
    ['株式会社見本 鳥取工場', linkNameKey('株式会社見本'), 'kabushiki_kaisha', '鳥取工場'],
    ['見本運送株式会社米子支店', linkNameKey('見本運送株式会社'), 'kabushiki_kaisha', '米子支店'],
    ['（株）木田商店', linkNameKey('株式会社木田商店'), 'kabushiki_kaisha', null],
    ['（有）シンセリティ・コンサルタント', linkNameKey('有限会社シンセリティ・コンサルタント'), 'yugen_kaisha', null],
    ['鳥取中央農業協同組合', linkNameKey('鳥取中央農業協同組合'), null, null],
    ['便利屋若旦那', linkNameKey('便利屋若旦那'), null, null],
    ['三菱電機（株） 情報技術総合研究所', linkNameKey('三菱電機株式会社'), 'kabushiki_kaisha', '情報技術総合研究所'],
    ['兵庫県レンダリング（株）和田山工場', linkNameKey('兵庫県レンダリング株式会社'), 'kabushiki_kaisha', '和田山工場'],
    ['ＳＴＡＲ ＲＯＣＫ ＣＯＭＰＡＮＹ（株）', linkNameKey('STAR ROCK COMPANY株式会社'), 'kabushiki_kaisha', null],
    ['（株）Ｇｒｏｗｉｎｇ ｕｐ', linkNameKey('株式会社Growing up'), 'kabushiki_kaisha', null],
    ['（株）丸 商店', linkNameKey('株式会社丸商店'), 'kabushiki_kaisha', null],
    [
      '（株）Ｗａｖｅ Ｅｎｅｒｇｙ四国事業所 詫間工場',
      linkNameKey('株式会社Wave Energy四国事業所'),
      'kabushiki_kaisha',
      '詫間工場',
    ],
    ['（株）ユニバース 三沢堀口店', linkNameKey('株式会社ユニバース'), 'kabushiki_kaisha', '三沢堀口店'],
    // variant kanji fold as the company index folds them: 髙 and 高, 𠮷 and 吉, 﨑 and 崎
    ['髙松建設（株）', linkNameKey('高松建設株式会社'), 'kabushiki_kaisha', null],
    ['𠮷川機械産業（株）', linkNameKey('吉川機械産業株式会社'), 'kabushiki_kaisha', null],
    ['山﨑プラント（株） 水島営業所', linkNameKey('山崎プラント株式会社'), 'kabushiki_kaisha', '水島営業所'],
  ];
  for (const [name, key, form, office] of cases)
    assert.deepEqual(linkSubject(name), { key, legal_form: form, office }, name);
});

test('the name key folds legal forms and widths, as the company index does', () => {
  assert.equal(linkSubject('（株）ゼフォール').key, linkNameKey('株式会社ゼフォール'));
  assert.equal(linkSubject('Ｔｍサービス').key, linkNameKey('TMサービス'));
});
