// The demo source registry and its collection runs: fresh, stale, failing and never-collected sources.

import type { CollectionRun } from '../src/store/write/source-writer.js';
import type { RecordKind } from '../src/domain/records/record.js';
import { SOURCE_ENTRIES } from '../src/ingest/registry/source-registry.js';
import { addDays, addHours, japanInstant } from './demo-calendar.js';
import type { Random } from './random.js';

/**
 * How a source's collection has gone, relative to the build date:
 * `fresh` ran yesterday; `stale` last succeeded days ago; `failing` succeeded yesterday and failed since;
 * `failing_stale` failed since an old success; `never` has no run; `never_failed` has only failed runs.
 */
type SourceState = 'fresh' | 'stale' | 'failing' | 'failing_stale' | 'never' | 'never_failed';

export interface DemoSource {
  readonly id: string;
  readonly publisher: string;
  readonly kind: RecordKind;
  readonly url: string;
  readonly title: string;
  /** The body the source counts for in the coverage ratio, as the registry counts the same publisher. */
  readonly counted_body: string;
  readonly state: SourceState;
  /** How many records the source gets, relative to the other sources of its kind. */
  readonly weight: number;
}

/** A collection run of a demo source; every demo run has finished. */
export type DemoRun = CollectionRun & { readonly finished_at: string };

const BASE = 'https://demo.kohyo.invalid';

type Row = readonly [id: string, publisher: string, path: string, title: string, state: SourceState, weight: number];

const ps = (publisher: string, name: string, state: SourceState, weight: number): Row => [
  `demo-ps-${publisher.replace(/_/gu, '-')}`,
  publisher,
  `${publisher}/nyusatsu/shimeiteishi.html`,
  `指名停止等の措置状況（${name}）`,
  state,
  weight,
];

// Every publisher group has sources; the states are spread so the coverage endpoint shows each case.
const PROCUREMENT: readonly Row[] = [
  ps('mlit_kanto_rdb', '関東地方整備局', 'fresh', 5),
  ps('mlit_tohoku_rdb', '東北地方整備局', 'fresh', 3),
  ps('mlit_hokkaido_rdb', '北海道開発局', 'fresh', 2),
  ps('mlit_chubu_rdb', '中部地方整備局', 'fresh', 3),
  ps('mlit_kinki_rdb', '近畿地方整備局', 'fresh', 4),
  ps('mlit_kyushu_rdb', '九州地方整備局', 'failing', 3),
  ps('mod', '防衛省', 'fresh', 2),
  ps('mhlw', '厚生労働省', 'fresh', 1),
  ps('maff', '農林水産省', 'never', 0),
  ps('ur', '独立行政法人都市再生機構', 'fresh', 2),
  ps('jrtt', '独立行政法人鉄道建設・運輸施設整備支援機構', 'stale', 1.5),
  ps('jwa', '独立行政法人水資源機構', 'failing_stale', 1),
  ps('nho', '独立行政法人国立病院機構', 'never_failed', 0),
  ps('nexco_east', '東日本高速道路株式会社', 'fresh', 2),
  ps('nexco_central', '中日本高速道路株式会社', 'fresh', 1.5),
  ps('nexco_west', '西日本高速道路株式会社', 'fresh', 1.5),
  ps('shutoko', '首都高速道路株式会社', 'fresh', 1),
  ps('pref_01', '北海道', 'fresh', 1.5),
  ps('pref_04', '宮城県', 'fresh', 1),
  ps('pref_11', '埼玉県', 'fresh', 1),
  ps('pref_12', '千葉県', 'fresh', 1),
  ps('pref_13', '東京都', 'fresh', 2.5),
  ps('pref_14', '神奈川県', 'fresh', 2),
  ps('pref_22', '静岡県', 'failing', 1),
  ps('pref_23', '愛知県', 'fresh', 1.5),
  ps('pref_26', '京都府', 'fresh', 1),
  ps('pref_27', '大阪府', 'fresh', 2),
  ps('pref_28', '兵庫県', 'fresh', 1.5),
  ps('pref_34', '広島県', 'fresh', 1),
  ps('pref_40', '福岡県', 'stale', 1.5),
  ps('pref_43', '熊本県', 'fresh', 1),
  ps('pref_47', '沖縄県', 'fresh', 1),
  ps('pref_05', '秋田県', 'never', 0),
  ps('pref_32', '島根県', 'never_failed', 0),
  ps('city_01100', '札幌市', 'fresh', 1),
  ps('city_14100', '横浜市', 'fresh', 1.5),
  ps('city_23100', '名古屋市', 'fresh', 1),
  ps('city_26100', '京都市', 'fresh', 1),
  ps('city_27100', '大阪市', 'fresh', 1.5),
  ps('city_40130', '福岡市', 'fresh', 1),
  ps('city_43100', '熊本市', 'never', 0),
];

