// Source module of 国土交通省ネガティブ情報等検索サイト: the ministry's and the prefectures' licence actions per trade.
import type { SourceModule } from '../registry/source-module.js';

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

export const MLIT_NEGATIVE_INFO: SourceModule = {
  sources: NEGATIVE_INFO.map(([slug, sector]) => ({
    id: `mlit-negative-info-${slug}`,
    publisher: 'mlit',
    record_kind: 'license_action',
    title: `国土交通省ネガティブ情報等検索サイト（${sector}）`,
    url: 'https://www.mlit.go.jp/nega-inf/',
    url_kind: 'site_root',
    format: 'html',
  })),
};
