// Names that name no party (a cartel by its industry, a tender by its orderer) against names of parties.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { whyNoParty } from '../../../src/domain/records/unnamed-party.js';

const TENDER = "names no party: a tender's bidders, described by the tender's orderer";
const INDUSTRY = 'names no party: a cartel described by its industry';

test('a tender or an industry names no party; a company, an association or a foreign company does', () => {
  const cases: readonly (readonly [string, string | null])[] = [
    ['東京電力株式会社が発注する架空送電工事の工事業者', TENDER],
    ['高知県が発注する土木一式工事の入札参加業者', TENDER],
    ['鹿児島県が発注する海上工事の入札等の参加業者', TENDER],
    ['ドコモショップユニフォームの見積り合わせの参加業者', TENDER],
    ['東海旅客鉄道株式会社が発注するリニア中央新幹線に係る品川駅及び名古屋駅新設工事の指名競争見積の参加業', TENDER],
    ['ごま油の製造販売業者', INDUSTRY],
    ['機械式駐車装置メーカーら', INDUSTRY],
    ['新潟市等に所在するタクシー事業者', INDUSTRY],
    ['損害保険会社ら', INDUSTRY],
    ['ＬＰガス容器用バルブの製造販売業者ら', INDUSTRY],
    ['(株)ヨークベニマル', null],
    ['株式会社サイネックス及び株式会社スマートバリュー', null],
    ['ビザ・ワールドワイド・ピーティーイー・リミテッド', null],
    ['長野県石油商業組合北信支部', null],
    ['ASP Japan（同）', null],
    ['アマゾンジャパン合同会社', null],
    ['日本生命保険相互会社', null],
    ['株式会社入札情報センター', null],
  ];
  for (const [name, reason] of cases) assert.equal(whyNoParty(name), reason, name);
});
