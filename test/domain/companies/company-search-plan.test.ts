import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planCompanySearch } from '../../../src/domain/companies/company-search-plan.js';
import { registeredNameKey } from '../../../src/domain/companies/names.js';
import { ftsAllOf, ftsPhrase } from '../../../src/store/read/free-text.js';
import { keyTrigrams, prefixUpperBound, rarestTrigrams } from '../../../src/domain/text/index-keys.js';
import { romajiKey } from '../../../src/domain/text/romanize.js';

test('a 13-digit query is a Corporate Number look-up, valid or not, however it is written', () => {
  const cases: [string, string][] = [
    ['T1180301018771', '1180301018771'],
    ['１１８０３０１０１８７７１', '1180301018771'],
    ['1180-3010-18771', '1180301018771'],
    ['1 180301 018771', '1180301018771'],
    ['Ｔ１１８０３０１０１８７７１', '1180301018771'],
  ];
  for (const [q, number] of cases) assert.deepEqual(planCompanySearch(q), { kind: 'corporate_number', number }, q);
  assert.deepEqual(planCompanySearch('2180301018771'), { kind: 'invalid_corporate_number', input: '2180301018771' });
});

test('a name query gives normalised keys, the legal form it named, and its key as a printed name', () => {
  const cases: [string, string[], string | null, string][] = [
    ['トヨタ自動車株式会社', ['トヨタ自動車'], 'kabushiki_kaisha', 'トヨタ自動車'],
    ['（株）トヨタ自動車', ['トヨタ自動車'], 'kabushiki_kaisha', 'トヨタ自動車'],
    ['㈲トヨタ', ['トヨタ'], 'yugen_kaisha', 'トヨタ'],
    ['とよた', ['トヨタ'], null, 'トヨタ'],
    ['ﾄﾖﾀ', ['トヨタ'], null, 'トヨタ'],
    ['花', ['花'], null, '花'],
    ['Kaiwa Shipping Co., Ltd.', ['kaiwashipping', romajiKey('Kaiwa Shipping')], 'kabushiki_kaisha', 'kaiwashipping'],
    ['Toyota Jidōsha', ['toyotajidōsha', 'toyotazidosya'], null, 'toyotajidōsha'],
    ['ＮＥＣ', ['nec'], null, 'nec'],
    // a printed name with an office after its company names that company; the office stays in the printed key
    ['リリカラ（株）東京流通センター', ['リリカラ'], 'kabushiki_kaisha', 'リリカラ東京流通センタ'],
    ['リリカラ（株） 東京流通センター', ['リリカラ'], 'kabushiki_kaisha', 'リリカラ東京流通センタ'],
    ['株式会社見本 鳥取工場', ['見本'], 'kabushiki_kaisha', '見本鳥取工場'],
    // without a form, nothing says where the company's name ends: the whole is the key
    ['日洋フレッシュ釧路工場', ['日洋フレツシユ釧路工場'], null, '日洋フレツシユ釧路工場'],
  ];
  for (const [q, keys, legalForm, printed] of cases) {
    const registered = registeredNameKey(q);
    assert.deepEqual(planCompanySearch(q), { kind: 'terms', keys, legalForm, printed, registered }, q);
  }
});

test('a registered name keeps its legal form where it stands, whatever its spelling; a name without one has none', () => {
  assert.equal(registeredNameKey('北辰建設株式会社'), registeredNameKey('北辰建設（株）'));
  assert.equal(registeredNameKey('北辰建設株式会社'), registeredNameKey('北辰建設 株式会社'));
  assert.equal(registeredNameKey('株式会社北辰建設'), registeredNameKey('㈱北辰建設'));
  assert.notEqual(registeredNameKey('北辰建設株式会社'), registeredNameKey('株式会社北辰建設'));
  assert.notEqual(registeredNameKey('北辰建設株式会社'), registeredNameKey('北辰建設有限会社'));
  assert.equal(registeredNameKey('北辰建設'), null);
});

test('a query asked again is answered with the plan made the first time, and a longer one is planned each time alike', () => {
  const first = planCompanySearch('株式会社北辰建設');
  assert.equal(planCompanySearch('株式会社北辰建設'), first);
  assert.deepEqual(first, {
    kind: 'terms',
    keys: ['北辰建設'],
    legalForm: 'kabushiki_kaisha',
    printed: '北辰建設',
    registered: 'kabushiki_kaisha<北辰建設',
  });
  const long = `${'北辰'.repeat(200)}建設`;
  assert.notEqual(planCompanySearch(long), planCompanySearch(long));
  assert.deepEqual(planCompanySearch(long), planCompanySearch(long));
});

test('a query of punctuation or a bare legal form plans nothing it should not', () => {
  assert.deepEqual(planCompanySearch('・・・'), { kind: 'nothing' });
  assert.deepEqual(planCompanySearch('株式会社'), { kind: 'legal_form_only' }, 'a bare legal form is said to be one');
});

