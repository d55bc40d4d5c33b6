// Source module of the prefectures' 監督処分 of the contractors (建設業法) and real-estate brokers (宅地建物取引業法)
// they license: every prefecture publishes both, each on its own site in its own layout. No list has been read
// here yet: each is registered at the prefecture's site root, with no parser, and shows as never collected.
import { PREFECTURES } from '../../domain/vocabularies/prefectures.js';
import type { SourceModule } from '../registry/source-module.js';
import { PREFECTURE_SITES, siteOf } from './suspensions/local.js';

const TRADES = [
  { slug: 'construction-actions', title: '建設業者に対する監督処分' },
  { slug: 'real-estate-brokerage-actions', title: '宅地建物取引業者に対する監督処分' },
] as const;

export const PREFECTURE_LICENCE_ACTIONS: SourceModule = {
  sources: TRADES.flatMap((trade) =>
    PREFECTURES.map((p) => ({
      id: `pref-${p.code}-${trade.slug}`,
      publisher: `pref_${p.code}`,
      record_kind: 'license_action' as const,
      title: `${p.name} ${trade.title}`,
      url: siteOf(PREFECTURE_SITES, p.code),
      url_kind: 'site_root' as const,
      format: 'html' as const,
    })),
  ),
};
