// The building and property trades of demo licence actions: construction, real estate, architects, inspection,
// appraisal, surveying and construction consulting.

import { developmentBureauFor } from './demo-regions.js';
import {
  action,
  byGovernorOr,
  digits,
  LOCATION_UNKNOWN,
  national,
  pref,
  prefName,
  type SectorSpec,
} from './demo-license-spec.js';

export const BUILDING_SECTORS: readonly SectorSpec[] = [
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
      action(
        'business_suspension_order',
        'violation',
        6,
        [7, 60],
        '公共工事において主任技術者を適正に配置していなかったため、{days}日間の営業停止',
        '役員が公契約関係競売入札妨害罪により刑に処せられたため、{days}日間の営業停止',
        '一括下請負の禁止に違反したため、{days}日間の営業停止',
      ),
      action(
        'instruction_order',
        'violation',
        4,
        null,
        '下請代金の支払遅延等、建設業法第24条の6違反が認められたため',
        '施工体制台帳を作成していなかったため',
      ),
      action('license_revocation', 'violation', 1, null, '営業停止処分に違反して営業したため（法第29条第1項第8号）'),
      action(
        'license_revocation',
        'other',
        2,
        null,
        '役員が欠格要件に該当したため（法第29条第1項第2号）',
        LOCATION_UNKNOWN,
      ),
      action(
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
      action(
        'operations_suspension_order',
        'violation',
        5,
        [7, 90],
        '重要事項の説明を宅地建物取引士に行わせなかったため、{days}日間の業務停止',
        '手付金等の保全措置を講じなかったため、{days}日間の業務の一部停止',
      ),
      action(
        'instruction_order',
        'violation',
        4,
        null,
        '媒介契約書面を交付しなかったため',
        '誇大広告等の禁止に違反したため',
      ),
      action('license_revocation', 'violation', 1, null, '業務停止処分に違反したため（法第66条第1項第9号）'),
      action('license_revocation', 'other', 2, null, '事務所の所在地を確知できないため（法第67条第1項）'),
      action(
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
      action(
        'operations_suspension_order',
        'violation',
        2,
        [7, 30],
        '管理組合の財産を分別管理していなかったため、{days}日間の業務停止',
      ),
      action('registration_revocation', 'other', 1, null, LOCATION_UNKNOWN),
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
      action('instruction_order', 'violation', 2, null, '管理受託契約締結前の重要事項説明を行わなかったため'),
      action(
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
      action(
        'operations_suspension_order',
        'violation',
        2,
        [30, 180],
        '管理建築士が不在のまま業務を行ったため、{days}日間の事務所閉鎖',
      ),
      action('registration_revocation', 'voluntary_closure', 1, null, '事務所の業務を廃止したため（登録の抹消）'),
      action('warning', 'violation', 1, null, '設計図書に構造計算の誤りがあったため（文書注意）'),
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
      action(
        'operations_suspension_order',
        'violation',
        2,
        [30, 90],
        '確認検査の業務を適正に実施していなかったため、{days}日間の業務の一部停止',
      ),
      action('designation_revocation', 'violation', 1, null, '不正な手段により指定を受けたため'),
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
      action(
        'operations_suspension_order',
        'violation',
        1,
        [30, 60],
        '不当な鑑定評価を行ったため、{days}日間の業務停止',
      ),
      action('registration_revocation', 'voluntary_closure', 1, null, '業務を廃止したため'),
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
      action(
        'operations_suspension_order',
        'violation',
        2,
        [10, 30],
        '測量士を置かずに測量業務を行ったため、{days}日間の営業停止',
      ),
      action('registration_revocation', 'other', 1, null, LOCATION_UNKNOWN),
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
      action('warning', 'violation', 2, null, '業務成果に重大な過失が認められたため（文書注意）'),
      action('instruction_order', 'violation', 1, null, '登録事項の変更届出を怠ったため'),
    ],
  },
];
