// Tests for src/store/read/free-text.ts: how `q` is split between the trigram and the short-gram index, and how its long
// words are matched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freeText, trigramMatch, type FreeText } from '../../../src/store/read/free-text.js';

const CASES: { q: string; expected: FreeText | null; why: string }[] = [
  {
    q: '排除措置命令',
    expected: { words: ['排除措置命令'], grams: null },
    why: 'three characters or more: trigram index',
  },
  { q: '談合', expected: { words: [], grams: '"談合"' }, why: 'two characters: short-gram index' },
  { q: '談', expected: { words: [], grams: '"談"' }, why: 'one character: short-gram index' },
  {
    q: '談合 排除措置命令',
    expected: { words: ['排除措置命令'], grams: '"談合"' },
    why: 'mixed: each word to its index, both required',
  },
  {
    q: '指示　談合 入札談合 排除措置',
    expected: { words: ['入札談合', '排除措置'], grams: '"指示" AND "談合"' },
    why: 'ideographic space splits too',
  },
  {
    q: 'ＮＥ',
    expected: { words: [], grams: '"NE"' },
    why: 'NFKC before the length is counted; the tokenizer folds case',
  },
  { q: '㈱', expected: { words: ['(株)'], grams: null }, why: 'NFKC can make a word long' },
  { q: 'とう', expected: { words: [], grams: '("とう" OR "トウ")' }, why: 'as written, or as a company-name key' },
  { q: '髙', expected: { words: [], grams: '("髙" OR "高")' }, why: 'variant kanji folded as names are' },
  { q: 'a"', expected: { words: [], grams: '("a""" OR "a")' }, why: 'a quote is doubled inside the quoted phrase' },
  { q: 'ab"c', expected: { words: ['ab"c'], grams: null }, why: 'long words are quoted the same way' },
  {
    q: '・ 談',
    expected: { words: [], grams: '"談"' },
    why: 'a short word without a letter or digit has no gram and is left out',
  },
  { q: '・ ！', expected: null, why: 'nothing left to look for: nothing matches' },
];

for (const { q, expected, why } of CASES) {
  test(`freeText(${JSON.stringify(q)}): ${why}`, () => {
    assert.deepEqual(freeText(q), expected);
  });
}

test('freeText: long words are folded as the trigram index holds the text, controls dropped', () => {
  assert.deepEqual(freeText('ΑΣ\u0000Ｋ ABC'), { words: ['ασk', 'abc'], grams: null });
});

test('trigramMatch: without a choice of trigrams, every word is an exact phrase', () => {
  assert.deepEqual(trigramMatch(['株式会社吉田建設', 'ab"c'], undefined), {
    match: '"株式会社吉田建設" AND "ab""c"',
    checks: [],
  });
});

test('trigramMatch: a word given trigrams is found by them and checked whole; one given none stays a phrase', () => {
  const choose = (word: string) => (word === '株式会社吉田建設' ? ['吉田建', '式会"'] : null);
  assert.deepEqual(trigramMatch(['株式会社吉田建設', '排除措置命令'], choose), {
    match: '"吉田建" AND "式会""" AND "排除措置命令"',
    checks: ['株式会社吉田建設'],
  });
});
