// The laws enforcement records cite, their short names, and the reading of a law citation such as 「労働基準法第32条」.

import { defineVocabulary, type Term } from '../vocabulary.js';
import { foldCaseless, foldWidth } from '../text/text-fold.js';

type Row = readonly [code: string, name: string, name_en: string, aliases?: readonly string[]];

// Official titles (e-Gov); English names follow the Japanese Law Translation database where it has one.
// Aliases are the short names notices and the press use, and former titles where a law was renamed.
const ROWS: readonly Row[] = [
  ['antimonopoly_act', '私的独占の禁止及び公正取引の確保に関する法律', 'Antimonopoly Act', ['独占禁止法', '独禁法']],
  [
    'premiums_and_representations_act',
    '不当景品類及び不当表示防止法',
    'Act against Unjustifiable Premiums and Misleading Representations',
    ['景品表示法', '景表法'],
  ],
  // Retitled from 2026-01-01 by the 2025 amendment, which widened it: a record cites the title its action was
  // taken under, so each title is a law of its own here (a 2026 recommendation for conduct of 2025 cites 旧下請法, the
  // old act, and its summary must say so). The new title has no Japanese Law Translation entry yet: its English name
  // renders its short title, 中小受託取引適正化法.
  ['subcontract_act', '下請代金支払遅延等防止法', 'Subcontract Act', ['下請法', '旧下請法']],
  [
    'entrusted_transactions_act',
    '製造委託等に係る中小受託事業者に対する代金の支払の遅延等の防止に関する法律',
    'Act on Fair Transactions with Small and Medium-sized Entrusted Businesses (Toriteki Act)',
    ['中小受託取引適正化法', '取適法'],
  ],
  [
    'freelance_act',
    '特定受託事業者に係る取引の適正化等に関する法律',
    'Act on Ensuring Proper Transactions Involving Specified Entrusted Business Operators',
    ['フリーランス法', 'フリーランス・事業者間取引適正化等法'],
  ],
  ['labour_standards_act', '労働基準法', 'Labour Standards Act', ['労基法', 'Labor Standards Act']],
  ['industrial_safety_and_health_act', '労働安全衛生法', 'Industrial Safety and Health Act', ['安衛法', '労安法']],
  ['minimum_wage_act', '最低賃金法', 'Minimum Wage Act', ['最賃法']],
  [
    'wage_payment_security_act',
    '賃金の支払の確保等に関する法律',
    'Act on Securing of Wage Payment',
    ['賃金支払確保法', '賃確法'],
  ],
  ['pneumoconiosis_act', 'じん肺法', 'Pneumoconiosis Act'],
  [
    'worker_dispatch_act',
    '労働者派遣事業の適正な運営の確保及び派遣労働者の保護等に関する法律',
    'Worker Dispatching Act',
    ['労働者派遣法', '派遣法'],
  ],
  ['employment_security_act', '職業安定法', 'Employment Security Act', ['職安法']],
  [
    'technical_intern_training_act',
    '外国人の技能実習の適正な実施及び技能実習生の保護に関する法律',
    'Technical Intern Training Act',
    ['技能実習法'],
  ],
  ['construction_business_act', '建設業法', 'Construction Business Act'],
  ['real_estate_brokerage_act', '宅地建物取引業法', 'Real Estate Brokerage Act', ['宅建業法']],
  ['building_standards_act', '建築基準法', 'Building Standards Act', ['建基法']],
  ['architect_act', '建築士法', 'Architect Act', ['Architects Act']],
  [
    'condominium_management_act',
    'マンションの管理の適正化の推進に関する法律',
    'Act on Advancement of Proper Condominium Management',
    ['マンション管理適正化法'],
  ],
  [
    'rental_housing_management_act',
    '賃貸住宅の管理業務等の適正化に関する法律',
    'Act on Advancement of Proper Rental Housing Management Business',
    ['賃貸住宅管理業法'],
  ],
  ['real_estate_appraisal_act', '不動産の鑑定評価に関する法律', 'Act on Real Estate Appraisal', ['不動産鑑定評価法']],
  ['survey_act', '測量法', 'Survey Act'],
  ['financial_instruments_and_exchange_act', '金融商品取引法', 'Financial Instruments and Exchange Act', ['金商法']],
  ['banking_act', '銀行法', 'Banking Act'],
  ['insurance_business_act', '保険業法', 'Insurance Business Act'],
  ['money_lending_business_act', '貸金業法', 'Money Lending Business Act'],
  ['payment_services_act', '資金決済に関する法律', 'Payment Services Act', ['資金決済法']],
  ['installment_sales_act', '割賦販売法', 'Installment Sales Act'],
  ['road_transport_vehicle_act', '道路運送車両法', 'Road Transport Vehicle Act', ['車両法']],
  ['motor_truck_transportation_business_act', '貨物自動車運送事業法', 'Motor Truck Transportation Business Act'],
  ['road_transportation_act', '道路運送法', 'Road Transportation Act'],
  ['railway_business_act', '鉄道事業法', 'Railway Business Act'],
  ['civil_aeronautics_act', '航空法', 'Civil Aeronautics Act'],
  ['marine_transportation_act', '海上運送法', 'Marine Transportation Act'],
  ['travel_agency_act', '旅行業法', 'Travel Agency Act'],
  [
    'waste_management_act',
    '廃棄物の処理及び清掃に関する法律',
    'Waste Management and Public Cleansing Act',
    ['廃棄物処理法', '廃掃法'],
  ],
  [
    'specified_commercial_transactions_act',
    '特定商取引に関する法律',
    'Act on Specified Commercial Transactions',
    ['特定商取引法', '特商法'],
  ],
  [
    'act_on_protection_of_personal_information',
    '個人情報の保護に関する法律',
    'Act on the Protection of Personal Information',
    ['個人情報保護法'],
  ],
  [
    'specified_electronic_mail_act',
    '特定電子メールの送信の適正化等に関する法律',
    'Act on Regulation of Transmission of Specified Electronic Mail',
    ['特定電子メール法'],
  ],
  ['food_sanitation_act', '食品衛生法', 'Food Sanitation Act'],
  ['food_labeling_act', '食品表示法', 'Food Labeling Act'],
  [
    'pharmaceutical_and_medical_device_act',
    '医薬品、医療機器等の品質、有効性及び安全性の確保等に関する法律',
    'Act on Securing Quality, Efficacy and Safety of Products Including Pharmaceuticals and Medical Devices',
    ['医薬品医療機器等法', '薬機法', '薬事法'],
  ],
  ['electricity_business_act', '電気事業法', 'Electricity Business Act'],
  ['telecommunications_business_act', '電気通信事業法', 'Telecommunications Business Act'],
  ['unfair_competition_prevention_act', '不正競争防止法', 'Unfair Competition Prevention Act', ['不競法']],
];

