import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  analyseCompanyName,
  foldKana,
  foldOcrConfusables,
  hiraganaToKatakana,
  isLatin,
  normaliseCompanyName,
  normaliseText,
  piecesAroundLegalForms,
  printedNameKey,
  registeredNameKey,
  registeredNameMark,
  stripEnglishLegalForm,
  stripLegalForm,
} from '../../../src/domain/companies/names.js';
import { foldKanjiVariants, KANJI_VARIANTS } from '../../../src/domain/text/kanji-variants.js';

test('normaliseText: NFKC, case, kana, white space, dash, long-vowel and middle-dot families', () => {
  const cases: [string, string, string][] = [
    ['ＡＢＣ', 'abc', 'full-width Latin to ASCII, lower case'],
    ['ﾄﾖﾀ', 'トヨタ', 'half-width katakana to full width'],
    ['とよた', 'トヨタ', 'hiragana to katakana'],
    ['インターナショ ナル', 'インタナシヨナル', 'white space inside a name (PDF split) dropped; small kana full size'],
    ['サ－ビス', 'サビス', 'full-width hyphen-minus used as a long-vowel mark'],
    ['サ—ビス', 'サビス', 'em dash'],
    ['サービス', 'サビス', 'long-vowel mark'],
    ['ｻｰﾋﾞｽ', 'サビス', 'half-width long-vowel mark'],
    ['サ〜ビス', 'サビス', 'wave dash'],
    ['エス・エイ・アイ', 'エスエイアイ', 'katakana middle dot'],
    ['ｴｽ･ｴｲ', 'エスエイ', 'half-width middle dot'],
    ['A‐B‑C–D—E―F−G', 'abcdefg', 'every dash'],
    ['Ａ－Ｂ　Ｃ', 'abc', 'ideographic space'],
    ['キャノン', 'キヤノン', 'small kana written full size, as the NTA furigana does'],
    ['ニッポン', 'ニツポン', 'small tsu'],
    ['ヂヅヲ', 'ジズオ', 'ヂヅヲ folded to their sounds'],
    ['髙島屋', '高島屋', 'variant kanji'],
    ['卜ヨタ', 'トヨタ', 'OCR look-alike among katakana'],
    ['(株)', '(株)', 'parentheses kept for legal forms'],
    ['①', '1', 'circled digit by NFKC'],
    ['佐々木', '佐々木', 'iteration mark kept'],
    ['Ｍ＆Ａ', 'ma', 'ampersand dropped'],
  ];
  for (const [input, expected, why] of cases) assert.equal(normaliseText(input), expected, `${input}: ${why}`);
});

test('foldOcrConfusables: only among katakana', () => {
  const cases: [string, string, string][] = [
    ['卜ヨタ', 'トヨタ', 'start of name, katakana after'],
    ['エ二ックス', 'エニックス', 'katakana on both sides'],
    ['ヤマ口', 'ヤマロ', 'end of name, katakana before'],
    ['口ーソン', 'ローソン', 'long-vowel mark counts as katakana'],
    ['力メラ', 'カメラ', '力 before katakana'],
    ['工ース', 'エース', '工 before katakana'],
    ['夕イム', 'タイム', '夕 before katakana'],
    ['カトウ工業', 'カトウ工業', '工 between katakana and kanji stays kanji'],
    ['山口', '山口', 'among kanji'],
    ['二宮', '二宮', 'before kanji'],
    ['口', '口', 'alone'],
    ['力王', '力王', 'kanji neighbour'],
  ];
  for (const [input, expected, why] of cases) assert.equal(foldOcrConfusables(input), expected, `${input}: ${why}`);
});

test('foldKanjiVariants: old and variant forms to their common forms', () => {
  const cases: [string, string][] = [
    ['髙', '高'],
    ['﨑', '崎'],
    ['濵', '浜'],
    ['濱', '浜'],
    ['邊', '辺'],
    ['邉', '辺'],
    ['齋', '斎'],
    ['齊', '斎'],
    ['德', '徳'],
    ['澤', '沢'],
    ['櫻', '桜'],
    ['廣', '広'],
    ['國', '国'],
    ['嶋', '島'],
    ['冨', '富'],
    ['眞', '真'],
    ['龍', '竜'],
    ['會', '会'],
    ['學', '学'],
    ['鐵', '鉄'],
    ['藝', '芸'],
    ['髙橋建設', '高橋建設'],
    ['渡邊商事', '渡辺商事'],
    ['山﨑製パン', '山崎製パン'],
    ['高', '高'],
    ['トヨタ', 'トヨタ'],
  ];
  for (const [input, expected] of cases) assert.equal(foldKanjiVariants(input), expected, input);
});

