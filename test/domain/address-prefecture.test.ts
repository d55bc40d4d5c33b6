// The prefecture an address starts with, whatever its widths, spaces and postal code; never a guess from a city.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressText, prefectureOfAddress, splitAddress } from '../../src/domain/address-prefecture.js';

test('the prefecture an address starts with, by its full name', () => {
  const cases: readonly (readonly [string, string | null])[] = [
    ['北海道札幌市北区', '01'],
    ['東京都千代田区霞が関１－１－１', '13'],
    ['京都府京都市中京区', '26'],
    ['大阪府茨木市', '27'],
    ['神奈川県横浜市', '14'],
    ['鹿児島県鹿児島市', '46'],
    ['和歌山県和歌山市', '30'],
    ['東京 都港区', '13'],
    ['　鳥取県\u3000鳥取市', '31'],
    ['〒680-8570 鳥取県鳥取市東町１丁目２２０', '31'],
    ['〒６８０－８５７０鳥取県鳥取市', '31'],
    ['札幌市北区', null],
    ['京都市中京区', null],
    ['東京千代田区', null],
    ['福岡市博多区', null],
    ['', null],
  ];
  for (const [address, code] of cases) assert.equal(prefectureOfAddress(address), code, address);
});

test('an address split at its prefecture keeps the rest as compared', () => {
  const cases: readonly (readonly [string, string | null, string])[] = [
    ['東京都 千代田区霞が関１－１', '13', '千代田区霞が関1-1'],
    ['〒060-0808 北海道 札幌市北区', '01', '札幌市北区'],
    ['鳥取県', '31', ''],
    ['岩美郡岩美町浦富', null, '岩美郡岩美町浦富'],
  ];
  for (const [address, code, rest] of cases) {
    const split = splitAddress(address);
    assert.deepEqual({ code: split.prefecture?.code ?? null, rest: split.rest }, { code, rest }, address);
  }
});

test('the compared text of an address: widths folded, no spaces, no postal code', () => {
  assert.equal(addressText('〒100-0013　東京都 千代田区'), '東京都千代田区');
  assert.equal(addressText('千代田区１－１'), '千代田区1-1');
});
