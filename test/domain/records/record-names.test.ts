// How a record names a company, folded the linker's way; and how a record an answer holds relates to the query.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queryRelation, recordNameKey, relationOf, type Relation } from '../../../src/domain/records/record-names.js';
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

test('a record relates to a company query: linked to a company it found, naming one linked to none, or by its text', () => {
  const filter = { corporateNumbers: ['8999999000001'], nameKeys: ['北辰建設', 'hokushinconstruction'], nameParts: [] };
  const cases: [company: { corporate_number: string | null; name: string }, relation: Relation][] = [
    [{ corporate_number: '8999999000001', name: '北辰建設株式会社' }, 'linked'],
    // linked to another company of the name: that company's record, found here only by its own text
    [{ corporate_number: '7999999000002', name: '株式会社北辰建設' }, 'text'],
    [{ corporate_number: null, name: '北辰建設（株）' }, 'named'],
    [{ corporate_number: null, name: '北辰建設㈱ 東京支店' }, 'named'],
    [{ corporate_number: null, name: '北辰建設工業株式会社' }, 'text'],
  ];
  for (const [company, relation] of cases) assert.equal(relationOf(company, filter), relation, company.name);
});

test("a query's records relate to it by its company filter, its Corporate Number or its text; to nothing else", () => {
  const today = '2026-11-28';
  const company = { corporate_number: null, name: '北辰建設（株）' };
  const filter = { corporateNumbers: [], nameKeys: ['北辰建設'], nameParts: [] };
  assert.equal(queryRelation({ company: filter, today })?.(company), 'named');
  assert.equal(queryRelation({ corporate_number: '8999999000001', today })?.(company), 'linked');
  assert.equal(queryRelation({ q: '談合', today })?.(company), 'text');
  assert.equal(queryRelation({ authority: 'jftc', today }), undefined);
});
