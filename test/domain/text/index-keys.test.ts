// The long grams of a text and of a key: what the long-gram index holds a company under and looks a key up by.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasLongGram, keyLongGrams, longGrams, tokenCharacters } from '../../../src/domain/text/index-keys.js';

test('tokenCharacters: the letters and digits, in order, whatever their script', () => {
  assert.deepEqual(tokenCharacters('ab・c-1２ホ漢𠮷'), ['a', 'b', 'c', '1', '２', 'ホ', '漢', '𠮷']);
  assert.deepEqual(tokenCharacters('・-&'), []);
});

test('longGrams: each distinct run of five letters and digits, in order, across the characters that are neither', () => {
  const cases: [string, string[]][] = [
    ['kensetsu', ['kense', 'enset', 'nsets', 'setsu']],
    ['ホクシンケンセツ', ['ホクシンケ', 'クシンケン', 'シンケンセ', 'ンケンセツ']],
    ['abcd', []],
    ['abcde', ['abcde']],
    ['ab・cde', ['abcde']],
    ['aaaaaaa', ['aaaaa']],
    // a character outside the Basic Multilingual Plane is one character, not two
    ['𠮷野家ホール', ['𠮷野家ホー', '野家ホール']],
  ];
  for (const [text, grams] of cases) assert.deepEqual(longGrams(text), grams, text);
});

test('hasLongGram: five letters and digits or more', () => {
  assert.equal(hasLongGram('abcde'), true);
  assert.equal(hasLongGram('ab・cd'), false);
  assert.equal(hasLongGram('𠮷野家ホー'), true);
});

test('keyLongGrams: runs clear of each other from the start, then the last, so that every letter is in one', () => {
  const cases: [string, string[] | null][] = [
    ['abcd', null],
    ['abcde', ['abcde']],
    ['abcdef', ['abcde', 'bcdef']],
    ['abcdefghij', ['abcde', 'fghij']],
    ['abcdefghijk', ['abcde', 'fghij', 'ghijk']],
    ['kensetsukogyo', ['kense', 'tsuko', 'kogyo']],
    // a repeated run is looked up once
    ['aaaaaaaaaa', ['aaaaa']],
  ];
  for (const [key, grams] of cases) assert.deepEqual(keyLongGrams(key), grams, key);
});

test('keyLongGrams: every gram chosen is a gram of any term that holds the key', () => {
  const terms = ['hokushinkensetsukogyo', 'ホクシンケンセツコウギヨウ', '北辰建設工業株式会社'];
  for (const term of terms) {
    const grams = new Set(longGrams(term));
    for (let from = 0; from < term.length; from++)
      for (let to = from + 5; to <= term.length; to++) {
        const key = term.slice(from, to);
        for (const gram of keyLongGrams(key) ?? []) assert.ok(grams.has(gram), `${key}: ${gram}`);
      }
  }
});
