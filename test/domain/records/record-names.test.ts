// How a record names a company, folded the linker's way; and which records linked to no company may be a company's own,
// by where they place it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayBeRegisteredAt, recordNameKey } from '../../../src/domain/records/record-names.js';
import { normaliseCompanyName } from '../../../src/domain/companies/names.js';

test('a record names its company by the key the linker reads: legal form, width and an office after it left out', () => {
  const cases: [name: string, key: string][] = [
    ['北辰建設株式会社', '北辰建設'],
    ['（株）北辰建設', '北辰建設'],
    ['北辰建設　株式会社', '北辰建設'],
    ['㈱北辰建設', '北辰建設'],
    ['Ｌ物流（株） 境港営業所', 'l物流'],
    ['株式会社見本 鳥取工場', '見本'],
    ['便利屋若旦那', '便利屋若旦那'],
    ['Hokushin Kensetsu Co., Ltd.', 'hokushinkensetsu'],
    ['ｻｸﾗ運輸(株)', 'サクラ運輸'],
    // a shorter form inside a longer one (社団法人 in 一般社団法人) is not where the name ends
    ['一般社団法人日中科学技術文化センター', '日中科学技術文化センタ'],
  ];
  for (const [name, key] of cases) assert.equal(recordNameKey(name), key, name);
});

test("a record naming a company's office meets the company's name term", () => {
  assert.equal(recordNameKey('Ｌ物流（株） 境港営業所'), normaliseCompanyName('Ｌ物流株式会社'));
  assert.equal(recordNameKey('Hokushin Kensetsu Co., Ltd.'), normaliseCompanyName('HOKUSHIN KENSETSU CO., LTD.'));
});

test('a record linked to no company may be one registered where the record places it, or anywhere when it places it nowhere', () => {
  const registered = { prefecture_code: '31', city: '鳥取市' };
  const cases: [
    company: { prefecture_code?: string | null; address?: string | null },
    authority: string | null,
    may: boolean,
  ][] = [
    [{}, null, true],
    [{ prefecture_code: null, address: null }, 'jftc', true],
    [{ prefecture_code: '31' }, null, true],
    [{ address: '鳥取県鳥取市東町1丁目' }, null, true],
    [{ address: '鳥取市東町1丁目' }, 'mhlw_labour_bureau_31', true],
    [{ prefecture_code: '31', address: '鳥取県' }, null, true],
    [{ address: '鳥取県米子市' }, null, false],
    [{ prefecture_code: '13' }, null, false],
    [{ address: '東京都千代田区' }, null, false],
  ];
  for (const [company, authority, may] of cases)
    assert.equal(mayBeRegisteredAt(company, authority, registered), may, JSON.stringify(company));
  // a company the register places nowhere is never told apart by place
  assert.equal(mayBeRegisteredAt({ address: '東京都千代田区' }, null, { prefecture_code: null, city: null }), true);
  // a registered prefecture without a city: a record of that prefecture may be its, of another not
  assert.equal(mayBeRegisteredAt({ address: '鳥取県米子市' }, null, { prefecture_code: '31', city: null }), true);
});
