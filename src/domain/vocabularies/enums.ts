// The small closed vocabularies of the contract: action types, nature, sectors, reasons and statuses.

import { defineVocabulary, type Vocabulary } from '../vocabulary.js';

interface CodedTerm<C extends string> {
  readonly code: C;
  readonly name: string;
  readonly name_en: string;
  readonly aliases?: readonly string[];
}

/** A term's row: its code, its labels, and the shorter words publishers write it with (never shown as labels). */
type Row<C extends string> = readonly [code: C, name: string, name_en: string, aliases?: readonly string[]];

function closedSet<const C extends string>(field: string, rows: readonly Row<C>[]): Vocabulary<CodedTerm<C>> {
  return defineVocabulary(
    field,
    rows.map(([code, name, name_en, aliases]) => ({ code, name, name_en, ...(aliases ? { aliases } : {}) })),
  );
}

// The words a list's action column writes an action with, where they are not its label: the label without 命令
// (「営業停止（7日間）」), a revocation with or without の and okurigana (「許可の取消し」, 「許可取消」, 「登録の取り消し」).
// A cell holding one of them names the action (src/ingest/propose/vocabulary-words.ts): each is the act of one code.
const REVOCATION_WORDS = (object: string) => [
  `${object}の取消`,
  `${object}取消`,
  `${object}の取り消`,
  `${object}取り消`,
];
const LICENCE_REVOCATION = [...REVOCATION_WORDS('許可'), ...REVOCATION_WORDS('免許')];
const BUSINESS_SUSPENSION = ['営業停止', '営業の停止', '営業の全部停止', '営業の一部停止'];
const OPERATIONS_SUSPENSION = ['業務停止', '業務の停止', '業務の全部停止', '業務の一部停止'];

/** The code union of a vocabulary built here. */
type CodeOf<V> = V extends Vocabulary<CodedTerm<infer C>> ? C : never;

export const enforcementActionTypes = closedSet('action_type', [
  ['cease_and_desist_order', '排除措置命令', 'Cease and desist order'],
  ['measures_order', '措置命令', 'Measures order'],
  ['surcharge_payment_order', '課徴金納付命令', 'Surcharge payment order', ['課徴金納付']],
  ['commitment_plan_approval', '確約計画の認定', 'Approval of a commitment plan', ['確約計画認定']],
  ['business_improvement_order', '業務改善命令', 'Business improvement order'],
  ['operations_suspension_order', '業務停止命令', 'Operations suspension order', OPERATIONS_SUSPENSION],
  ['business_suspension_order', '営業停止命令', 'Business suspension order', BUSINESS_SUSPENSION],
  ['license_revocation', '許可・免許の取消し', 'Revocation of a licence or permit', LICENCE_REVOCATION],
  ['registration_revocation', '登録の取消し', 'Revocation of a registration', REVOCATION_WORDS('登録')],
  ['instruction_order', '指示', 'Instruction'],
  ['recommendation', '勧告', 'Recommendation'],
  ['warning', '警告', 'Warning'],
  ['prosecution_referral', '送検', 'Referral to the public prosecutor', ['送致']],
  ['public_announcement', '公表', 'Public announcement'],
]);

export const licenseActionTypes = closedSet('action_type', [
  ['license_revocation', '許可・免許の取消し', 'Revocation of a licence or permit', LICENCE_REVOCATION],
  ['registration_revocation', '登録の取消し', 'Revocation of a registration', REVOCATION_WORDS('登録')],
  ['designation_revocation', '指定の取消し', 'Revocation of a designation', REVOCATION_WORDS('指定')],
  ['certification_revocation', '認定の取消し', 'Revocation of a certification', REVOCATION_WORDS('認定')],
  ['business_suspension_order', '営業停止命令', 'Business suspension order', BUSINESS_SUSPENSION],
  ['operations_suspension_order', '業務停止命令', 'Operations suspension order', OPERATIONS_SUSPENSION],
  ['vehicle_use_suspension', '自動車等の使用停止', 'Suspension of vehicle use', ['使用停止', '車両停止']],
  ['improvement_order', '改善命令', 'Improvement order'],
  ['instruction_order', '指示', 'Instruction'],
  ['warning', '警告', 'Warning'],
]);

export const natures = closedSet('nature', [
  ['violation', '違反による処分', 'Disciplinary action for a violation'],
  ['voluntary_closure', '廃業・返納等', 'Voluntary closure, surrender or lapse'],
  ['other', 'その他', 'Other'],
]);
export type Nature = CodeOf<typeof natures>;