const ENFORCEMENT: readonly Row[] = [
  ['demo-enf-jftc', 'jftc', 'jftc/houdou/pressrelease', '報道発表資料（公正取引委員会）', 'fresh', 1],
  [
    'demo-enf-caa',
    'caa',
    'caa/policy/representation/fair_labeling',
    '景品表示法・特定商取引法に基づく措置（消費者庁）',
    'fresh',
    1,
  ],
  ['demo-enf-fsa', 'fsa', 'fsa/news/shobun', '行政処分事例集（金融庁）', 'fresh', 1],
  ['demo-enf-sesc', 'sesc', 'sesc/news/reco', '勧告・告発等（証券取引等監視委員会）', 'fresh', 1],
  ['demo-enf-ppc', 'ppc', 'ppc/enforcement', '個人情報保護法に基づく行政上の対応（個人情報保護委員会）', 'stale', 1],
  [
    'demo-mhlw-labour-law-violations',
    'mhlw',
    'mhlw/kijunkyoku/ihan_jian.html',
    '労働基準関係法令違反に係る公表事案（厚生労働省）',
    'fresh',
    1,
  ],
  [
    'demo-enf-mhlw-dispatch',
    'mhlw',
    'mhlw/haken/shobun.html',
    '労働者派遣事業・職業紹介事業に係る行政処分（厚生労働省）',
    'fresh',
    1,
  ],
  ['demo-enf-mlit', 'mlit', 'mlit/nega-inf/press', '監督処分等の報道発表（国土交通省）', 'fresh', 1],
  ['demo-enf-pref-13', 'pref_13', 'pref_13/shohisha/shobun.html', '事業者処分・指導の公表（東京都）', 'fresh', 1],
  ['demo-enf-pref-14', 'pref_14', 'pref_14/kurashi/shobun.html', '行政処分の公表（神奈川県）', 'fresh', 1],
  ['demo-enf-pref-23', 'pref_23', 'pref_23/kankyo/shobun.html', '行政処分等の公表（愛知県）', 'fresh', 1],
  ['demo-enf-pref-27', 'pref_27', 'pref_27/shohi/shobun.html', '行政処分の公表（大阪府）', 'fresh', 1],
  ['demo-enf-pref-40', 'pref_40', 'pref_40/shobun/index.html', '行政処分情報（福岡県）', 'stale', 1],
  ['demo-enf-pref-01', 'pref_01', 'pref_01/shohi/shobun.html', '事業者に対する行政処分（北海道）', 'never', 0],
];

const LICENSE: readonly Row[] = [
  [
    'demo-la-mlit-construction',
    'mlit',
    'mlit/nega-inf/kensetsu',
    'ネガティブ情報等検索（建設業者・建設関連業者）',
    'fresh',
    1,
  ],
  [
    'demo-la-mlit-real-estate',
    'mlit',
    'mlit/nega-inf/takken',
    'ネガティブ情報等検索（宅地建物取引業者・マンション管理業者・賃貸住宅管理業者）',
    'fresh',
    1,
  ],
  [
    'demo-la-mlit-transport',
    'mlit',
    'mlit/nega-inf/jidosha',
    'ネガティブ情報等検索（自動車運送事業者・整備事業者・鉄道・航空・海運）',
    'fresh',
    1,
  ],
  ['demo-la-jta-travel', 'jta', 'jta/shisaku/ryokogyo/shobun.html', '旅行業者に対する行政処分（観光庁）', 'stale', 1],
  [
    'demo-la-fsa-registrations',
    'fsa',
    'fsa/menkyo/torikeshi.html',
    '貸金業者・金融商品取引業者の登録取消し等（金融庁）',
    'fresh',
    1,
  ],
  [
    'demo-la-industrial-waste',
    'moe',
    'moe/recycle/shobun.html',
    '産業廃棄物処理業者の行政処分情報（環境省とりまとめ）',
    'fresh',
    1,
  ],
  [
    'demo-la-pref-13-construction',
    'pref_13',
    'pref_13/toshiseibi/kensetsu/shobun.html',
    '建設業者に対する監督処分（東京都）',
    'never_failed',
    0,
  ],
];

function toSource(kind: RecordKind, [id, publisher, path, title, state, weight]: Row): DemoSource {
  return { id, publisher, kind, url: `${BASE}/${path}`, title, counted_body: countedBody(publisher), state, weight };
}

