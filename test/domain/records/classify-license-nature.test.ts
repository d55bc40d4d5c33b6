import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyLicenseNature } from '../../../src/domain/records/classify-license-nature.js';

const CASES: readonly (readonly [string, string])[] = [
  ['廃業届出による許可の取消し', 'voluntary_closure'],
  ['許可証の返納', 'voluntary_closure'],
  ['自主廃業', 'voluntary_closure'],
  ['事業の廃止届出', 'voluntary_closure'],
  ['法人の解散', 'voluntary_closure'],
  ['廃業等の届出があったため', 'voluntary_closure'],
  ['届出', 'voluntary_closure'],
  ['営業所の所在不明', 'other'],
  ['営業所の所在地を確知できないため（建設業法第29条の2）', 'other'],
  ['役員が欠格要件に該当（建設業法第8条）', 'other'],
  ['破産手続開始の決定', 'other'],
  ['建設業法第28条第1項違反', 'violation'],
  ['一括下請負の禁止違反による営業停止', 'violation'],
  ['変更の届出を怠った', 'violation'],
  ['変更届出をせず営業所を移転', 'violation'],
  ['虚偽の届出', 'violation'],
  ['', 'violation'],
];

test('licence action nature read from the source words', async (t) => {
  for (const [text, expected] of CASES) {
    await t.test(text || '(blank)', () => assert.equal(classifyLicenseNature(text), expected));
  }
});
