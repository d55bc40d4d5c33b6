// Whether a parameter is text (issue 79): each kind of ill-formed input named, well-formed text let through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { illFormedEncoded, illFormedText } from '../../../src/domain/text/well-formed.js';

test('encoded parts: broken escapes, bytes that are not UTF-8, NUL; text and escaped text are well-formed', () => {
  const cases: [string, string | null][] = [
    ['plain', null],
    ['100%25', null],
    ['%E6%9E%B6%E7%A9%BA', null],
    ['%F0%9F%98%80', null],
    ['a%zz', 'a broken %-escape'],
    ['a%4', 'a broken %-escape'],
    ['a%C3', 'bytes that are not UTF-8'],
    ['%E3%81', 'bytes that are not UTF-8'],
    ['%C0%AF', 'bytes that are not UTF-8'],
    ['%ED%A0%80', 'bytes that are not UTF-8'],
    ['%F4%90%80%80', 'bytes that are not UTF-8'],
    ['a%00b', 'a NUL character'],
  ];
  for (const [encoded, wrong] of cases) assert.equal(illFormedEncoded(encoded), wrong, encoded);
});

test('decoded text: a lone surrogate or a NUL', () => {
  assert.equal(illFormedText('架空 😀'), null);
  assert.equal(illFormedText('a\ud800'), 'a lone surrogate');
  assert.equal(illFormedText('\udc00a'), 'a lone surrogate');
  assert.equal(illFormedText('a\u0000'), 'a NUL character');
});
