import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  companyDocuments,
  companyLongGrams,
  companySearchTerms,
  hasShortGrams,
  kanaKey,
  indexedTerms,
  termGrams,
} from '../../../src/domain/companies/company-terms.js';

test('companySearchTerms: name, reading, romanized reading, English name and aliases', () => {
  const terms = companySearchTerms({
    name: '海和海運株式会社',
    name_kana: 'カイワカイウン',
    name_en: 'Kaiwa Shipping Co., Ltd.',
    aliases: [
      { name: 'Kaiwakaiun', kind: 'romanized' },
      { name: '旧海和商事株式会社', kind: 'former_name' },
    ],
  });
  const got = terms.map((t) => `${t.field}/${t.alias_kind ?? ''}/${t.term}`);
  assert.deepEqual(got, [
    'name//海和海運',
    'name_kana//カイワカイウン',
    'alias/romanized/kaiwakaiun',
    'name_en//kaiwashipping',
    'name_en//kaiwasyipping'.replace('syi', 'si'),
    'alias/former_name/旧海和商事',
  ]);
});

test('companySearchTerms: は read as a particle gives a second romanized key; Latin names get the loose key', () => {
  const terms = companySearchTerms({
    name: 'ＳＨＩＮＥＩ株式会社',
    name_kana: 'コンニチハ',
    name_en: null,
    aliases: [],
  });
  const got = terms.map((t) => `${t.field}/${t.term}`);
  assert.deepEqual(got, ['name/shinei', 'name/sinei', 'name_kana/コンニチハ', 'alias/konnitiha', 'alias/konnitiwa']);
});

test('kanaKey folds readings as names are folded', () => {
  const cases: [string, string][] = [
    ['トヨタジドウシャ', 'トヨタジドウシヤ'],
    ['ｷﾔﾉﾝ', 'キヤノン'],
    ['きゃのん', 'キヤノン'],
    ['フーリハン', 'フリハン'],
  ];
  for (const [kana, key] of cases) assert.equal(kanaKey(kana), key, kana);
});

test('termGrams: every distinct one- and two-character substring', () => {
  const cases: [string, string][] = [
    ['花王', '花 花王 王'],
    ['東レ', '東 東レ レ'],
    ['ああ', 'あ ああ'],
    ['a', 'a'],
    ['', ''],
    ['nec', 'n ne e ec c'],
  ];
  for (const [term, grams] of cases) assert.equal(termGrams(term), grams, term);
});

test('hasShortGrams: names, former names and brands', () => {
  assert.equal(hasShortGrams({ field: 'name', alias_kind: null }), true);
  assert.equal(hasShortGrams({ field: 'alias', alias_kind: 'former_name' }), true);
  assert.equal(hasShortGrams({ field: 'alias', alias_kind: 'romanized' }), false);
  assert.equal(hasShortGrams({ field: 'name_kana', alias_kind: null }), false);
});

// The indexes rely on it (company-terms-writer.ts): a company's terms are joined by a space in its trigram document, so
// no term may hold one, and a short key is found in a term by `instr` exactly where termGrams holds it, so every
// character of a term is a letter or a digit.
test('companySearchTerms: every term is letters and digits only, whatever the names hold', () => {
  const text = fc
    .array(
      fc.constantFrom(
        ...'株式会社（株）㈱ｶﾌﾞｼｷ・ー－ 　&.,\'"AbＣ１2あいウエオ東京ガス〇①ヱ\u3000\t\n-_/()[]!?＋*#@'.split(''),
      ),
      { maxLength: 16 },
    )
    .map((chars) => chars.join(''));
  const alias = fc.record({
    name: text,
    kind: fc.constantFrom('romanized', 'former_name', 'brand', 'english_unverified'),
  });
  fc.assert(
    fc.property(
      text,
      fc.option(text),
      fc.option(text),
      fc.array(alias, { maxLength: 3 }),
      (name, kana, en, aliases) => {
        for (const { term } of companySearchTerms({ name, name_kana: kana, name_en: en, aliases }))
          assert.match(term, /^[\p{L}\p{N}]+$/u, JSON.stringify({ name, kana, en, aliases, term }));
      },
    ),
    { numRuns: 2000 },
  );
});

test('companyLongGrams: the distinct long grams of every term, space separated, empty when none has one', () => {
  assert.equal(companyLongGrams(['kensetsu', 'ケンセツ', 'kensetsu']), 'kense enset nsets setsu');
  assert.equal(companyLongGrams(['abcdef', 'bcdefg']), 'abcde bcdef cdefg');
  assert.equal(companyLongGrams(['abcd', '花王']), '');
  assert.equal(companyLongGrams([]), '');
});

test('companyDocuments: each index its document from the terms in their order, none where a company has nothing for it', () => {
  const terms = companySearchTerms({
    name: '株式会社花王',
    name_kana: 'カオウセッケン',
    name_en: null,
    aliases: [{ kind: 'former_name', name: '花王石鹸株式会社' }],
  });
  const documents = companyDocuments(terms);
  assert.equal(documents.trigrams, terms.map((t) => t.term).join(' '));
  // the name and the former name have short grams; the reading and its romanization do not
  assert.equal(documents.grams, `${termGrams('花王')} ${termGrams('花王石鹸')}`);
  assert.equal(documents.longGrams, companyLongGrams(terms.map((t) => t.term)));
  assert.match(documents.longGrams ?? '', /kaose/u);
  assert.deepEqual(companyDocuments(companySearchTerms({ name: 'ab', name_kana: null, name_en: null, aliases: [] })), {
    trigrams: 'ab',
    grams: 'a ab b',
    longGrams: null,
  });
  assert.deepEqual(companyDocuments([]), { trigrams: null, grams: null, longGrams: null });
  assert.deepEqual(indexedTerms({ name: '花王', name_kana: null, name_en: null, aliases: [] }), {
    terms: [{ field: 'name', alias_kind: null, term: '花王' }],
    documents: { trigrams: '花王', grams: '花 花王 王', longGrams: null },
  });
});