export type LawTerm = Term;

export const LAWS: readonly LawTerm[] = ROWS.map(([code, name, name_en, aliases]) => ({
  code,
  name,
  name_en,
  ...(aliases ? { aliases } : {}),
}));

export const laws = defineVocabulary('law', LAWS);

// Cabinet orders and ministerial ordinances are cited beside their act (「労働安全衛生法第100条,労働安全衛生規則
// 第97条」); a record is filed under the act, so each maps to it. 施行令 and 施行規則 that start with the act's
// full title need no entry: the act's own title is their prefix. Spellings seen in the MHLW list are kept
// as published (「労働安全衛生施行令」, 「安全衛生規則」).
const REGULATIONS: readonly (readonly [parent: string, prefixes: readonly string[]])[] = [
  [
    'industrial_safety_and_health_act',
    [
      '労働安全衛生規則',
      '労働安全衛生施行令',
      '安全衛生規則',
      'クレーン等安全規則',
      '酸素欠乏症等防止規則',
      '特定化学物質障害予防規則',
      '電離放射線障害防止規則',
      '粉じん障害防止規則',
      '有機溶剤中毒予防規則',
      '石綿障害予防規則',
      '鉛中毒予防規則',
      '四アルキル鉛中毒予防規則',
      'ボイラー及び圧力容器安全規則',
      'ゴンドラ安全規則',
      '高気圧作業安全衛生規則',
      '事務所衛生基準規則',
      '機械等検定規則',
      '安衛則',
      '安衛令',
      'クレーン則',
      '酸欠則',
      '特化則',
      '電離則',
      '粉じん則',
      '有機則',
      '石綿則',
      '鉛則',
    ],
  ],
  [
    'labour_standards_act',
    ['年少者労働基準規則', '女性労働基準規則', '事業附属寄宿舎規程', '建設業附属寄宿舎規程', '労基則'],
  ],
];

// Longest first, so that 「労働安全衛生法施行令」 is read whole and 「道路運送車両法」 is never taken for 道路運送法.
const PREFIXES: readonly (readonly [string, LawTerm])[] = buildPrefixes();

function buildPrefixes(): (readonly [string, LawTerm])[] {
  const list: (readonly [string, LawTerm])[] = [];
  for (const law of LAWS) {
    for (const label of [law.name, ...(law.aliases ?? [])]) list.push([foldCaseless(label), law]);
  }
  for (const [parent, prefixes] of REGULATIONS) {
    const law = laws.get(parent);
    if (!law) throw new Error(`regulation parent ${parent} is not a law code`);
    for (const prefix of prefixes) list.push([foldCaseless(prefix), law]);
  }
  return list.sort((a, b) => b[0].length - a[0].length);
}

// Leading list marks and brackets a law column may carry before the title.
const LEADING_NOISE = /^[\s・、，,。「『（(【［[]+/u;

/**
 * The law a citation starts with: 「労働安全衛生法第100条」 → industrial_safety_and_health_act, and a regulation
 * (「労働安全衛生規則第97条」) → its parent act. Undefined where no known title starts the text (「同法第5条」).
 */
export function lawFromText(text: string): LawTerm | undefined {
  const folded = foldCaseless(foldWidth(text).replace(LEADING_NOISE, ''));
  if (folded === '') return undefined;
  for (const [prefix, law] of PREFIXES) if (folded.startsWith(prefix)) return law;
  return undefined;
}
