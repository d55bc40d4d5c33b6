// How a record names a company, folded the linker's way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordNameKey } from '../../../src/domain/records/record-names.js';
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