/**
 * A regional bureau counts for its ministry, as in the real registry, so the demo's ratios are counted alike. Read
 * from the registry's entries as written, not the checked registry: this runs as the command line loads, and a
 * registry that does not load is for the commands that need it to say so, in a sentence.
 */
function countedBody(publisher: string): string {
  const entry = SOURCE_ENTRIES.find((s) => s.publisher === publisher);
  return entry?.counts_for ?? entry?.publisher ?? publisher;
}

// every record kind has a source never collected, so that each kind's answers name a source they did not search
export const DEMO_SOURCES: readonly DemoSource[] = [
  ...PROCUREMENT.map((row) => toSource('procurement_suspension', row)),
  ...ENFORCEMENT.map((row) => toSource('enforcement', row)),
  ...LICENSE.map((row) => toSource('license_action', row)),
];

export function demoSource(id: string): DemoSource {
  const source = DEMO_SOURCES.find((s) => s.id === id);
  if (source === undefined) throw new RangeError(`no demo source ${id}`);
  return source;
}

/** True when the source has a successful run, and so can have records. */
export function isCollected(source: DemoSource): boolean {
  return source.state !== 'never' && source.state !== 'never_failed';
}

// Collectors run at 03:00 Japan time. A fresh source last succeeded the day before the build date, so it is
// 21 to 45 hours old whenever on that date the dataset is built: under the 48 h of KOHYO_FRESH_HOURS.
const DAYS_SINCE_SUCCESS: Readonly<Record<SourceState, number | null>> = {
  fresh: 1,
  failing: 1,
  stale: 6,
  failing_stale: 4,
  never: null,
  never_failed: null,
};

/** The instant of the source's newest successful run, or null: what its records were retrieved at. */
export function lastSuccessAt(source: DemoSource, asOf: string): string | null {
  const days = DAYS_SINCE_SUCCESS[source.state];
  return days === null ? null : japanInstant(addDays(asOf, -days), 3, 2);
}

/** The newest date a record of the source can have been published on: the day before its last success. */
export function publishedCutoff(source: DemoSource, asOf: string): string {
  return addDays(asOf, -(DAYS_SINCE_SUCCESS[source.state] ?? 1) - 1);
}

export interface SourceStats {
  readonly records: number;
  readonly period_from: string | null;
  readonly period_to: string | null;
}

/** The runs of a source, oldest first: a week of daily runs up to its last success, then its failures. */
export function demoRuns(random: Random, source: DemoSource, stats: SourceStats, asOf: string): DemoRun[] {
  const runs: DemoRun[] = [];
  const last = lastSuccessAt(source, asOf);
  const bytes = 4_000 + stats.records * 620;
  if (last !== null) {
    for (let back = 6; back >= 0; back--) {
      const finished = addHours(last, -24 * back);
      const changed = back === 0 || back % 3 === 0;
      runs.push({
        source_id: source.id,
        started_at: addHours(finished, -1 / 60),
        finished_at: finished,
        outcome: changed ? 'success' : 'not_modified',
        http_status: changed ? 200 : 304,
        bytes: changed ? bytes + random.int(-900, 900) : null,
        records: changed ? stats.records : null,
        period_from: changed ? stats.period_from : null,
        period_to: changed ? stats.period_to : null,
        error: null,
      });
    }
  }
  const failures =
    source.state === 'failing' ? 1 : source.state === 'failing_stale' ? 3 : source.state === 'never_failed' ? 2 : 0;
  const firstFailure = last === null ? japanInstant(addDays(asOf, -2), 3, 1) : addHours(last, 12);
  for (let i = 0; i < failures; i++) {
    const started = addHours(firstFailure, i * 24);
    const error = FAILURES[(i + source.id.length) % FAILURES.length]!;
    runs.push({
      source_id: source.id,
      started_at: started,
      finished_at: addHours(started, error.seconds / 3600),
      outcome: 'failure',
      http_status: error.status,
      bytes: null,
      records: null,
      period_from: null,
      period_to: null,
      error: error.message,
    });
  }
  return runs;
}

const FAILURES: readonly { status: number | null; seconds: number; message: string }[] = [
  { status: 503, seconds: 2, message: 'HTTP 503 Service Unavailable' },
  { status: null, seconds: 30, message: 'timed out after 30 s waiting for the response' },
  {
    status: 200,
    seconds: 3,
    message: 'parse error: the table header 「業者名」 was not found (the page layout changed)',
  },
  { status: 404, seconds: 1, message: 'HTTP 404 Not Found (the list moved)' },
];
