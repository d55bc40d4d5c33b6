// The licensed trades of demo licence actions, in the order they are drawn: the building and property trades, then
// travel, transport, waste and finance, each with who acts in it, how its permits are numbered and what actions look like.

import { DESIGNATED_CITIES } from '../src/domain/vocabularies/designated-cities.js';
import type { DemoCompany } from './demo-companies.js';
import { BUILDING_SECTORS } from './demo-building-sectors.js';
import { financeBureauFor, transportBureauFor } from './demo-regions.js';
import type { Random } from './random.js';
import {
  action,
  bureauName,
  byGovernorOr,
  digits,
  LOCATION_UNKNOWN,
  national,
  pref,
  prefName,
  type SectorSpec,
} from './demo-license-spec.js';

// Permits of transport operators are numbered with the bureau's short name (関自貨第123号).
const TRANSPORT_PREFIX: Readonly<Record<string, string>> = {
  mlit_hokkaido_dtb: '北自',
  mlit_tohoku_dtb: '東北自',
  mlit_kanto_dtb: '関自',
  mlit_hokuriku_shinetsu_dtb: '北陸信越自',
  mlit_chubu_dtb: '中部自',
  mlit_kinki_dtb: '近自',
  mlit_chugoku_dtb: '中国自',
  mlit_shikoku_dtb: '四国自',
  mlit_kyushu_dtb: '九州自',
  mlit_okinawa_ogb: '沖総自',
  mlit_kobe_tsd: '神自',
};
const transportNumber = (kind: string) => (c: DemoCompany, authority: string, random: Random) =>
  `${TRANSPORT_PREFIX[authority] ?? '関自'}${kind}第${random.int(12, 2_980)}号`;

/** Industrial waste permits are issued by the prefecture, or by the designated city the business is in. */
function wasteAuthority(c: DemoCompany, random: Random): string {
  const city = DESIGNATED_CITIES.find((d) => d.prefecture_code === pref(c) && c.place.city.startsWith(d.name));
  return city !== undefined && random.chance(0.7) ? `city_${city.code}` : `pref_${pref(c)}`;
}

