// addressHolds: part of a registered address as a person types it, whatever the width, spaces and dashes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressHolds, addressKey } from '../../src/domain/address-key.js';

test('width, spaces and dashes do not matter', () => {
  assert.equal(addressKey('札幌市 中央区北１条西２－１'), '札幌市中央区北1条西2-1');
  assert.ok(addressHolds('北海道札幌市中央区北一条西２丁目１－１', '札幌市 中央区'));
  assert.ok(addressHolds('東京都千代田区霞が関1-1-1', '霞が関１ー１'));
});

test('another place, or nothing typed, is no match', () => {
  assert.equal(addressHolds('北海道札幌市中央区', '函館市'), false);
  assert.equal(addressHolds('北海道札幌市中央区', '  '), false);
});
