import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideLink, linkNameKey, placeOf, sameCity } from '../../src/domain/link-company.js';

test('placeOf reads the prefecture from the code or the start of the address', () => {
  const cases: readonly (readonly [
    { prefecture_code?: string | null; address?: string | null },
    string | null,
    string | null,
  ])[] = [
    [{ address: '北海道札幌市北区' }, '01', '札幌市北区'],
    [{ address: '〒100-8916 東京都 千代田区霞が関１－２－２' }, '13', '千代田区霞が関1-2-2'],
    [{ prefecture_code: '27', address: '大阪市北区' }, '27', '大阪市北区'],
    [{ prefecture_code: '27', address: '大阪府大阪市北区' }, '27', '大阪市北区'],
    [{ prefecture_code: '13', address: '大阪府大阪市北区' }, null, null],
    [{ address: '大阪府' }, '27', null],
    [{ address: '千代田区' }, '13', '千代田区'], // a ward no other prefecture has (issue 38)
    [{ address: '中央区' }, null, null], // a ward of Tokyo and of nine designated cities
    [{}, null, null],
  ];
  for (const [company, prefecture, locality] of cases) {
    assert.deepEqual(placeOf(company), { prefecture_code: prefecture, locality }, JSON.stringify(company));
  }
});

test('sameCity: the record lies in the company city, with or without the district, or names the designated city only', () => {
  const cases: readonly (readonly [string, string, boolean])[] = [
    ['千代田区霞が関1-2', '千代田区', true],
    ['札幌市北区北8条', '札幌市北区', true],
    ['札幌市', '札幌市北区', true],
    ['中川郡本別町', '中川郡本別町', true],
    ['本別町北2丁目', '中川郡本別町', true],
    ['府中市', '府中町', false],
    ['港区', '千代田区', false],
    ['札幌市', '札幌市', true],
    ['市川市', '市原市', false],
    ['千代田区', '', false],
  ];
  for (const [locality, city, expected] of cases)
    assert.equal(sameCity(locality, city), expected, `${locality} in ${city}`);
});

test('decideLink links only when exactly one company fits; never guesses', () => {
  const place = { prefecture_code: '13', locality: '千代田区霞が関1-1' };
  const a = { corporate_number: '1000000000001', city: '千代田区' };
  const b = { corporate_number: '2000000000002', city: '千代田区' };
  const elsewhere = { corporate_number: '3000000000003', city: '港区' };
  assert.deepEqual(decideLink('見本', place, [a, elsewhere]), { kind: 'linked', corporate_number: a.corporate_number });
  assert.deepEqual(decideLink('見本', place, [a, a]), { kind: 'linked', corporate_number: a.corporate_number });
  assert.deepEqual(decideLink('見本', place, [a, b]), { kind: 'ambiguous', candidates: 2 });
  assert.deepEqual(decideLink('見本', place, [elsewhere]), { kind: 'unmatched', why: 'no_company' });
  assert.deepEqual(decideLink('見本', place, []), { kind: 'unmatched', why: 'no_company' });
  assert.deepEqual(decideLink('見本', { prefecture_code: '13', locality: null }, [a]), {
    kind: 'unmatched',
    why: 'no_place',
  });
  assert.deepEqual(decideLink('', place, [a]), { kind: 'unmatched', why: 'no_name' });
});

test('the name key folds legal forms and widths, as the company index does', () => {
  assert.equal(linkNameKey('（株）ゼフォール'), linkNameKey('株式会社ゼフォール'));
  assert.equal(linkNameKey('Ｔｍサービス'), linkNameKey('TMサービス'));
});
