// The licensed trades of demo licence actions: who acts in each, how permits are numbered, what actions look like.

import { DESIGNATED_CITIES } from '../src/domain/vocabularies/designated-cities.js';
import type { Nature, Sector } from '../src/domain/vocabularies/enums.js';
import { authorities } from '../src/domain/vocabularies/authorities.js';
import { prefectureByCode } from '../src/domain/vocabularies/prefectures.js';
import type { DemoCompany } from './demo-companies.js';
import type { Trade } from './demo-name-parts.js';
import { developmentBureauFor, financeBureauFor, transportBureauFor } from './demo-regions.js';
import type { Random } from './random.js';

export interface ActionSpec {
  readonly type: string;
  readonly nature: Nature;
  readonly weight: number;
  /** Suspensions run for a number of days, drawn between the two; one-off actions have none. */
  readonly days: readonly [number, number] | null;
  /** The reason as the source writes it; {days} is the suspension's length. */
  readonly details: readonly string[];
}

export interface SectorSpec {
  readonly sector: Sector;
  readonly weight: number;
  readonly source: string;
  readonly trades: readonly Trade[];
  /** Sectors a holder of this one often holds too; an action may concern them as well. */
  readonly related: readonly Sector[];
  authority(company: DemoCompany, random: Random): string;
  permit(company: DemoCompany, authority: string, random: Random): string | null;
  readonly actions: readonly ActionSpec[];
}

const a = (
  type: string,
  nature: Nature,
  weight: number,
  days: readonly [number, number] | null,
  ...details: string[]
): ActionSpec => ({ type, nature, weight, days, details });

const pref = (c: DemoCompany) => c.place.prefecture_code;
const prefName = (c: DemoCompany) => prefectureByCode(pref(c))!.name;
const digits = (random: Random, n: number) => String(random.int(10 ** (n - 1), 10 ** n - 1));
const national = (authority: string) => !authority.startsWith('pref_') && !authority.startsWith('city_');
const bureauName = (authority: string) => authorities.get(authority)!.name;

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

const byGovernorOr =
  (bureau: (prefecture: string) => string, nationalShare: number) => (c: DemoCompany, random: Random) =>
    random.chance(nationalShare) ? bureau(pref(c)) : `pref_${pref(c)}`;

/** Industrial waste permits are issued by the prefecture, or by the designated city the business is in. */
function wasteAuthority(c: DemoCompany, random: Random): string {
  const city = DESIGNATED_CITIES.find((d) => d.prefecture_code === pref(c) && c.place.city.startsWith(d.name));
  return city !== undefined && random.chance(0.7) ? `city_${city.code}` : `pref_${pref(c)}`;
}

const LOCATION_UNKNOWN = '主たる営業所の所在地を確知できないため（所在不明）';