test('the variant table folds in one step: no common form is itself a variant, every entry one character', () => {
  assert.ok(KANJI_VARIANTS.size >= 250, `a real table, not a sample: ${KANJI_VARIANTS.size}`);
  for (const [from, to] of KANJI_VARIANTS) {
    assert.equal([...from].length, 1, from);
    assert.equal([...to].length, 1, to);
    assert.equal(KANJI_VARIANTS.has(to), false, `${from} → ${to} → ${KANJI_VARIANTS.get(to)}`);
  }
});

test('hiraganaToKatakana and foldKana', () => {
  assert.equal(hiraganaToKatakana('かぶしきがいしゃ'), 'カブシキガイシャ');
  assert.equal(hiraganaToKatakana('漢字ー'), '漢字ー');
  assert.equal(foldKana('ァィゥェォッャュョヮヵヶ'), 'アイウエオツヤユヨワカケ');
});

test('stripLegalForm: anchored prefix or suffix, longest first, every written form', () => {
  const cases: [string, string, string | null][] = [
    ['株式会社トヨタ', 'トヨタ', 'kabushiki_kaisha'],
    ['トヨタ株式会社', 'トヨタ', 'kabushiki_kaisha'],
    ['(株)トヨタ', 'トヨタ', 'kabushiki_kaisha'],
    ['トヨタ(株)', 'トヨタ', 'kabushiki_kaisha'],
    ['カブシキカイシヤトヨタ', 'トヨタ', 'kabushiki_kaisha'],
    ['有限会社トヨタ', 'トヨタ', 'yugen_kaisha'],
    ['(有)トヨタ', 'トヨタ', 'yugen_kaisha'],
    ['トヨタ合同会社', 'トヨタ', 'godo_kaisha'],
    ['トヨタ合名会社', 'トヨタ', 'gomei_kaisha'],
    ['トヨタ合資会社', 'トヨタ', 'goshi_kaisha'],
    ['一般社団法人日本協会', '日本協会', 'general_incorporated_association'],
    ['(一社)日本協会', '日本協会', 'general_incorporated_association'],
    ['公益財団法人日本財団', '日本財団', 'public_interest_incorporated_foundation'],
    ['(公財)日本財団', '日本財団', 'public_interest_incorporated_foundation'],
    ['医療法人社団明和会', '明和会', 'medical_corporation'],
    ['医療法人明和会', '明和会', 'medical_corporation'],
    ['(医)明和会', '明和会', 'medical_corporation'],
    ['特定非営利活動法人ひまわり', 'ひまわり', 'npo'],
    ['npo法人ひまわり', 'ひまわり', 'npo'],
    ['学校法人山田学園', '山田学園', 'school_corporation'],
    ['社会福祉法人愛育会', '愛育会', 'social_welfare_corporation'],
    ['トヨタ', 'トヨタ', null],
    ['株式会社', '株式会社', null],
    ['トヨタ株式会社東京', 'トヨタ株式会社東京', null],
  ];
  for (const [input, core, code] of cases) {
    const got = stripLegalForm(input);
    assert.deepEqual([got.core, got.code], [core, code], input);
  }
});

test('stripEnglishLegalForm: English forms on word boundaries', () => {
  const cases: [string, string, string | null][] = [
    ['kaiwa shipping co., ltd.', 'kaiwa shipping', 'kabushiki_kaisha'],
    ['blue vista co.,ltd.', 'blue vista', 'kabushiki_kaisha'],
    ['toyota motor corporation', 'toyota motor', 'kabushiki_kaisha'],
    ['sony corp.', 'sony', 'kabushiki_kaisha'],
    ['ifu inc.', 'ifu', 'kabushiki_kaisha'],
    ['kai scientific limited', 'kai scientific', 'kabushiki_kaisha'],
    ['abc company limited', 'abc', 'kabushiki_kaisha'],
    ['keller pressure k.k.', 'keller pressure', 'kabushiki_kaisha'],
    ['keller pressure kk', 'keller pressure', 'kabushiki_kaisha'],
    ['toyota kabushiki kaisha', 'toyota', 'kabushiki_kaisha'],
    ['kabushiki kaisha toyota', 'toyota', 'kabushiki_kaisha'],
    ['abc g.k.', 'abc', 'godo_kaisha'],
    ['abc godo kaisha', 'abc', 'godo_kaisha'],
    ['abc llc', 'abc', 'godo_kaisha'],
    ['abc y.k.', 'abc', 'yugen_kaisha'],
    ['zinc', 'zinc', null],
    ['zinc inc.', 'zinc', 'kabushiki_kaisha'],
    ['inc.', 'inc.', null],
  ];
  for (const [input, rest, code] of cases) assert.deepEqual(stripEnglishLegalForm(input), { rest, code }, input);
});

