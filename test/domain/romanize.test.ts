import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { particleReading, romajiKey, romanizeKana } from '../../src/domain/romanize.js';

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
    ['サンヨウ', 'Sanyo'], // no Hepburn apostrophe in a display alias
    ['サクラウンユ', 'Sakuraunyu'], // the apostrophe that used to appear in aliases
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

test('particleReading reads は and へ after the first kana as wa and e', () => {
  const cases: [string, string | null][] = [
    ['コンニチハ', 'コンニチワ'],
    ['ハヘ', 'ハエ'],
    ['ハナ', null],
    ['トヨタ', null],
  ];
  for (const [kana, expected] of cases) assert.equal(particleReading(kana), expected, kana);
});

test('romajiKey: Hepburn, kunrei, macrons, long vowels, n/m, spaces and particles meet', () => {
  const groups: [string, string[]][] = [
    [
      'toyota jidosha',
      [
        'Toyota Jidōsha',
        'TOYOTA JIDOUSHA',
        'toyotajidousha',
        'toyotajidousya',
        'Toyota Jidoosha',
        'Toyota Jidôsha',
        'toyota jidohsha',
        'Toyotajidosha',
      ],
    ],
    ['Tokyo', ['Tōkyō', 'TOUKYOU', 'tokyo', 'Toukyou', 'Tôkyô', 'Tookyoo']],
    ['Shimbashi', ['Shinbashi', 'sinbasi', 'SHINBASHI']],
    ['Mitsubishi', ['mitubisi', 'Mitsubishi', 'MITSUBISHI']],
    ['chiyoda', ['tiyoda', 'Chiyoda']],
    ['Fuji', ['huzi', 'fuji', 'Fuzi']],
    ['shoji', ['syozi', 'shouji', 'syouzi', 'Shōji']],
    ['jujo', ['zyuzyo', 'juujou', 'jyujyo']],
    ['Itcho', ['ittyo', 'itchou']],
    ['Otsuka', ['Ohtsuka', 'ootsuka', 'otuka']],
    ['Sanyo', ["San'yo", 'sanyou']],
    ['Honma', ['Homma', 'hon ma']],
    ['Konnichiwa', ['konnichiwa', 'kon nichi wa']],
    ['Kaiwa Shipping', ['Kaiwa Shipping Co., Ltd.', 'KAIWA SHIPPING', 'kaiwa-shipping']],
  ];
  for (const [base, variants] of groups) {
    for (const v of variants) assert.equal(romajiKey(v), romajiKey(base), `${v} ~ ${base}`);
  }
});

test('romajiKey keeps different names apart', () => {
  const pairs: [string, string][] = [
    ['Toyota', 'Toyoda'],
    ['Hada', 'Wada'],
    ['Sato', 'Saito'],
    ['Kato', 'Goto'],
    ['Ono', 'Onoda'],
  ];
  for (const [a, b] of pairs) assert.notEqual(romajiKey(a), romajiKey(b), `${a} / ${b}`);
});
