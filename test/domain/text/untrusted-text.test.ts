// Tests for src/domain/text/untrusted-text.ts: what a cell keeps, and what a terminal is given.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { cleanStrings, cleanText, oneLine, terminalSafe } from '../../../src/domain/text/untrusted-text.js';

test('a cell keeps its text, tab and newline, and loses every control and direction character', () => {
  assert.equal(cleanText('株式会社\u001b]0;x\u0007見本\u0000'), '株式会社]0;x見本');
  assert.equal(cleanText('a\r\nb\rc\u2028d\te'), 'a\nb\nc\nd\te');
  assert.equal(
    cleanText('\u0085\u009b\u007f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c'),
    '',
  );
  assert.equal(cleanText('令和７年３月１４日 （株）見本 ＡＢＣ'), '令和７年３月１４日 （株）見本 ＡＢＣ');
  // no character at all: noncharacters and a surrogate without its pair; a pair (𠮷, U+20BB7) is one character, kept
  assert.equal(cleanText('𠮷野家\ufffe\uffff\ud842x\udfb7'), '𠮷野家x');
  assert.deepEqual(cleanStrings({ a: ['x\u0007', 1, null], b: { c: 'y\u202e' } }), {
    a: ['x', 1, null],
    b: { c: 'y' },
  });
});

test('a terminal is given each control escaped, and the rest as it is', () => {
  assert.equal(terminalSafe('a\u001b[31mb\u0007c\u009bd\u202ee\rf'), 'a\\x1b[31mb\\x07c\\x9bd\\u202ee\\x0df');
  assert.equal(terminalSafe('行1\n\t行2 「見本」'), '行1\n\t行2 「見本」');
});

test('text on one line: each run of white space one space, none at either end', () => {
  assert.equal(oneLine('  株式会社\u3000見本\r\n\t東京支店 '), '株式会社 見本 東京支店');
  assert.equal(oneLine('a\u2028b\u00a0\u00a0c'), 'a b c');
  assert.equal(oneLine(' \n\t\u3000'), '');
  assert.equal(oneLine('見本'), '見本');
});

test('white space is collapsed in one place: no module of src/ writes oneLine again', () => {
  const root = new URL('../../../', import.meta.url);
  const copies = readdirSync(new URL('src/', root), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/u.test(file) && file !== 'domain/text/untrusted-text.ts')
    .filter((file) => /replace\(\/\\s\+\/gu?, ' '\)/u.test(readFileSync(new URL(`src/${file}`, root), 'utf8')));
  assert.deepEqual(copies, []);
});