test('normaliseCompanyName folds everything and removes the legal form', () => {
  const cases: [string, string][] = [
    ['株式会社エス・エイ・アイ', 'エスエイアイ'],
    ['（株）ゼフォール', 'ゼフオル'],
    ['本別運送（株）', '本別運送'],
    ['本別運送㈱', '本別運送'],
    ['トヨタ㍿', 'トヨタ'],
    ['ＨＬサクセション株式会社', 'hlサクセシヨン'],
    ['ｶﾌﾞｼｷｶﾞｲｼｬ ﾄﾖﾀ', 'トヨタ'],
    ['とよたじどうしゃ', 'トヨタジドウシヤ'],
    ['医療法人社団 明和会', '明和会'],
    ['インターナショ ナル商事株式会社', 'インタナシヨナル商事'],
    ['Kaiwa Shipping Co., Ltd.', 'kaiwashipping'],
    ['TOYOTA MOTOR CORPORATION', 'toyotamotor'],
    ['Zinc Inc.', 'zinc'],
    ['Light Housing Co.', 'lighthousing'],
    ['Light Housing Co', 'lighthousing'],
    ['Ford Motor Company', 'fordmotor'],
    ['Sanco', 'sanco'],
    ['Costco', 'costco'],
    ['株式会社髙島屋', '高島屋'],
    ['株式会社', '株式会社'],
  ];
  for (const [input, expected] of cases) assert.equal(normaliseCompanyName(input), expected, input);
});

test('analyseCompanyName says which legal form the name named', () => {
  assert.deepEqual(analyseCompanyName('（有）トヨタ'), { key: 'トヨタ', legalForm: 'yugen_kaisha' });
  assert.deepEqual(analyseCompanyName('Toyota G.K.'), { key: 'toyota', legalForm: 'godo_kaisha' });
  assert.deepEqual(analyseCompanyName('トヨタ'), { key: 'トヨタ', legalForm: null });
});

test('isLatin', () => {
  assert.equal(isLatin('kaiwashipping'), true);
  assert.equal(isLatin('123'), false);
  assert.equal(isLatin('トヨタ'), false);
});

test('printedNameKey: a name as printed, an office after its company kept, every legal form left out wherever it stands', () => {
  const cases: [printed: string, key: string][] = [
    ['リリカラ（株）東京流通センター', 'リリカラ東京流通センタ'],
    ['リリカラ（株） 東京流通センター', 'リリカラ東京流通センタ'],
    ['リリカラ株式会社東京流通センター', 'リリカラ東京流通センタ'],
    ['リリカラ㈱　東京流通センター', 'リリカラ東京流通センタ'],
    ['日洋フレッシュ釧路工場', '日洋フレツシユ釧路工場'],
    ['株式会社北辰建設', '北辰建設'],
    ['北辰建設株式会社', '北辰建設'],
    ['（有）木田商店', '木田商店'],
    ['一般社団法人日中科学技術文化センター', '日中科学技術文化センタ'],
    ['Hokushin Construction Co., Ltd.', 'hokushinconstruction'],
    ['株式会社', ''],
  ];
  for (const [printed, key] of cases) assert.equal(printedNameKey(printed), key, printed);
  // the key of a name without an office is the company's own key
  for (const name of ['北辰建設株式会社', '（株）北辰建設', 'ｻｸﾗ運輸(株)'])
    assert.equal(printedNameKey(name), normaliseCompanyName(name), name);
});

test('piecesAroundLegalForms: NFKC text cut at the legal forms it writes, the forms left out', () => {
  const cases: [text: string, pieces: string[]][] = [
    ['リリカラ(株)東京流通センター', ['リリカラ', '東京流通センター']],
    ['株式会社北辰建設', ['北辰建設']],
    ['北辰建設株式会社', ['北辰建設']],
    ['日洋フレッシュ釧路工場', ['日洋フレッシュ釧路工場']],
    ['一般社団法人日本', ['日本']],
    ['株式会社', []],
    ['(株)', []],
  ];
  for (const [text, pieces] of cases) assert.deepEqual(piecesAroundLegalForms(text), pieces, text);
});

test("a name term's mark of the registered name: where the form stands, or the registered key whole", () => {
  const mark = (name: string) => {
    const { key, legalForm } = analyseCompanyName(name);
    return registeredNameMark(registeredNameKey(name), key, legalForm);
  };
  assert.equal(mark('株式会社北辰建設'), '<');
  assert.equal(mark('北辰建設株式会社'), '>');
  assert.equal(mark('北辰建設（株）'), '>');
  // a name whose registered core is not its key (the parentheses the key leaves out) keeps the registered key whole
  assert.equal(mark('北辰(東京)建設株式会社'), registeredNameKey('北辰(東京)建設株式会社'));
  assert.equal(mark('北辰建設'), null);
  // the marks of two names of one key and form differ exactly when their registered keys do
  assert.notEqual(mark('株式会社北辰建設'), mark('北辰建設株式会社'));
  // a company whose legal form is not the name's keeps its registered key whole
  assert.equal(registeredNameMark('kabushiki_kaisha<北辰建設', '北辰建設', 'godo_kaisha'), 'kabushiki_kaisha<北辰建設');
});
