import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { romanizeKana } from '../../src/domain/romanize.js';

describe('romanizeKana', () => {
  const cases: readonly (readonly [string, string | null])[] = [
    ['トヨタジドウシャ', 'Toyotajidosha'], // ou folded
    ['エスエイアイ', 'Esueiai'], // ei is not a long vowel in Hepburn
    ['ミツビシデンキ', 'Mitsubishidenki'],
    ['カイワカイウン', 'Kaiwakaiun'],
    ['ジュウデンキ', 'Judenki'], // uu folded
    ['オオサカ', 'Osaka'], // oo folded
    ['トーマス', 'Tomasu'], // the long-vowel mark is dropped, not doubled
    ['ヘリテージグループ', 'Heritejigurupu'],
    ['サンヨウ', "San'yo"], // Hepburn's apostrophe after n before a vowel or y
    ['ホンマ', 'Honma'], // n before m stays n
    ['イッチョウ', 'Itcho'],
    ['ヂヅ', 'Jizu'],
    ['とよた', 'Toyota'], // hiragana too
    ['ﾄﾖﾀ', 'Toyota'], // half-width katakana by NFKC
    ['ＡＢＣショウジ', 'ABCshoji'], // Latin letters in the reading are kept
    ['サイトウ　カイデンキ', 'Saitokaidenki'], // white space dropped
    ['', null],
    ['　', null],
    ['漢字', null], // not a reading
    ['株式会社トヨタ', null],
  ];
  for (const [kana, expected] of cases) {
    it(`${JSON.stringify(kana)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(romanizeKana(kana), expected);
    });
  }
});
