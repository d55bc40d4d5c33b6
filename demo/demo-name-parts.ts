// The parts demo company names are built from, each with its reading and its English rendering.

import type { Sector } from '../src/domain/vocabularies/enums.js';

/** What a company does, which decides the records it can attract. */
export type Trade =
  | 'construction'
  | 'design'
  | 'real_estate'
  | 'trucking'
  | 'passenger'
  | 'shipping'
  | 'maintenance'
  | 'waste'
  | 'travel'
  | 'securities'
  | 'lending'
  | 'consumer'
  | 'manufacturing'
  | 'staffing'
  | 'it'
  | 'medical'
  | 'association';

export interface NamePart {
  readonly ja: string;
  readonly kana: string;
  readonly en: string;
}

export interface Business extends NamePart {
  readonly trade: Trade;
  /** The licensed sectors a company of this business holds permits in, the main one first. */
  readonly sectors: readonly Sector[];
  /** How often the business is drawn, relative to the others. */
  readonly weight: number;
  /** A word the company may have traded under before (北辰組 before 北辰建設). */
  readonly former?: NamePart;
  /** A brand it may sell under, written after the stem's kana (ホクシンホーム). */
  readonly brand?: string;
}

const p = (ja: string, kana: string, en: string): NamePart => ({ ja, kana, en });

// Place-like and family-name stems, chosen and combined so that no famous company's name comes out.
export const KANJI_STEMS: readonly NamePart[] = [
  p('北辰', 'ホクシン', 'Hokushin'),
  p('青葉', 'アオバ', 'Aoba'),
  p('東邦', 'トウホウ', 'Toho'),
  p('さくら', 'サクラ', 'Sakura'),
  p('山田', 'ヤマダ', 'Yamada'),
  p('丸一', 'マルイチ', 'Maruichi'),
  p('日進', 'ニッシン', 'Nisshin'),
  p('旭', 'アサヒ', 'Asahi'),
  p('朝日', 'アサヒ', 'Asahi'),
  p('三和', 'サンワ', 'Sanwa'),
  p('中央', 'チュウオウ', 'Chuo'),
  p('太陽', 'タイヨウ', 'Taiyo'),
  p('丸栄', 'マルエイ', 'Maruei'),
  p('新星', 'シンセイ', 'Shinsei'),
  p('光陽', 'コウヨウ', 'Koyo'),
  p('協和', 'キョウワ', 'Kyowa'),
  p('平和', 'ヘイワ', 'Heiwa'),
  p('松本', 'マツモト', 'Matsumoto'),
  p('佐藤', 'サトウ', 'Sato'),
  p('高橋', 'タカハシ', 'Takahashi'),
  p('田中', 'タナカ', 'Tanaka'),
  p('渡辺', 'ワタナベ', 'Watanabe'),
  p('中村', 'ナカムラ', 'Nakamura'),
  p('小林', 'コバヤシ', 'Kobayashi'),
  p('加藤', 'カトウ', 'Kato'),
  p('吉田', 'ヨシダ', 'Yoshida'),
  p('井上', 'イノウエ', 'Inoue'),
  p('木村', 'キムラ', 'Kimura'),
  p('岡田', 'オカダ', 'Okada'),
  p('森田', 'モリタ', 'Morita'),
  p('若葉', 'ワカバ', 'Wakaba'),
  p('緑川', 'ミドリカワ', 'Midorikawa'),
  p('白山', 'ハクサン', 'Hakusan'),
  p('日の出', 'ヒノデ', 'Hinode'),
  p('双葉', 'フタバ', 'Futaba'),
  p('丸和', 'マルワ', 'Maruwa'),
  p('栄光', 'エイコウ', 'Eiko'),
  p('北斗', 'ホクト', 'Hokuto'),
  p('丸高', 'マルタカ', 'Marutaka'),
  p('大栄', 'ダイエイ', 'Daiei'),
  p('共栄', 'キョウエイ', 'Kyoei'),
  p('昭栄', 'ショウエイ', 'Shoei'),
  p('東和', 'トウワ', 'Towa'),
  p('西海', 'サイカイ', 'Saikai'),
  p('南風', 'ナンプウ', 'Nampu'),
];

export const KATAKANA_STEMS: readonly NamePart[] = [
  p('テクノ', 'テクノ', 'Techno'),
  p('エース', 'エース', 'Ace'),
  p('ユニオン', 'ユニオン', 'Union'),
  p('グリーン', 'グリーン', 'Green'),
  p('サンライズ', 'サンライズ', 'Sunrise'),
  p('アルファ', 'アルファ', 'Alpha'),
  p('ネクスト', 'ネクスト', 'Next'),
  p('フロンティア', 'フロンティア', 'Frontier'),
  p('ライフ', 'ライフ', 'Life'),
  p('パシフィック', 'パシフィック', 'Pacific'),
  p('ロイヤル', 'ロイヤル', 'Royal'),
  p('ファースト', 'ファースト', 'First'),
];

const b = (
  ja: string,
  kana: string,
  en: string,
  trade: Trade,
  sectors: readonly Sector[],
  weight: number,
  extra: { former?: NamePart; brand?: string } = {},
): Business => ({ ja, kana, en, trade, sectors, weight, ...extra });

