// The 47 prefectures by JIS X 0401 code, and the lookups importers use to place an address or a publisher.

import { defineVocabulary, type Term } from '../vocabulary.js';
import { foldCaseless } from '../text/text-fold.js';

export interface PrefectureTerm extends Term {
  /** The name without its 都・府・県 suffix (東京, 京都, 大阪); 北海道 keeps its full name. */
  readonly short_name: string;
}

// [JIS code, name, English name]; the order is the JIS order, which is also the order sources list them in.
const ROWS: readonly (readonly [string, string, string])[] = [
  ['01', '北海道', 'Hokkaido'],
  ['02', '青森県', 'Aomori'],
  ['03', '岩手県', 'Iwate'],
  ['04', '宮城県', 'Miyagi'],
  ['05', '秋田県', 'Akita'],
  ['06', '山形県', 'Yamagata'],
  ['07', '福島県', 'Fukushima'],
  ['08', '茨城県', 'Ibaraki'],
  ['09', '栃木県', 'Tochigi'],
  ['10', '群馬県', 'Gunma'],
  ['11', '埼玉県', 'Saitama'],
  ['12', '千葉県', 'Chiba'],
  ['13', '東京都', 'Tokyo'],
  ['14', '神奈川県', 'Kanagawa'],
  ['15', '新潟県', 'Niigata'],
  ['16', '富山県', 'Toyama'],
  ['17', '石川県', 'Ishikawa'],
  ['18', '福井県', 'Fukui'],
  ['19', '山梨県', 'Yamanashi'],
  ['20', '長野県', 'Nagano'],
  ['21', '岐阜県', 'Gifu'],
  ['22', '静岡県', 'Shizuoka'],
  ['23', '愛知県', 'Aichi'],
  ['24', '三重県', 'Mie'],
  ['25', '滋賀県', 'Shiga'],
  ['26', '京都府', 'Kyoto'],
  ['27', '大阪府', 'Osaka'],
  ['28', '兵庫県', 'Hyogo'],
  ['29', '奈良県', 'Nara'],
  ['30', '和歌山県', 'Wakayama'],
  ['31', '鳥取県', 'Tottori'],
  ['32', '島根県', 'Shimane'],
  ['33', '岡山県', 'Okayama'],
  ['34', '広島県', 'Hiroshima'],
  ['35', '山口県', 'Yamaguchi'],
  ['36', '徳島県', 'Tokushima'],
  ['37', '香川県', 'Kagawa'],
  ['38', '愛媛県', 'Ehime'],
  ['39', '高知県', 'Kochi'],
  ['40', '福岡県', 'Fukuoka'],
  ['41', '佐賀県', 'Saga'],
  ['42', '長崎県', 'Nagasaki'],
  ['43', '熊本県', 'Kumamoto'],
  ['44', '大分県', 'Oita'],
  ['45', '宮崎県', 'Miyazaki'],
  ['46', '鹿児島県', 'Kagoshima'],
  ['47', '沖縄県', 'Okinawa'],
];

function shortName(name: string): string {
  return name === '北海道' ? name : name.replace(/[都府県]$/u, '');
}

export const PREFECTURES: readonly PrefectureTerm[] = ROWS.map(([code, name, name_en]) => {
  const short_name = shortName(name);
  return { code, name, name_en, short_name, aliases: short_name === name ? [] : [short_name] };
});

export const prefectures = defineVocabulary('prefecture', PREFECTURES);

export function prefectureByCode(code: string): PrefectureTerm | undefined {
  return prefectures.get(code);
}

const byName = new Map<string, PrefectureTerm>();
for (const p of PREFECTURES) {
  byName.set(foldCaseless(p.name), p);
  byName.set(foldCaseless(p.short_name), p);
}

/** The prefecture for its Japanese name, with or without its suffix ('東京都' or '東京'); never a code. */
export function prefectureByName(name: string): PrefectureTerm | undefined {
  return byName.get(foldCaseless(name));
}
