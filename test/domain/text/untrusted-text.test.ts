// Tests for src/domain/text/untrusted-text.ts: what a cell keeps, one line or several, and what a terminal is given.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import {
  cleanLine,
  cleanStrings,
  cleanText,
  excerpt,
  MAX_QUOTED_CHARS,
  oneLine,
  terminalSafe,
} from '../../../src/domain/text/untrusted-text.js';

test('a cell keeps its text and tab, and loses every control and direction character', () => {
  const cases: [string, string, string][] = [
    ['controls', '株式会社\u0000見本\u0007\u007f', '株式会社見本'],
    ['C1 controls', '\u0080\u0084\u0086\u009a\u009c見本', '見本'],
    ['direction', '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c見本', '見本'],
    ['plain text as it is', '令和７年３月１４日 （株）見本 ＡＢＣ\tx', '令和７年３月１４日 （株）見本 ＡＢＣ\tx'],
    // no character at all: noncharacters and a surrogate without its pair; a pair (𠮷, U+20BB7) is one character
    ['no character', '𠮷野家\ufffe\uffff\ud842x\udfb7', '𠮷野家x'],
  ];
  for (const [what, raw, kept] of cases) {
    assert.equal(cleanText(raw), kept, `${what}: cleanText`);
    assert.equal(cleanLine(raw), kept, `${what}: cleanLine`);
  }
});

test('an escape sequence is removed whole, its parameters with it, before the controls are', () => {
  const cases: [string, string, string][] = [
    ['CSI colour', '株式会社\u001b[31m赤字商事\u001b[0m', '株式会社赤字商事'],
    ['CSI with parameters and intermediates', 'a\u001b[1;38;5;196mb\u001b[?25lc\u001b[2 qd', 'abcd'],
    ['CSI clearing the screen', '制御\u001b[2J\u0007建設', '制御建設'],
    ['8-bit CSI', '見本\u009b31m商事', '見本商事'],
    ['CSI cut short at the end', '見本\u001b[31', '見本'],
    ['CSI cut short before text', '見本\u001b[商事', '見本商事'],
    ['OSC ended by BEL', '株式会社\u001b]0;pwned\u0007見本', '株式会社見本'],
    ['OSC ended by ST', '株式会社\u001b]8;;https://evil.example/\u001b\\見本', '株式会社見本'],
    ['8-bit OSC ended by 8-bit ST', '株式会社\u009d0;x\u009c見本', '株式会社見本'],
    ['DCS', 'a\u001bPq#0;2;0;0;0\u001b\\b', 'ab'],
    ['OSC never ended: its opening only', '株式会社\u001b]見本', '株式会社見本'],
    ['other ESC sequences', 'a\u001b(Bb\u001b7c\u001bcd', 'abcd'],
    // text that only looks like the rest of a sequence whose ESC a publisher's own tools dropped is text: it cannot
    // be told from a bracketed note
    ['bracketed text without ESC', '株式会社[31m赤字商事 [2]', '株式会社[31m赤字商事 [2]'],
  ];
  for (const [what, raw, kept] of cases) {
    assert.equal(cleanText(raw), kept, `${what}: cleanText`);
    assert.equal(cleanLine(raw), kept, `${what}: cleanLine`);
  }
});

test('a single-line text folds every line break to one space; a multi-line text makes each a newline', () => {
  const cases: [string, string, string, string][] = [
    ['LF', 'a\nb', 'a b', 'a\nb'],
    ['CR LF and CR', 'a\r\nb\rc', 'a b c', 'a\nb\nc'],
    ['LINE and PARAGRAPH SEPARATOR', 'a\u2028b\u2029c', 'a b c', 'a\nb\nc'],
    ['NEL', 'a\u0085b', 'a b', 'a\nb'],
    ['VT and FF', 'a\u000bb\u000cc', 'a b c', 'a\nb\nc'],
    [
      'a run of breaks',
      '見本\u2028\r\n\u2029published 2099-01-01',
      '見本 published 2099-01-01',
      '見本\n\n\npublished 2099-01-01',
    ],
    ['a break made of escapes', '見本\u001b[31m\u2028\u001b[0m商事', '見本 商事', '見本\n商事'],
  ];
  for (const [what, raw, line, text] of cases) {
    assert.equal(cleanLine(raw), line, `${what}: cleanLine`);
    assert.equal(cleanText(raw), text, `${what}: cleanText`);
  }
});

test("a record's strings are cleaned by their field: a long text keeps its lines, every other field is one line", () => {
  const multiLine = (key: string) => key === 'summary';
  assert.deepEqual(
    cleanStrings(
      { company: { name: '見本\u2028商事\u001b[31m' }, summary: '一行目\u2029二行目', laws: ['a\nb'], n: 1, z: null },
      multiLine,
    ),
    { company: { name: '見本 商事' }, summary: '一行目\n二行目', laws: ['a b'], n: 1, z: null },
  );
});

test('a terminal is given each control and separator escaped, and the rest as it is', () => {
  const cases: [string, string, string][] = [
    ['ESC, BEL, C1, direction, CR', 'a\u001b[31mb\u0007c\u009bd\u202ee\rf', 'a\\x1b[31mb\\x07c\\x9bd\\u202ee\\x0df'],
    ['the separators', 'a\u2028b\u2029c\u0085d\u000be\u000cf', 'a\\u2028b\\u2029c\\x85d\\x0be\\x0cf'],
    ['text, tab and newline as they are', '行1\n\t行2 「見本」', '行1\n\t行2 「見本」'],
  ];
  for (const [what, raw, shown] of cases) assert.equal(terminalSafe(raw), shown, what);
});

test("a file's text as a message quotes it: one line, cleaned, cut to MAX_QUOTED_CHARS", () => {
  const cases: [string, string, string][] = [
    ['short, as it is', '令和7年3月14日', '令和7年3月14日'],
    ['spaces and line breaks folded, ends trimmed', ' 見本\u2028\n 商事\t株式会社 ', '見本 商事 株式会社'],
    ['controls and escape sequences removed', '見本\u001b[31m商事\u0007', '見本商事'],
    ['at the bound, whole', 'あ'.repeat(MAX_QUOTED_CHARS), 'あ'.repeat(MAX_QUOTED_CHARS)],
    ['past it, cut', `${'あ'.repeat(MAX_QUOTED_CHARS)}SECRET`, `${'あ'.repeat(MAX_QUOTED_CHARS)}…`],
    ['cut by characters, not code units', `${'𠮷'.repeat(MAX_QUOTED_CHARS)}x`, `${'𠮷'.repeat(MAX_QUOTED_CHARS)}…`],
  ];
  for (const [what, raw, quoted] of cases) assert.equal(excerpt(raw), quoted, what);
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
