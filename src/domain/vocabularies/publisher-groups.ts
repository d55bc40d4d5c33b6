// The publisher groups of procurement suspensions, in coverage order, with the official number of bodies in each.

import { defineVocabulary, type Term } from '../vocabulary.js';

export type PublisherGroupCode =
  'national' | 'independent_agency' | 'public_corporation' | 'prefecture' | 'designated_city';

export interface PublisherGroupTerm extends Term {
  readonly code: PublisherGroupCode;
  /** Position in the coverage listing (contract: national first, designated cities last). */
  readonly sort_order: number;
  /** How many bodies the group has officially: the denominator of coverage_ratio; null where none is published. */
  readonly official_total: number | null;
}

export const PUBLISHER_GROUPS: readonly PublisherGroupTerm[] = [
  {
    code: 'national',
    name: '国の機関',
    name_en: 'National government bodies',
    sort_order: 1,
    // The 各省各庁 of 財政法第21条 as in force since 2021-09-01 (デジタル庁 added): 衆議院, 参議院, 最高裁判所,
    // 会計検査院, 内閣, 内閣府, デジタル庁, 復興庁, 総務省, 法務省, 外務省, 財務省, 文部科学省, 厚生労働省,
    // 農林水産省, 経済産業省, 国土交通省, 環境省, 防衛省 = 19. External agencies (国税庁, 特許庁, …) and
    // regional offices publish under their parent, so they do not add to the denominator.
    official_total: 19,
  },
  {
    code: 'independent_agency',
    name: '独立行政法人等',
    name_en: 'Independent administrative agencies and similar',
    sort_order: 2,
    // 総務省「独立行政法人一覧」as of 2024-04-01: 87 (中期目標管理法人 53, 国立研究開発法人 27, 行政執行法人 7).
    // On 2025-04-01 国立国際医療研究センター was merged into the 特殊法人 国立健康危機管理研究機構, so the
    // current list is likely 86: update from the ministry's list when it is next checked.
    official_total: 87,
  },
  {
    code: 'public_corporation',
    name: '特殊法人・公社等',
    name_en: 'Public corporations',
    sort_order: 3,
    // No official count covers the mix of special companies, 特殊法人 and local 公社 that publish suspensions.
    official_total: null,
  },
  {
    code: 'prefecture',
    name: '都道府県',
    name_en: 'Prefectures',
    sort_order: 4,
    // 47 since Okinawa's reversion on 1972-05-15.
    official_total: 47,
  },
  {
    code: 'designated_city',
    name: '政令指定都市',
    name_en: 'Designated cities',
    sort_order: 5,
    // 20 since 熊本市 was designated on 2012-04-01.
    official_total: 20,
  },
];

export const publisherGroups = defineVocabulary('publisher_group', PUBLISHER_GROUPS);
