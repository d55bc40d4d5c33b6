// The 20 designated cities (政令指定都市) by their 5-digit local-government code (全国地方公共団体コード without the check digit).

import { defineVocabulary, type Term } from '../vocabulary.js';
import { foldCaseless } from '../text/text-fold.js';

export interface DesignatedCityTerm extends Term {
  /** JIS code of the prefecture the city lies in. */
  readonly prefecture_code: string;
}

// 20 since 熊本市 became designated on 2012-04-01; ordered by code, as the ministry lists them.
export const DESIGNATED_CITIES: readonly DesignatedCityTerm[] = [
  { code: '01100', prefecture_code: '01', name: '札幌市', name_en: 'Sapporo' },
  { code: '04100', prefecture_code: '04', name: '仙台市', name_en: 'Sendai' },
  { code: '11100', prefecture_code: '11', name: 'さいたま市', name_en: 'Saitama' },
  { code: '12100', prefecture_code: '12', name: '千葉市', name_en: 'Chiba' },
  { code: '14100', prefecture_code: '14', name: '横浜市', name_en: 'Yokohama' },
  { code: '14130', prefecture_code: '14', name: '川崎市', name_en: 'Kawasaki' },
  { code: '14150', prefecture_code: '14', name: '相模原市', name_en: 'Sagamihara' },
  { code: '15100', prefecture_code: '15', name: '新潟市', name_en: 'Niigata' },
  { code: '22100', prefecture_code: '22', name: '静岡市', name_en: 'Shizuoka' },
  { code: '22130', prefecture_code: '22', name: '浜松市', name_en: 'Hamamatsu' },
  { code: '23100', prefecture_code: '23', name: '名古屋市', name_en: 'Nagoya' },
  { code: '26100', prefecture_code: '26', name: '京都市', name_en: 'Kyoto' },
  { code: '27100', prefecture_code: '27', name: '大阪市', name_en: 'Osaka' },
  { code: '27140', prefecture_code: '27', name: '堺市', name_en: 'Sakai' },
  { code: '28100', prefecture_code: '28', name: '神戸市', name_en: 'Kobe' },
  { code: '33100', prefecture_code: '33', name: '岡山市', name_en: 'Okayama' },
  { code: '34100', prefecture_code: '34', name: '広島市', name_en: 'Hiroshima' },
  { code: '40100', prefecture_code: '40', name: '北九州市', name_en: 'Kitakyushu' },
  { code: '40130', prefecture_code: '40', name: '福岡市', name_en: 'Fukuoka' },
  { code: '43100', prefecture_code: '43', name: '熊本市', name_en: 'Kumamoto' },
];

export const designatedCities = defineVocabulary('designated_city', DESIGNATED_CITIES);

const byName = new Map(DESIGNATED_CITIES.map((c) => [foldCaseless(c.name), c] as const));

/** The designated city for its Japanese name ('横浜市'); the English names collide with prefectures, so they are not accepted. */
export function designatedCityByName(name: string): DesignatedCityTerm | undefined {
  return byName.get(foldCaseless(name));
}
