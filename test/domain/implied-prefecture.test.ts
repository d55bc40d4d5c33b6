import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { impliedPrefecture } from '../../src/domain/implied-prefecture.js';
import { placeOf } from '../../src/domain/companies/link-company.js';
import { DESIGNATED_CITIES } from '../../src/domain/vocabularies/designated-cities.js';
import { MUNICIPALITY_NAMES } from '../../src/domain/vocabularies/municipalities.js';
import { PREFECTURES } from '../../src/domain/vocabularies/prefectures.js';

describe('impliedPrefecture from the address alone', () => {
  const cases: readonly (readonly [address: string, code: string | null, why: string])[] = [
    ['大阪市東住吉区今川1-2-3', '27', 'designated city'],
    ['名古屋市中区栄1丁目', '23', 'designated city'],
    ['京都市伏見区竹田', '26', 'designated city, not 京都府 spelt out'],
    ['福岡市博多区博多駅前', '40', 'designated city'],
    ['さいたま市西区指扇', '11', 'designated city in hiragana'],
    ['熊本市東区', '43', 'designated city'],
    ['北九州市門司区', '40', 'designated city whose name holds 九州'],
    ['堺市堺区', '27', 'a two-character designated city'],
    ['東住吉区今川', '27', 'a ward only one designated city has'],
    ['千代田区丸の内', '13', 'a special ward of Tokyo with no namesake'],
    ['中央区銀座', null, '中央区 is in Tokyo and in nine designated cities'],
    ['北区', null, '北区 is in Tokyo and in several designated cities'],
    ['府中市', null, '府中市 is in Tokyo and in Hiroshima'],
    ['伊達市', null, '伊達市 is in Hokkaido and in Fukushima'],
    ['鳥取市東町', '31', 'a city'],
    ['岩美郡岩美町浦富', '31', 'a town after its district'],
    ['大和郡山市', '29', '郡 inside a city name is not a district'],
    ['東村山郡山辺町', '06', 'a district whose name starts as a village of Okinawa (東村) does'],
    ['東村山市', '13', 'a city whose name starts as that village does'],
    ['上郡町', '28', '郡 inside a town name'],
    ['郡山市', '07', '郡 at the start'],
    ['蒲郡市', '23', '郡 in the middle'],
    ['鶴ケ島市', '11', 'ケ for ヶ'],
    ['鶴ヶ島市', '11', 'ヶ as written'],
    ['〒530-0001 大阪市北区梅田', '27', 'postal code and a space first'],
    ['大阪市　北区', '27', 'full-width space'],
    ['ＸＹＺ', null, 'no municipality'],
    ['', null, 'empty'],
    ['丸の内', null, 'a district of a city, not a municipality'],
  ];
  for (const [address, code, why] of cases) {
    it(`${address || '(empty)'} → ${code ?? 'null'} (${why})`, () => {
      assert.equal(impliedPrefecture(address), code);
    });
  }

  it('places every designated city in its prefecture', () => {
    for (const city of DESIGNATED_CITIES) assert.equal(impliedPrefecture(`${city.name}1-1`), city.prefecture_code);
  });

  it('holds every prefecture, and names that end as a municipality or ward does', () => {
    assert.deepEqual(Object.keys(MUNICIPALITY_NAMES).sort(), PREFECTURES.map((p) => p.code).sort());
    const names = Object.values(MUNICIPALITY_NAMES).flatMap((list) => list.split(' '));
    assert.equal(names.length, 1918);
    assert.deepEqual(
      names.filter((n) => !/^.{1,6}[市区町村]$/u.test(n)),
      [],
    );
  });
});

test('impliedPrefecture with the issuer: it chooses among namesakes; a local government places its own addresses', () => {
  const cases: [address: string, authority: string, code: string | null][] = [
    ['中央区本町', 'mhlw_labour_bureau_27', '27'], // 大阪市中央区 is one of the namesakes
    ['府中市', 'pref_34', '34'], // 府中市 of Hiroshima
    ['府中市', 'mhlw_labour_bureau_13', '13'],
    ['府中市', 'mhlw_labour_bureau_27', null], // Osaka has no 府中市
    ['中央区本町', 'mlit_kinki_dtb', null], // a regional bureau acts for several prefectures
    ['中央区本町', 'mhlw', null],
    ['大阪市淀川区', 'mhlw_labour_bureau_12', '27'], // a unique name wins: 千葉労働局 acts on Osaka companies too
    ['字大原１２３', 'pref_31', '31'], // a prefecture's own list leaves its own name out
    ['字大原１２３', 'city_27100', '27'],
    ['字大原１２３', 'mhlw_labour_bureau_31', null], // a bureau's cases are not all in its prefecture
    ['字大原１２３', 'pref_99', null],
  ];
  for (const [address, authority, code] of cases) {
    assert.equal(impliedPrefecture(address, authority), code, `${address} ${authority}`);
  }
});

test('placeOf: the address first, then its municipality, then the issuer', () => {
  const cases: [address: string | null, authority: string | null, code: string | null, locality: string | null][] = [
    ['大阪府大阪市東住吉区', 'mhlw_labour_bureau_13', '27', '大阪市東住吉区'],
    ['大阪市東住吉区今川', null, '27', '大阪市東住吉区今川'],
    ['横浜市中区', 'mhlw_labour_bureau_13', '14', '横浜市中区'], // the address is more certain than the issuer
    ['中央区本町', 'mhlw_labour_bureau_27', '27', '中央区本町'],
    ['中央区本町', 'mlit_kinki_dtb', null, null], // a regional bureau acts for several prefectures
    ['府中市', 'mhlw_labour_bureau_34', '34', '府中市'],
    ['中央区本町', null, null, null],
    [null, 'mhlw_labour_bureau_27', null, null], // no address: nothing to place
  ];
  for (const [address, authority, code, locality] of cases) {
    assert.deepEqual(placeOf({ address }, authority), { prefecture_code: code, locality }, `${address} ${authority}`);
  }
});