// Weighted towards the trades public procurement and licence actions mostly concern.
export const BUSINESSES: readonly Business[] = [
  b('建設', 'ケンセツ', 'Construction', 'construction', ['construction'], 14, {
    former: p('組', 'グミ', 'Gumi'),
    brand: 'ホーム',
  }),
  b('土木', 'ドボク', 'Civil Engineering', 'construction', ['construction'], 6, { former: p('組', 'グミ', 'Gumi') }),
  b('電設', 'デンセツ', 'Electric Works', 'construction', ['construction'], 5, {
    former: p('電気工事', 'デンキコウジ', 'Electric'),
  }),
  b('工務店', 'コウムテン', 'Builders', 'construction', ['construction', 'architect_office'], 4),
  b('舗道', 'ホドウ', 'Paving', 'construction', ['construction'], 3),
  b('設計', 'セッケイ', 'Architects', 'design', ['architect_office', 'construction_consulting'], 2),
  b('測量', 'ソクリョウ', 'Survey', 'design', ['surveying', 'construction_consulting'], 2),
  b('コンサルタント', 'コンサルタント', 'Consultants', 'design', ['construction_consulting', 'surveying'], 2),
  b('不動産', 'フドウサン', 'Real Estate', 'real_estate', ['real_estate_brokerage', 'rental_housing_management'], 6, {
    brand: 'ホーム',
  }),
  b(
    'ハウジング',
    'ハウジング',
    'Housing',
    'real_estate',
    ['real_estate_brokerage', 'condominium_management', 'rental_housing_management'],
    3,
  ),
  b('不動産鑑定', 'フドウサンカンテイ', 'Appraisal', 'real_estate', ['real_estate_appraisal'], 1),
  b(
    '建築確認センター',
    'ケンチクカクニンセンター',
    'Building Inspection Center',
    'real_estate',
    ['building_inspection_body'],
    1,
  ),
  b('運輸', 'ウンユ', 'Transport', 'trucking', ['trucking'], 9, {
    former: p('運送', 'ウンソウ', 'Unso'),
    brand: 'エクスプレス',
  }),
  b('物流', 'ブツリュウ', 'Logistics', 'trucking', ['trucking'], 4),
  b('交通', 'コウツウ', 'Transit', 'passenger', ['bus', 'taxi'], 5, { brand: 'タクシー' }),
  b('観光バス', 'カンコウバス', 'Tour Bus', 'passenger', ['bus', 'travel_agency'], 2),
  b('海運', 'カイウン', 'Shipping', 'shipping', ['passenger_ship'], 1),
  b('自動車整備', 'ジドウシャセイビ', 'Motor Service', 'maintenance', ['vehicle_maintenance'], 3, {
    former: p('モータース', 'モータース', 'Motors'),
  }),
  b('産業廃棄物処理', 'サンギョウハイキブツショリ', 'Waste Management', 'waste', ['industrial_waste'], 3),
  b('環境', 'カンキョウ', 'Environment', 'waste', ['industrial_waste'], 4, { former: p('清掃', 'セイソウ', 'Seiso') }),
  b('観光', 'カンコウ', 'Tourism', 'travel', ['travel_agency'], 3, { brand: 'ツアーズ' }),
  b('トラベル', 'トラベル', 'Travel', 'travel', ['travel_agency'], 2),
  b('証券', 'ショウケン', 'Securities', 'securities', ['financial_instruments'], 2),
  b('アセットマネジメント', 'アセットマネジメント', 'Asset Management', 'securities', ['financial_instruments'], 1),
  b('ファイナンス', 'ファイナンス', 'Finance', 'lending', ['money_lending'], 2),
  b('クレジット', 'クレジット', 'Credit', 'lending', ['money_lending'], 1),
  b('商事', 'ショウジ', 'Trading', 'consumer', [], 6, { former: p('物産', 'ブッサン', 'Bussan') }),
  b('食品', 'ショクヒン', 'Foods', 'consumer', [], 4),
  b('通販', 'ツウハン', 'Direct', 'consumer', [], 3),
  b('工業', 'コウギョウ', 'Industries', 'manufacturing', [], 6, { former: p('製作所', 'セイサクショ', 'Seisakusho') }),
  b('産業', 'サンギョウ', 'Sangyo', 'manufacturing', [], 4),
  b('スタッフサービス', 'スタッフサービス', 'Staff Service', 'staffing', [], 2),
  b('システム', 'システム', 'Systems', 'it', [], 3),
];

/** Medical corporations and associations are named differently: 医療法人社団 + stem + 会, 一般社団法人 + stem + 協会. */
export const MEDICAL_BUSINESS: Business = b('会', 'カイ', 'Kai', 'medical', [], 0);
export const ASSOCIATION_BUSINESSES: readonly Business[] = [
  b('交通安全協会', 'コウツウアンゼンキョウカイ', 'Traffic Safety Association', 'association', [], 1),
  b('建設業協会', 'ケンセツギョウキョウカイ', 'Construction Association', 'association', [], 1),
  b('観光協会', 'カンコウキョウカイ', 'Tourism Association', 'association', ['travel_agency'], 1),
];

// Stems kept away from businesses where together they would name a well-known real company.
export const AVOID: ReadonlySet<string> = new Set([
  '朝日交通',
  '東邦証券',
  '三和証券',
  '中央証券',
  '日進証券',
  '丸和運輸',
  '協和工業',
]);
