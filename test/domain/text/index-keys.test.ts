// The long grams of a text and of a key: what the long-gram index holds a company under and looks a key up by.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  hasLongGram,
  keyLongGrams,
  longGrams,
  rarestLongGrams,
  textTrigrams,
  tokenCharacters,
} from '../../../src/domain/text/index-keys.js';

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

test('rarestLongGrams: a romanized name by its rarest run and the rarest clear of it, not kense and setsu', () => {
  // at a million companies: the runs of kensetsu in tens of thousands, those of the name's stem in a few hundred
  const docs = new Map([
    ['yoshi', 20_000],
    ['oshid', 900],
    ['shida', 3_000],
    ['hidak', 120],
    ['idake', 300],
    ['daken', 400],
    ['akens', 2_000],
    ['kense', 45_000],
    ['enset', 44_000],
    ['nsets', 44_000],
    ['setsu', 46_000],
  ]);
  assert.deepEqual(
    rarestLongGrams('yoshidakensetsu', (gram) => docs.get(gram) ?? 0),
    ['hidak', 'idake'],
    'the runs clear of hidak are those of kensetsu, costlier than checking its 120 companies: the next rarest',
  );
});

test('rarestLongGrams: the next rarest where the run clear of the rarest is many times as common, though worth its list', () => {
  // at five million companies: kensetsu's runs in hundreds of thousands, the stem's in thousands
  const docs = new Map([
    ['misei', 5_473],
    ['iseik', 11_012],
    ['seike', 3_927],
    ['eiken', 8_772],
    ['ikens', 48_247],
    ['kense', 189_193],
    ['enset', 210_000],
    ['nsetu', 220_562],
  ]);
  assert.deepEqual(
    rarestLongGrams('miseikensetu', (gram) => docs.get(gram) ?? 0),
    ['seike', 'misei'],
  );
  // the clear run within eight times the next rarest's list is still read first
  docs.set('nsetu', 8 * 5_473);
  assert.deepEqual(
    rarestLongGrams('miseikensetu', (gram) => docs.get(gram) ?? 0),
    ['seike', 'nsetu'],
  );
});

test('rarestLongGrams: a gram too rare to be counted is the rarest; a key of six letters has no clear second', () => {
  const counted = new Map([
    ['abcde', 3_000],
    ['bcdef', 40],
  ]);
  assert.deepEqual(
    rarestLongGrams('abcdef', (gram) => counted.get(gram) ?? 0),
    ['bcdef', 'abcde'],
    'the next rarest, overlapping, when its list is no longer than a hundred checks of the first',
  );
  const common = new Map([
    ['abcde', 50_000],
    ['bcdef', 40],
  ]);
  assert.deepEqual(
    rarestLongGrams('abcdef', (gram) => common.get(gram) ?? 0),
    ['bcdef'],
    'checking costs less',
  );
  assert.deepEqual(
    rarestLongGrams('abcdefghij', () => 0),
    ['abcde', 'fghij'],
    'none counted: the first, a clear one',
  );
  const kensetsu = (gram: string) => (gram.includes('s') ? 40_000 : 200);
  assert.deepEqual(
    rarestLongGrams('hokuokensetsu', kensetsu),
    ['hokuo', 'okuok'],
    'the clear runs too costly: the next rarest',
  );
  assert.deepEqual(
    rarestLongGrams('abcde', () => 100),
    ['abcde'],
  );
  assert.equal(
    rarestLongGrams('abcd', () => 100),
    null,
    'no long gram',
  );
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

test('textTrigrams: a full name by its rarest trigram, not the common 株式会 and 式会社 clear of it', () => {
  const counts = new Map([
    ['株式会', 95_000],
    ['式会社', 95_000],
    ['会社吉', 460],
    ['社吉田', 300],
    ['吉田建', 36],
    ['田建設', 900],
  ]);
  const docs = (trigram: string) => counts.get(trigram) ?? 0;
  // 会社吉 and 社吉田 overlap 吉田建; the trigrams clear of it (three characters apart) have lists too long to be worth
  // reading
  assert.deepEqual(textTrigrams('株式会社吉田建設', docs), ['吉田建']);
});

test('textTrigrams: a clear trigram whose list is not much longer is read too', () => {
  const counts = new Map([
    ['abc', 50],
    ['bcd', 4000],
    ['cde', 4000],
    ['def', 4000],
    ['efg', 1000],
  ]);
  assert.deepEqual(
    textTrigrams('abcdefg', (t) => counts.get(t) ?? 0),
    ['abc', 'efg'],
  );
});

test('textTrigrams: an uncounted trigram alone narrows to fewer records than were counted', () => {
  assert.deepEqual(
    textTrigrams('株式会社吉田', (t) => (t === '社吉田' ? 0 : 95_000)),
    ['社吉田'],
  );
});

test('textTrigrams: a phrase for one trigram, or when no trigram is counted; counts unasked for one trigram', () => {
  let asked = 0;
  const docs = () => {
    asked++;
    return 95_000;
  };
  assert.equal(textTrigrams('株式会', docs), null);
  assert.equal(asked, 0);
  assert.equal(
    textTrigrams('排除措置命令', () => 0),
    null,
  );
});

test('textTrigrams: a phrase when checking the rarest list would cost more than reading every list', () => {
  // two trigrams each in a thousand records: checking a thousand texts costs a hundred times reading their lists
  const counts = new Map([
    ['アルフ', 1123],
    ['ルファ', 1145],
  ]);
  assert.equal(
    textTrigrams('アルファ', (t) => counts.get(t) ?? 0),
    null,
  );
});