test('FTS phrases quote every token so no input is read as FTS syntax', () => {
  assert.equal(ftsPhrase('abc'), '"abc"');
  assert.equal(ftsPhrase('a"b OR c*'), '"a""b OR c*"');
  assert.equal(ftsPhrase('NEAR(a b)'), '"NEAR(a b)"');
  assert.ok(prefixUpperBound('abc') > 'abczzzz');
  assert.ok(prefixUpperBound('abc') > 'abc漢字');
});

test('a long key is looked up by its rarest trigrams; a short one by its whole phrase', () => {
  const common = new Map([
    ['ken', 90_000],
    ['ens', 80_000],
    ['nse', 80_000],
    ['set', 100_000],
    ['ets', 50_000],
    ['tsu', 95_000],
  ]);
  const docs = (t: string) => common.get(t) ?? 0;
  const cases: [key: string, expected: string[] | null, why: string][] = [
    ['kensetsu', ['ets', 'ken'], 'all common: the least common, then an end of the key clear of it'],
    [
      'kensetsusu',
      ['sus', 'ens'],
      'an uncounted one first; the common end ken is not taken beside it, the next clear one is',
    ],
    ['hokuyokensetsu', ['hok', 'uyo'], 'uncounted trigrams are the rarest, taken in key order, none overlapping'],
    ['hokuyokensetsuyamato', ['hok', 'ato', 'uyo'], 'the uncounted far end second, a third when it is uncounted too'],
    ['setken', ['etk', 'tke'], 'nothing clear of the rarest: the next rarest, overlapping'],
    ['kense', null, 'three trigrams or fewer: the phrase itself'],
    ['サウスシヨウジヤ', ['サウス', 'ウジヤ'], 'any script'],
    ['aaaaaa', null, 'repeated trigrams count once'],
  ];
  for (const [key, expected, why] of cases) assert.deepEqual(rarestTrigrams(key, docs), expected, `${key}: ${why}`);
});

test('a key whose rarest trigrams are all counted is also looked up by a trigram of the half they leave out', () => {
  // the trigrams of takamatsubiyoshitsu as often as five million companies hold them: its and biy both come from
  // biyoshitsu (a beauty salon), which thousands of names hold; takamatsu is the part that tells them apart
  const atFiveMillion: Record<string, number> = {
    tak: 194_388,
    aka: 312_241,
    kam: 82_382,
    ama: 172_776,
    mat: 69_599,
    ats: 8_572,
    tsu: 27_292,
    sub: 11_958,
    ubi: 73_058,
    biy: 1_396,
    iyo: 4_530,
    yos: 72_489,
    osh: 16_595,
    shi: 54_481,
    hit: 6_156,
    its: 1_191,
  };
  const docsWith = (changes: Record<string, number>) => (t: string) => ({ ...atFiveMillion, ...changes })[t] ?? 0;
  const key = 'takamatsubiyoshitsu';
  const cases: [changes: Record<string, number>, expected: string[], why: string][] = [
    [{}, ['its', 'biy', 'ats'], 'both in the second half: the first half gives its rarest clear of them'],
    [{ ats: 200_000, tsu: 270_000 }, ['its', 'biy', 'mat'], 'the rarest of that half, whatever its place'],
    [{ its: 0 }, ['its', 'biy'], 'an uncounted one already leaves few candidates'],
    [{ its: 10 }, ['its', 'biy'], 'checking the few companies of its list costs less than reading a long one'],
  ];
  for (const [changes, expected, why] of cases)
    assert.deepEqual(rarestTrigrams(key, docsWith(changes)), expected, `${JSON.stringify(changes)}: ${why}`);
  // a key whose chosen trigrams lie in both halves takes no more
  const kensetsu: Record<string, number> = {
    ken: 90_000,
    ens: 80_000,
    nse: 80_000,
    set: 100_000,
    ets: 50_000,
    tsu: 95_000,
  };
  assert.deepEqual(
    rarestTrigrams('kensetsu', (t) => kensetsu[t] ?? 0),
    ['ets', 'ken'],
  );
});

test('trigrams are cut by character, and an all-of expression quotes each', () => {
  assert.deepEqual(keyTrigrams('𠮷野家具'), ['𠮷野家', '野家具']);
  assert.deepEqual(keyTrigrams('ab'), []);
  assert.equal(ftsAllOf(['ab"', 'cde']), '"ab""" AND "cde"');
});

test('a legal form alone names no company, whatever its spelling; a name with its form is a name', () => {
  for (const q of [
    '株式会社',
    '(株)',
    '（株）',
    '㈱',
    '有限会社',
    'カブシキガイシャ',
    'Co., Ltd.',
    'K.K.',
    'Inc.',
    'LLC',
    'Company',
  ]) {
    assert.deepEqual(planCompanySearch(q), { kind: 'legal_form_only' }, q);
  }
  for (const q of ['トヨタ株式会社', '株式会社トヨタ', 'Toyota Co., Ltd.', '株', 'co'])
    assert.equal(planCompanySearch(q).kind, 'terms', q);
});
