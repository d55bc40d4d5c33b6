// The three text folds on Japanese text as the publishers write it: widths, enclosed and squared signs, kana, spaces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import {
  foldAsTextIndex,
  foldCaseless,
  foldCompact,
  foldWidth,
  stripLatinAccents,
} from '../../../src/domain/text/text-fold.js';

test('foldWidth makes each width and compatibility form one spelling, and keeps spaces and case', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['ＡＢＣ　Ｃｏ．，Ｌｔｄ．', 'ABC Co.,Ltd.'],
    ['㈱見本', '(株)見本'],
    ['（株）ﾐﾎﾝ', '(株)ミホン'],
    ['ｶﾌﾞｼｷｶﾞｲｼｬ ﾊﾟﾅｿﾆｯｸ', 'カブシキガイシャ パナソニック'],
    ['㍻３１年４月３０日', '平成31年4月30日'],
    ['令和７年　３月１４日', '令和7年 3月14日'],
    ['第①号', '第1号'],
    ['株式会社\u3000見本\n鳥取工場', '株式会社 見本\n鳥取工場'],
    ['かぶしきがいしゃ', 'かぶしきがいしゃ'],
    ['Mihon Shoji', 'Mihon Shoji'],
  ];
  for (const [text, folded] of cases) assert.equal(foldWidth(text), folded, text);
});

test('foldCompact also removes every white space: ideographic, plain, tabs and line breaks', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['株式会社\u3000見本', '株式会社見本'],
    ['株式会社 見本', '株式会社見本'],
    [' （株）　ﾐﾎﾝ\t商事\r\n', '(株)ミホン商事'],
    ['東京都 千代田区\n霞が関１－１', '東京都千代田区霞が関1-1'],
    ['指名停止\n期間', '指名停止期間'],
    ['令和 ７ 年 ３ 月', '令和7年3月'],
    ['ＡＢＣ　Ｃｏ．', 'ABCCo.'],
    ['\u3000\u3000', ''],
  ];
  for (const [text, folded] of cases) assert.equal(foldCompact(text), folded, text);
});

test('foldCaseless also lowers Latin letters, so labels and headers written in either case are one', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['Ｎｏ．', 'no.'],
    ['NO.', 'no.'],
    ['法人 番号', '法人番号'],
    ['Cease And Desist', 'ceaseanddesist'],
    ['ＩＤ　（管理番号）', 'id(管理番号)'],
    ['㈱', '(株)'],
  ];
  for (const [text, folded] of cases) assert.equal(foldCaseless(text), folded, text);
});

test('each fold is stable: folding folded text changes nothing', () => {
  for (const text of ['㈱ﾐﾎﾝ　商事', 'ＡＢＣ\nＤｅｆ', '令和元年５月１日']) {
    for (const fold of [foldWidth, foldCompact, foldCaseless]) assert.equal(fold(fold(text)), fold(text), text);
  }
});

test('stripLatinAccents drops the accents of Latin letters and leaves kana whole', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['Ōsaka Shōji', 'Osaka Shoji'],
    ['Société Générale', 'Societe Generale'],
    ['Tōkyō', 'Tokyo'],
    ['ガス', 'ガス'.normalize('NFKD')],
    ['見本', '見本'],
  ];
  for (const [text, stripped] of cases) assert.equal(stripLatinAccents(text), stripped, text);
});

test('foldAsTextIndex: one character for one, and SQLite trigram-indexes every folded character as it is', () => {
  // the planes that hold cased letters (Unicode has none past U+1FFFF) and their noncharacters; lone surrogates are
  // no text
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize='trigram');
    CREATE VIRTUAL TABLE held USING fts5vocab(t, instance);`);
  const insert = db.prepare<[number, string]>('INSERT INTO t(rowid, x) VALUES (?, ?)');
  const folded = new Map<number, string>();
  db.transaction(() => {
    for (let code = 1; code <= 0x1ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const fold = foldAsTextIndex(String.fromCodePoint(code));
      assert.equal([...fold].length, 1, `U+${code.toString(16)}`);
      folded.set(code, fold);
      insert.run(code, fold.repeat(3));
    }
  })();
  let changed = 0;
  for (const { term, doc } of db.prepare('SELECT term, doc FROM held').iterate() as Iterable<{
    term: string;
    doc: number;
  }>) {
    const fold = folded.get(doc) ?? '';
    assert.equal(term, fold.repeat(3), `U+${doc.toString(16)} folds to U+${fold.codePointAt(0)?.toString(16)}`);
    if (fold !== String.fromCodePoint(doc)) changed++;
  }
  // Latin, Greek, Cyrillic, Armenian, Georgian, Cherokee, Glagolitic, Deseret, Adlam and the rest (1,425 in V8's
  // Unicode 15), and both noncharacters
  assert.ok(changed > 1400, `${changed} characters folded`);
  assert.equal(foldAsTextIndex('ΑΣ ς ＡBc Ǆ 株式会社 \uFFFE'), 'ασ σ ａbc ǆ 株式会社 \uFFFD');
  db.close();
});