export const SECTORS: readonly SectorSpec[] = [
  ...BUILDING_SECTORS,
  {
    sector: 'travel_agency',
    weight: 6,
    source: 'demo-la-jta-travel',
    trades: ['travel', 'passenger'],
    related: ['bus'],
    authority: (c, r) => (r.chance(0.3) ? 'jta' : `pref_${pref(c)}`),
    permit: (c, auth, r) =>
      auth === 'jta'
        ? `観光庁長官登録旅行業第${r.int(1, 2_100)}号`
        : `${prefName(c)}知事登録旅行業第2－${r.int(1, 900)}号`,
    actions: [
      action(
        'operations_suspension_order',
        'violation',
        3,
        [7, 45],
        '旅行業約款に基づかない取引を行ったため、{days}日間の業務停止',
        '取引条件の説明及び書面の交付を行わなかったため、{days}日間の業務の一部停止',
      ),
      action('instruction_order', 'violation', 2, null, '旅程管理業務を適切に行わなかったため（業務改善命令）'),
      action('registration_revocation', 'other', 2, null, '営業保証金を供託しなかったため', LOCATION_UNKNOWN),
      action('registration_revocation', 'voluntary_closure', 1, null, '事業を廃止したため（登録の抹消）'),
    ],
  },
  {
    sector: 'trucking',
    weight: 18,
    source: 'demo-la-mlit-transport',
    trades: ['trucking'],
    related: ['vehicle_maintenance'],
    authority: (c) => transportBureauFor(pref(c)),
    permit: transportNumber('貨'),
    actions: [
      action(
        'vehicle_use_suspension',
        'violation',
        8,
        [10, 60],
        '運転者に対する点呼を実施していなかったため、車両停止（延べ{days}日車）',
        '乗務時間等告示の遵守違反により、車両停止（延べ{days}日車）',
        '運行記録計による記録を行っていなかったため、車両停止（延べ{days}日車）',
      ),
      action(
        'business_suspension_order',
        'violation',
        2,
        [7, 30],
        '飲酒運転による重大事故を惹起したため、{days}日間の事業停止',
      ),
      action('warning', 'violation', 3, null, '定期健康診断を実施していなかったため（文書警告）'),
      action('license_revocation', 'violation', 1, null, '事業停止処分に違反したため、許可取消し'),
      action('license_revocation', 'other', 1, null, '営業所の所在を確知できないため、許可取消し'),
    ],
  },
  {
    sector: 'bus',
    weight: 5,
    source: 'demo-la-mlit-transport',
    trades: ['passenger'],
    related: ['taxi', 'travel_agency'],
    authority: (c) => transportBureauFor(pref(c)),
    permit: transportNumber('旅一'),
    actions: [
      action(
        'vehicle_use_suspension',
        'violation',
        3,
        [10, 40],
        '運転者の過労防止措置違反により、車両停止（延べ{days}日車）',
      ),
      action(
        'business_suspension_order',
        'violation',
        1,
        [7, 15],
        '運行管理者の選任義務違反により、{days}日間の事業停止',
      ),
      action('warning', 'violation', 2, null, '事業用自動車の点検整備を怠っていたため（文書警告）'),
    ],
  },
  {
    sector: 'taxi',
    weight: 6,
    source: 'demo-la-mlit-transport',
    trades: ['passenger'],
    related: ['bus'],
    authority: (c) => transportBureauFor(pref(c)),
    permit: transportNumber('旅二'),
    actions: [
      action(
        'vehicle_use_suspension',
        'violation',
        4,
        [10, 50],
        '乗務距離の最高限度の遵守違反により、車両停止（延べ{days}日車）',
      ),
      action('warning', 'violation', 2, null, '乗務記録の記載不備（文書警告）'),
      action('license_revocation', 'voluntary_closure', 1, null, '事業の休止期間満了後も事業を再開しないため'),
    ],
  },
  {
    sector: 'vehicle_maintenance',
    weight: 4,
    source: 'demo-la-mlit-transport',
    trades: ['maintenance', 'trucking'],
    related: [],
    authority: (c) => transportBureauFor(pref(c)),
    permit: transportNumber('認'),
    actions: [
      action(
        'designation_revocation',
        'violation',
        2,
        null,
        '指定自動車整備事業において完成検査を実施せずに保安基準適合証を交付したため、指定の取消し',
      ),
      action(
        'operations_suspension_order',
        'violation',
        2,
        [14, 60],
        '分解整備記録簿の記載不備により、{days}日間の保安基準適合証等の交付停止',
      ),
      action('warning', 'violation', 1, null, '整備主任者の選任届出を怠ったため（文書警告）'),
    ],
  },
  {
    sector: 'railway',
    weight: 1,
    source: 'demo-la-mlit-transport',
    trades: ['passenger'],
    related: [],
    authority: () => 'mlit',
    permit: () => null,
    actions: [
      action(
        'instruction_order',
        'violation',
        1,
        null,
        '保安監査の結果、軌道の保守管理に不備が認められたため（改善指示）',
      ),
    ],
  },
  {
    sector: 'aviation',
    weight: 1,
    source: 'demo-la-mlit-transport',
    trades: ['travel', 'passenger'],
    related: [],
    authority: () => 'mlit',
    permit: () => null,
    actions: [
      action('warning', 'violation', 1, null, '運航規程に定める飛行前点検を実施していなかったため（厳重注意）'),
    ],
  },
  {
    sector: 'passenger_ship',
    weight: 2,
    source: 'demo-la-mlit-transport',
    trades: ['shipping', 'travel'],
    related: [],
    authority: (c) => (pref(c) === '28' ? 'mlit_kobe_tsd' : transportBureauFor(pref(c))),
    permit: () => null,
    actions: [
      action(
        'instruction_order',
        'violation',
        1,
        null,
        '安全管理規程に基づく運航中止基準を遵守しなかったため（輸送の安全確保命令）',
      ),
      action(
        'operations_suspension_order',
        'violation',
        1,
        [7, 30],
        '船長の乗組み基準違反により、{days}日間の航路の事業停止',
      ),
    ],
  },
  {
    sector: 'industrial_waste',
    weight: 14,
    source: 'demo-la-industrial-waste',
    trades: ['waste'],
    related: [],
    authority: wasteAuthority,
    permit: (c, _a, r) => `第${pref(c)}${r.int(0, 2)}${digits(r, 8)}号`,
    actions: [
      action(
        'license_revocation',
        'violation',
        5,
        null,
        '産業廃棄物を不法に投棄したため',
        '産業廃棄物管理票（マニフェスト）に虚偽の記載をしたため',
      ),
      action(
        'license_revocation',
        'other',
        3,
        null,
        '役員が廃棄物処理法違反により罰金刑に処せられ、欠格要件に該当したため',
      ),
      action(
        'business_suspension_order',
        'violation',
        4,
        [15, 90],
        '処理基準に違反した保管を行ったため、{days}日間の事業の全部停止',
      ),
      action('license_revocation', 'voluntary_closure', 1, null, '事業の全部を廃止した旨の届出があったため'),
    ],
  },
  {
    sector: 'money_lending',
    weight: 5,
    source: 'demo-la-fsa-registrations',
    trades: ['lending'],
    related: [],
    authority: byGovernorOr(financeBureauFor, 0.5),
    permit: (c, auth, r) =>
      national(auth)
        ? `${bureauName(auth)}長（${r.int(1, 16)}）第${digits(r, 5)}号`
        : `${prefName(c)}知事（${r.int(1, 16)}）第${digits(r, 5)}号`,
    actions: [
      action('registration_revocation', 'other', 3, null, LOCATION_UNKNOWN, '貸金業務取扱主任者を置いていないため'),
      action(
        'operations_suspension_order',
        'violation',
        2,
        [14, 90],
        '取立て行為規制に違反したため、{days}日間の業務の全部停止',
      ),
      action('registration_revocation', 'voluntary_closure', 1, null, '貸金業を廃止したため'),
    ],
  },
  {
    sector: 'financial_instruments',
    weight: 3,
    source: 'demo-la-fsa-registrations',
    trades: ['securities'],
    related: [],
    authority: (c, r) => (r.chance(0.3) ? 'fsa' : financeBureauFor(pref(c))),
    permit: (_c, auth, r) => `${auth === 'fsa' ? '関東財務局' : bureauName(auth)}長（金商）第${r.int(1, 3_400)}号`,
    actions: [
      action(
        'operations_suspension_order',
        'violation',
        2,
        [30, 120],
        '適合性原則に違反する勧誘を行ったため、{days}日間の新規顧客との契約締結業務の停止',
      ),
      action('registration_revocation', 'violation', 1, null, '顧客資産の分別管理義務に違反したため'),
    ],
  },
];