// The licensed trades licence actions fall under; Japanese labels name the business as its act registers it.
export const sectors = closedSet('sector', [
  ['construction', '建設業', 'Construction'],
  ['real_estate_brokerage', '宅地建物取引業', 'Real estate brokerage', ['宅建業']],
  ['condominium_management', 'マンション管理業', 'Condominium management'],
  ['rental_housing_management', '賃貸住宅管理業', 'Rental housing management'],
  ['architect_office', '建築士事務所', 'Architect office'],
  ['building_inspection_body', '指定確認検査機関', 'Designated building inspection body'],
  ['real_estate_appraisal', '不動産鑑定業', 'Real estate appraisal', ['不動産鑑定']],
  ['surveying', '測量業', 'Surveying'],
  ['construction_consulting', '建設コンサルタント', 'Construction consulting'],
  ['travel_agency', '旅行業', 'Travel agency'],
  ['technical_intern_training', '技能実習', 'Technical intern training', ['監理団体', '実習実施者']],
  ['trucking', '貨物自動車運送事業', 'Trucking', ['貨物自動車運送', 'トラック運送']],
  ['bus', 'バス事業', 'Bus', ['乗合バス', '貸切バス', '乗合旅客自動車運送', '貸切旅客自動車運送']],
  ['taxi', 'タクシー事業', 'Taxi', ['タクシー', '乗用旅客自動車運送']],
  ['railway', '鉄道事業', 'Railway'],
  ['aviation', '航空運送事業', 'Aviation'],
  ['passenger_ship', '旅客船事業', 'Passenger ship', ['旅客船']],
  ['vehicle_maintenance', '自動車整備事業', 'Vehicle maintenance', ['自動車分解整備', '自動車特定整備']],
  ['industrial_waste', '産業廃棄物処理業', 'Industrial waste', ['産業廃棄物']],
  ['money_lending', '貸金業', 'Money lending'],
  ['financial_instruments', '金融商品取引業', 'Financial instruments business'],
]);
export type Sector = CodeOf<typeof sectors>;

export const procurementReasons = closedSet('reason', [
  ['bid_rigging', '談合・競売入札妨害', 'Bid rigging or obstruction of bidding'],
  ['bribery', '贈賄', 'Bribery'],
  ['antimonopoly_violation', '独占禁止法違反', 'Antimonopoly Act violation'],
  ['construction_business_act_violation', '建設業法違反', 'Construction Business Act violation'],
  ['industrial_safety_violation', '労働安全衛生法違反', 'Industrial Safety and Health Act violation'],
  ['accident_public_harm', '公衆損害事故', 'Accident harming the public'],
  ['accident_worker', '工事関係者事故', 'Accident harming workers'],
  ['false_statement', '虚偽記載', 'False statement'],
  ['negligent_poor_workmanship', '粗雑工事', 'Negligent or poor workmanship'],
  ['breach_of_contract', '契約違反', 'Breach of contract'],
  ['dishonest_conduct', '不正又は不誠実な行為', 'Dishonest or insincere conduct'],
  ['organized_crime_ties', '暴力団関係', 'Ties to organized crime'],
  ['executive_criminal_case', '役員等の刑事事件', 'Criminal case against an officer'],
  ['other', 'その他', 'Other'],
]);
export type ProcurementReason = CodeOf<typeof procurementReasons>;

export const procurementStatuses = closedSet('status', [
  ['scheduled', '措置予定', 'Scheduled', ['停止予定']],
  ['active', '措置中', 'Active', ['停止中', '措置期間中']],
  ['ended', '期間満了', 'Ended', ['満了', '措置終了']],
  ['lifted', '解除', 'Lifted'],
]);

export const licenseStatuses = closedSet('status', [
  ['scheduled', '処分前', 'Scheduled'],
  ['in_effect', '処分期間中', 'In effect'],
  ['completed', '処分済み', 'Completed', ['処分済']],
]);

/**
 * Where a record stands on its source's list (record.ts's `listing.status`). Here, not beside the record schema, so
 * that the parsers, which read this file's vocabularies, load no schema library on their threads.
 */
export const LISTING_STATUSES = ['listed', 'delisted'] as const;
type ListingStatus = (typeof LISTING_STATUSES)[number];

// the type refuses a status without its labels
const LISTING_LABELS: Readonly<Record<ListingStatus, readonly [string, string]>> = {
  listed: ['掲載中', 'Listed'],
  delisted: ['掲載終了', 'Delisted'],
};
export const listingStatuses = closedSet(
  'status',
  LISTING_STATUSES.map((code) => [code, ...LISTING_LABELS[code]] as const),
);

export const companyStatuses = closedSet('status', [
  ['active', '存続', 'Active'],
  ['closed', '閉鎖', 'Closed'],
]);
