import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  corporateNumberCheckDigit,
  corporateNumberFromBase,
  looksLikeCorporateNumber,
  normaliseCorporateNumberInput,
  parseCorporateNumber,
} from '../../../src/domain/companies/corporate-number.js';

test('check digits of real Corporate Numbers', () => {
  // Real numbers published by the NTA (Toyota; the first rows of the 2026-01-27 diff file).
  for (const number of ['1180301018771', '1010001001111', '1010001001879', '1010001201941', '2000012010019']) {
    assert.equal(corporateNumberCheckDigit(number.slice(1)), Number(number[0]), number);
  }
});

test('written forms are normalised before parsing', () => {
  const cases: [string, string][] = [
    ['１１８０３０１０１８７７１', '1180301018771'],
    ['1180-3010-18771', '1180301018771'],
    [' 1180 3010 18771 ', '1180301018771'],
    ['T1180301018771', '1180301018771'],
    ['ｔ1180301018771', '1180301018771'],
    ['1180−3010−18771', '1180301018771'],
  ];
  for (const [input, expected] of cases) {
    assert.equal(normaliseCorporateNumberInput(input), expected, input);
    assert.deepEqual(parseCorporateNumber(input), { ok: true, number: expected }, input);
  }
});

test('a wrong check digit or length is refused with its reason', () => {
  assert.deepEqual(parseCorporateNumber('2180301018771'), { ok: false, reason: 'check_digit' });
  assert.deepEqual(parseCorporateNumber('118030101877'), { ok: false, reason: 'not_13_digits' });
  assert.deepEqual(parseCorporateNumber('11803010187711'), { ok: false, reason: 'not_13_digits' });
  assert.deepEqual(parseCorporateNumber('トヨタ'), { ok: false, reason: 'not_13_digits' });
});

test('every base has exactly one valid check digit', () => {
  const base = '999999000123';
  const number = corporateNumberFromBase(base);
  assert.equal(number.length, 13);
  assert.equal(parseCorporateNumber(number).ok, true);
  for (let digit = 0; digit <= 9; digit++) {
    if (String(digit) === number[0]) continue;
    assert.equal(parseCorporateNumber(`${digit}${base}`).ok, false);
  }
});

test('looksLikeCorporateNumber spots 13 digits in any written form', () => {
  assert.equal(looksLikeCorporateNumber('T1180301018771'), true);
  assert.equal(looksLikeCorporateNumber('2180301018771'), true);
  assert.equal(looksLikeCorporateNumber('トヨタ自動車'), false);
  assert.equal(looksLikeCorporateNumber('12345'), false);
});

test('a base that is not 12 digits is a programming error', () => {
  assert.throws(() => corporateNumberCheckDigit('12345'), RangeError);
});