export const SECTORS: readonly SectorSpec[] = [
  {
    sector: 'construction',
    weight: 30,
    source: 'demo-la-mlit-construction',
    trades: ['construction'],
    related: ['real_estate_brokerage', 'surveying'],
    authority: byGovernorOr(developmentBureauFor, 0.3),
    permit: (c, auth, r) =>
      national(auth)
        ? `国土交通大臣許可（特－${r.int(1, 7)}）第${digits(r, 5)}号`
        : `${prefName(c)}知事許可（般－${r.int(1, 7)}）第${digits(r, 5)}号`,
    actions: [
      a(
        'business_suspension_order',
        'violation',
        6,
        [7, 60],
        '公共工事において主任技術者を適正に配置していなかったため、{days}日間の営業停止',
        '役員が公契約関係競売入札妨害罪により刑に処せられたため、{days}日間の営業停止',
        '一括下請負の禁止に違反したため、{days}日間の営業停止',
      ),
      a(
        'instruction_order',
        'violation',
        4,
        null,
        '下請代金の支払遅延等、建設業法第24条の6違反が認められたため',
        '施工体制台帳を作成していなかったため',
      ),
      a('license_revocation', 'violation', 1, null, '営業停止処分に違反して営業したため（法第29条第1項第8号）'),
      a('license_revocation', 'other', 2, null, '役員が欠格要件に該当したため（法第29条第1項第2号）', LOCATION_UNKNOWN),
      a(
        'license_revocation',
        'voluntary_closure',
        2,
        null,
        '許可を受けてから1年以内に営業を開始せず、又は引き続いて1年以上営業を休止したため（法第29条第1項第4号）',
        '廃業の届出があったため（法第29条第1項第5号）',
      ),
    ],
  },
  {
    sector: 'real_estate_brokerage',
    weight: 14,
    source: 'demo-la-mlit-real-estate',
    trades: ['real_estate'],
    related: ['rental_housing_management', 'condominium_management'],
    authority: byGovernorOr(developmentBureauFor, 0.25),
    permit: (c, auth, r) =>
      national(auth)
        ? `国土交通大臣（${r.int(1, 16)}）第${digits(r, 4)}号`
        : `${prefName(c)}知事（${r.int(1, 16)}）第${digits(r, 5)}号`,
    actions: [
      a(
        'operations_suspension_order',
        'violation',
        5,
        [7, 90],
        '重要事項の説明を宅地建物取引士に行わせなかったため、{days}日間の業務停止',
        '手付金等の保全措置を講じなかったため、{days}日間の業務の一部停止',
      ),
      a(
        'instruction_order',
        'violation',
        4,
        null,
        '媒介契約書面を交付しなかったため',
        '誇大広告等の禁止に違反したため',
      ),
      a('license_revocation', 'violation', 1, null, '業務停止処分に違反したため（法第66条第1項第9号）'),
      a('license_revocation', 'other', 2, null, '事務所の所在地を確知できないため（法第67条第1項）'),
      a(
        'license_revocation',
        'voluntary_closure',
        1,
        null,
        '免許を受けてから1年以内に事業を開始しなかったため（法第66条第1項第6号）',
      ),
    ],
  },
  {
    sector: 'condominium_management',
    weight: 2,
    source: 'demo-la-mlit-real-estate',
    trades: ['real_estate'],
    related: [],
    authority: (c) => developmentBureauFor(pref(c)),
    permit: (_c, _a, r) => `国土交通大臣（${r.int(1, 5)}）第${digits(r, 6)}号`,
    actions: [
      a(
        'operations_suspension_order',
        'violation',
        2,
        [7, 30],
        '管理組合の財産を分別管理していなかったため、{days}日間の業務停止',
      ),
      a('registration_revocation', 'other', 1, null, LOCATION_UNKNOWN),
    ],
  },
  {
    sector: 'rental_housing_management',
    weight: 2,
    source: 'demo-la-mlit-real-estate',
    trades: ['real_estate'],
    related: ['real_estate_brokerage'],
    authority: (c) => developmentBureauFor(pref(c)),
    permit: (_c, _a, r) => `国土交通大臣（${r.int(1, 2)}）第${digits(r, 5)}号`,
    actions: [
      a('instruction_order', 'violation', 2, null, '管理受託契約締結前の重要事項説明を行わなかったため'),
      a(
        'operations_suspension_order',
        'violation',
        1,
        [15, 30],
        '家賃等を分別管理していなかったため、{days}日間の業務停止',
      ),
    ],
  },
  {
    sector: 'architect_office',
    weight: 4,
    source: 'demo-la-mlit-construction',
    trades: ['design', 'construction'],
    related: ['construction'],
    authority: (c) => `pref_${pref(c)}`,
    permit: (c, _a, r) => `一級建築士事務所 ${prefName(c)}知事登録第${digits(r, 5)}号`,
    actions: [
      a(
        'operations_suspension_order',
        'violation',
        2,
        [30, 180],
        '管理建築士が不在のまま業務を行ったため、{days}日間の事務所閉鎖',
      ),
      a('registration_revocation', 'voluntary_closure', 1, null, '事務所の業務を廃止したため（登録の抹消）'),
      a('warning', 'violation', 1, null, '設計図書に構造計算の誤りがあったため（文書注意）'),
    ],
  },
  {
    sector: 'building_inspection_body',
    weight: 1,
    source: 'demo-la-mlit-construction',
    trades: ['real_estate'],
    related: [],
    authority: (c, r) => (r.chance(0.5) ? 'mlit' : `pref_${pref(c)}`),
    permit: (_c, auth, r) =>
      auth === 'mlit' ? `国土交通大臣指定 第${r.int(1, 60)}号` : `知事指定 第${r.int(1, 30)}号`,
    actions: [
      a(
        'operations_suspension_order',
        'violation',
        2,
        [30, 90],
        '確認検査の業務を適正に実施していなかったため、{days}日間の業務の一部停止',
      ),
      a('designation_revocation', 'violation', 1, null, '不正な手段により指定を受けたため'),
    ],
  },
  {
    sector: 'real_estate_appraisal',
    weight: 1,
    source: 'demo-la-mlit-construction',
    trades: ['real_estate'],
    related: [],
    authority: () => 'mlit',
    permit: (_c, _a, r) => `国土交通大臣登録（${r.int(1, 14)}）第${digits(r, 3)}号`,
    actions: [
      a('operations_suspension_order', 'violation', 1, [30, 60], '不当な鑑定評価を行ったため、{days}日間の業務停止'),
      a('registration_revocation', 'voluntary_closure', 1, null, '業務を廃止したため'),
    ],
  },
  {
    sector: 'surveying',
    weight: 2,
    source: 'demo-la-mlit-construction',
    trades: ['design'],
    related: ['construction_consulting'],
    authority: (c) => developmentBureauFor(pref(c)),
    permit: (_c, _a, r) => `測量業者登録第（${r.int(1, 16)}）－${digits(r, 5)}号`,
    actions: [
      a(
        'operations_suspension_order',
        'violation',
        2,
        [10, 30],
        '測量士を置かずに測量業務を行ったため、{days}日間の営業停止',
      ),
      a('registration_revocation', 'other', 1, null, LOCATION_UNKNOWN),
    ],
  },
  {
    sector: 'construction_consulting',
    weight: 2,
    source: 'demo-la-mlit-construction',
    trades: ['design'],
    related: ['surveying'],
    authority: (c) => developmentBureauFor(pref(c)),
    permit: (_c, _a, r) => `建設コンサルタント登録 建${r.int(1, 6)}第${digits(r, 4)}号`,
    actions: [
      a('warning', 'violation', 2, null, '業務成果に重大な過失が認められたため（文書注意）'),
      a('instruction_order', 'violation', 1, null, '登録事項の変更届出を怠ったため'),
    ],
  },
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
      a(
        'operations_suspension_order',
        'violation',
        3,
        [7, 45],
        '旅行業約款に基づかない取引を行ったため、{days}日間の業務停止',
        '取引条件の説明及び書面の交付を行わなかったため、{days}日間の業務の一部停止',
      ),
      a('instruction_order', 'violation', 2, null, '旅程管理業務を適切に行わなかったため（業務改善命令）'),
      a('registration_revocation', 'other', 2, null, '営業保証金を供託しなかったため', LOCATION_UNKNOWN),
      a('registration_revocation', 'voluntary_closure', 1, null, '事業を廃止したため（登録の抹消）'),
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
      a(
        'vehicle_use_suspension',
        'violation',
        8,
        [10, 60],
        '運転者に対する点呼を実施していなかったため、車両停止（延べ{days}日車）',
        '乗務時間等告示の遵守違反により、車両停止（延べ{days}日車）',
        '運行記録計による記録を行っていなかったため、車両停止（延べ{days}日車）',
      ),
      a(
        'business_suspension_order',
        'violation',
        2,
        [7, 30],
        '飲酒運転による重大事故を惹起したため、{days}日間の事業停止',
      ),
      a('warning', 'violation', 3, null, '定期健康診断を実施していなかったため（文書警告）'),
      a('license_revocation', 'violation', 1, null, '事業停止処分に違反したため、許可取消し'),
      a('license_revocation', 'other', 1, null, '営業所の所在を確知できないため、許可取消し'),
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
      a(
        'vehicle_use_suspension',
        'violation',
        3,
        [10, 40],
        '運転者の過労防止措置違反により、車両停止（延べ{days}日車）',
      ),
      a('business_suspension_order', 'violation', 1, [7, 15], '運行管理者の選任義務違反により、{days}日間の事業停止'),
      a('warning', 'violation', 2, null, '事業用自動車の点検整備を怠っていたため（文書警告）'),
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
      a(
        'vehicle_use_suspension',
        'violation',
        4,
        [10, 50],
        '乗務距離の最高限度の遵守違反により、車両停止（延べ{days}日車）',
      ),
      a('warning', 'violation', 2, null, '乗務記録の記載不備（文書警告）'),
      a('license_revocation', 'voluntary_closure', 1, null, '事業の休止期間満了後も事業を再開しないため'),
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
      a(
        'designation_revocation',
        'violation',
        2,
        null,
        '指定自動車整備事業において完成検査を実施せずに保安基準適合証を交付したため、指定の取消し',
      ),
      a(
        'operations_suspension_order',
        'violation',
        2,
        [14, 60],
        '分解整備記録簿の記載不備により、{days}日間の保安基準適合証等の交付停止',
      ),
      a('warning', 'violation', 1, null, '整備主任者の選任届出を怠ったため（文書警告）'),
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
      a('instruction_order', 'violation', 1, null, '保安監査の結果、軌道の保守管理に不備が認められたため（改善指示）'),
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
    actions: [a('warning', 'violation', 1, null, '運航規程に定める飛行前点検を実施していなかったため（厳重注意）')],
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
      a(
        'instruction_order',
        'violation',
        1,
        null,
        '安全管理規程に基づく運航中止基準を遵守しなかったため（輸送の安全確保命令）',
      ),
      a(
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
      a(
        'license_revocation',
        'violation',
        5,
        null,
        '産業廃棄物を不法に投棄したため',
        '産業廃棄物管理票（マニフェスト）に虚偽の記載をしたため',
      ),
      a('license_revocation', 'other', 3, null, '役員が廃棄物処理法違反により罰金刑に処せられ、欠格要件に該当したため'),
      a(
        'business_suspension_order',
        'violation',
        4,
        [15, 90],
        '処理基準に違反した保管を行ったため、{days}日間の事業の全部停止',
      ),
      a('license_revocation', 'voluntary_closure', 1, null, '事業の全部を廃止した旨の届出があったため'),
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
      a('registration_revocation', 'other', 3, null, LOCATION_UNKNOWN, '貸金業務取扱主任者を置いていないため'),
      a(
        'operations_suspension_order',
        'violation',
        2,
        [14, 90],
        '取立て行為規制に違反したため、{days}日間の業務の全部停止',
      ),
      a('registration_revocation', 'voluntary_closure', 1, null, '貸金業を廃止したため'),
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
      a(
        'operations_suspension_order',
        'violation',
        2,
        [30, 120],
        '適合性原則に違反する勧誘を行ったため、{days}日間の新規顧客との契約締結業務の停止',
      ),
      a('registration_revocation', 'violation', 1, null, '顧客資産の分別管理義務に違反したため'),
    ],
  },
];
