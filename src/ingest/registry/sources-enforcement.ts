// Registry entries of enforcement and licence-action lists: the MHLW labour-law list and MLIT's negative-information site.
import type { SourceEntryInput } from './source-entry.js';

export const ENFORCEMENT_SOURCES: readonly SourceEntryInput[] = [
  {
    // The ministry's page links the current month's PDF (one table per labour bureau) at a new address each
    // month (the copy in test/fixtures/government is https://www.mhlw.go.jp/content/000534084.pdf, of 令和元年8月30日), so the
    // collector follows the link; the records cite the PDF. The pattern skips the notice beside it,
    // 「労働基準関係法令に係る公表事案のホームページ掲載について」. Each record's authority is the bureau of its table.
    id: 'mhlw-labour-law-violations',
    publisher: 'mhlw',
    record_kind: 'enforcement',
    title: '労働基準関係法令違反に係る公表事案',
    url: 'https://www.mhlw.go.jp/kinkyu/151106.html',
    list_link: '違反に係る公表事案',
    url_kind: 'list_page',
    format: 'pdf',
    parser: 'mhlw-labour-violations-pdf',
  },
];

type Row = readonly [slug: string, sector: string];

// 国土交通省ネガティブ情報等検索サイト gathers the ministry's and the prefectures' actions per trade for five
// (construction, brokerage) or three (bus, taxi, trucking) years; its per-trade search pages are HTML tables.
// The site's root until the per-trade query addresses are pinned down.
const NEGATIVE_INFO: readonly Row[] = [
  ['construction', '建設業者'],
  ['real-estate-brokerage', '宅地建物取引業者'],
  ['trucking', 'トラック事業者'],
  ['bus', 'バス事業者'],
  ['taxi', 'タクシー事業者'],
];

export const LICENSE_ACTION_SOURCES: readonly SourceEntryInput[] = NEGATIVE_INFO.map(([slug, sector]) => ({
  id: `mlit-negative-info-${slug}`,
  publisher: 'mlit',
  record_kind: 'license_action',
  title: `国土交通省ネガティブ情報等検索サイト（${sector}）`,
  url: 'https://www.mlit.go.jp/nega-inf/',
  url_kind: 'site_root',
  format: 'html',
  parser: 'not_written',
}));
