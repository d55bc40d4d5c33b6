import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLatin, normaliseCompanyName, normaliseText, romajiKey, stripLegalForm } from '../../src/domain/names.js';

test('normaliseCompanyName folds width, case, kana and legal forms', () => {
  const cases: [string, string][] = [
    ['株式会社エス・エイ・アイ', 'エスエイアイ'],
    ['（株）ゼフォール', 'ゼフォール'],
    ['本別運送（株）', '本別運送'],
    ['本別運送㈱', '本別運送'],
    ['ＨＬサクセション株式会社', 'hlサクセション'],
    ['Ｔｍサービス', 'tmサービス'],
    ['ｶﾌﾞｼｷｶﾞｲｼｬ ﾄﾖﾀ', 'トヨタ'],
    ['とよたじどうしゃ', 'トヨタジドウシャ'],
    ['医療法人社団 明和会', '明和会'],
    ['インターナショ ナル商事株式会社', 'インターナショナル商事'],
    ['Kaiwa Shipping Co., Ltd.', 'kaiwashipping'],
    ['TOYOTA MOTOR CORPORATION', 'toyotamotor'],
    ['Zinc Inc.', 'zinc'],
    ['Sony Group Corporation', 'sonygroup'],
    ['株式会社', '株式会社'],
  ];
  for (const [input, expected] of cases) assert.equal(normaliseCompanyName(input), expected, input);
});

test('stripLegalForm removes one form at either end, longest first', () => {
  assert.deepEqual(stripLegalForm('医療法人社団明和会'), { core: '明和会', form: '医療法人社団' });
  assert.deepEqual(stripLegalForm('トヨタ自動車株式会社'), { core: 'トヨタ自動車', form: '株式会社' });
  assert.deepEqual(stripLegalForm('トヨタ'), { core: 'トヨタ', form: null });
});

test('normaliseText keeps the long-vowel mark and drops separators', () => {
  assert.equal(normaliseText('サービス・ワン'), 'サービスワン');
  assert.equal(normaliseText('Ａ－Ｂ　Ｃ'), 'abc');
});

test('romajiKey makes Hepburn variants meet', () => {
  const key = romajiKey('toyota jidosha');
  for (const variant of ['Toyota Jidōsha', 'TOYOTA JIDOUSHA', 'toyotajidousha', 'Toyota Jidoosha']) {
    assert.equal(romajiKey(variant), key, variant);
  }
  assert.equal(romajiKey('Shimbashi'), romajiKey('Shinbashi'));
});

test('isLatin', () => {
  assert.equal(isLatin('kaiwashipping'), true);
  assert.equal(isLatin('123'), false);
  assert.equal(isLatin('トヨタ'), false);
});
