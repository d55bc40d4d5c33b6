// Tests for src/store/free-text.ts: how `q` is split between the trigram and the short-gram index.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freeText, type FreeText } from '../../src/store/free-text.js';

const CASES: { q: string; expected: FreeText | null; why: string }[] = [
  {
    q: '排除措置命令',
    expected: { trigram: '"排除措置命令"', grams: null },
    why: 'three characters or more: trigram index',
  },
  { q: '談合', expected: { trigram: null, grams: '"談合"' }, why: 'two characters: short-gram index' },
  { q: '談', expected: { trigram: null, grams: '"談"' }, why: 'one character: short-gram index' },
  {
    q: '談合 排除措置命令',
    expected: { trigram: '"排除措置命令"', grams: '"談合"' },
    why: 'mixed: each word to its index, both required',
  },
  {
    q: '指示　談合 入札談合 排除措置',
    expected: { trigram: '"入札談合" AND "排除措置"', grams: '"指示" AND "談合"' },
    why: 'ideographic space splits too',
  },
  {
    q: 'ＮＥ',
    expected: { trigram: null, grams: '"NE"' },
    why: 'NFKC before the length is counted; the tokenizer folds case',
  },
  { q: '㈱', expected: { trigram: '"(株)"', grams: null }, why: 'NFKC can make a word long' },
  { q: 'とう', expected: { trigram: null, grams: '("とう" OR "トウ")' }, why: 'as written, or as a company-name key' },
  { q: '髙', expected: { trigram: null, grams: '("髙" OR "高")' }, why: 'variant kanji folded as names are' },
  { q: 'a"', expected: { trigram: null, grams: '("a""" OR "a")' }, why: 'a quote is doubled inside the quoted phrase' },
  { q: 'ab"c', expected: { trigram: '"ab""c"', grams: null }, why: 'long words are quoted the same way' },
  {
    q: '・ 談',
    expected: { trigram: null, grams: '"談"' },
    why: 'a short word without a letter or digit has no gram and is left out',
  },
  { q: '・ ！', expected: null, why: 'nothing left to look for: nothing matches' },
];

for (const { q, expected, why } of CASES) {
  test(`freeText(${JSON.stringify(q)}): ${why}`, () => {
    assert.deepEqual(freeText(q), expected);
  });
}
