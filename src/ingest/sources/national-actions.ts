// Source module of the national bodies' enforcement and licence actions against companies, each regional office
// that acts in its own name with a list of its own. No list of theirs has been read here yet: each is registered
// at its publisher's site (the list's own address where known), with no parser, and shows as never collected, so
// that coverage names what an answer did not search.
import type { RecordKind } from '../../domain/record.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import type { SourceEntryInput } from '../registry/source-entry.js';
import type { SourceModule } from '../registry/source-module.js';
import { REGIONAL_OFFICES } from './suspensions/national.js';

// the publisher's name is the authority vocabulary's
type Row = readonly [publisher: string, url: string];

interface ActionList {
  /** The words after the publisher in the ids: `fsa-kanto-lfb-administrative-actions`. */
  readonly slug: string;
  readonly kind: RecordKind;
  /** The title after the publisher's name. */
  readonly title: string;
  /** The body a regional office's list counts for (its ministry or agency); none for the bodies themselves. */
  readonly counts_for?: string;
}

function actionSources(list: ActionList, rows: readonly Row[]): SourceEntryInput[] {
  return rows.map(([publisher, url]) => ({
    id: `${publisher.replace(/_/gu, '-')}-${list.slug}`,
    publisher,
    record_kind: list.kind,
    // an unknown code keeps itself as the name, and the registry refuses it (registryProblems)
    title: `${authorities.get(publisher)?.name ?? publisher} ${list.title}`,
    url,
    url_kind: 'site_root',
    format: 'html',
    ...(list.counts_for ? { counts_for: list.counts_for } : {}),
  }));
}

// 金融庁 and the 財務局 acting for it (金融商品取引業者, 貸金業者, 銀行 and others they register or license): 登録の
// 取消し, 業務停止命令, 業務改善命令, published by each bureau on its own site.
const FINANCE: readonly Row[] = [
  ['fsa', 'https://www.fsa.go.jp/'],
  ['fsa_hokkaido_lfb', 'https://lfb.mof.go.jp/hokkaido/'],
  ['fsa_tohoku_lfb', 'https://lfb.mof.go.jp/tohoku/'],
  ['fsa_kanto_lfb', 'https://lfb.mof.go.jp/kantou/'],
  ['fsa_hokuriku_lfb', 'https://lfb.mof.go.jp/hokuriku/'],
  ['fsa_tokai_lfb', 'https://lfb.mof.go.jp/tokai/'],
  ['fsa_kinki_lfb', 'https://lfb.mof.go.jp/kinki/'],
  ['fsa_chugoku_lfb', 'https://lfb.mof.go.jp/chugoku/'],
  ['fsa_shikoku_lfb', 'https://lfb.mof.go.jp/shikoku/'],
  ['fsa_kyushu_lfb', 'https://lfb.mof.go.jp/kyusyu/'],
  ['fsa_fukuoka_lfb', 'https://lfb.mof.go.jp/fukuoka/'],
  ['fsa_okinawa_ogb', 'https://www.ogb.go.jp/zaimu'],
];

// 地方運輸局 (and 神戸運輸監理部, 沖縄総合事務局運輸部): 行政処分 of bus, taxi and trucking operators and vehicle
// maintenance businesses of their region, 事業停止, 許可取消 and 自動車等の使用停止.
const TRANSPORT: readonly Row[] = [
  ['mlit_hokkaido_dtb', 'https://wwwtb.mlit.go.jp/hokkaido/'],
  ['mlit_tohoku_dtb', 'https://wwwtb.mlit.go.jp/tohoku/'],
  ['mlit_kanto_dtb', 'https://wwwtb.mlit.go.jp/kanto/'],
  ['mlit_hokuriku_shinetsu_dtb', 'https://wwwtb.mlit.go.jp/hokushin/'],
  ['mlit_chubu_dtb', 'https://wwwtb.mlit.go.jp/chubu/'],
  ['mlit_kinki_dtb', 'https://wwwtb.mlit.go.jp/kinki/'],
  ['mlit_kobe_tsd', 'https://wwwtb.mlit.go.jp/kobe/'],
  ['mlit_chugoku_dtb', 'https://wwwtb.mlit.go.jp/chugoku/'],
  ['mlit_shikoku_dtb', 'https://wwwtb.mlit.go.jp/shikoku/'],
  ['mlit_kyushu_dtb', 'https://wwwtb.mlit.go.jp/kyushu/'],
  ['mlit_okinawa_ogb', 'https://www.ogb.go.jp/unyu'],
];

// 地方整備局 (with 北海道開発局 and 沖縄総合事務局): 監督処分 of the contractors (建設業法) and brokers (宅地建物取引業法)
// the minister licenses, issued and published by the bureau of the licensee's head office; their site roots are
// those of the bureaus' suspension lists.
const DEVELOPMENT: readonly Row[] = REGIONAL_OFFICES.filter(([code]) => code.startsWith('mlit_')).map(
  ([code, , url]) => [code, url],
);

// 地方農政局: 食品表示法 指示 and 命令 to the food businesses of their region (the ministry's own beside them).
const AGRICULTURE: readonly Row[] = [
  ['maff_tohoku_rao', 'https://www.maff.go.jp/tohoku/'],
  ['maff_kanto_rao', 'https://www.maff.go.jp/kanto/'],
  ['maff_hokuriku_rao', 'https://www.maff.go.jp/hokuriku/'],
  ['maff_tokai_rao', 'https://www.maff.go.jp/tokai/'],
  ['maff_kinki_rao', 'https://www.maff.go.jp/kinki/'],
  ['maff_chugoku_shikoku_rao', 'https://www.maff.go.jp/chushi/'],
  ['maff_kyushu_rao', 'https://www.maff.go.jp/kyusyu/'],
];

// 総合通信局: 電波法 and 電気通信事業法 actions against the licensees and carriers of their region.
const TELECOMMUNICATIONS: readonly Row[] = [
  ['mic_hokkaido_bt', 'https://www.soumu.go.jp/soutsu/hokkaido/'],
  ['mic_tohoku_bt', 'https://www.soumu.go.jp/soutsu/tohoku/'],
  ['mic_kanto_bt', 'https://www.soumu.go.jp/soutsu/kanto/'],
  ['mic_shinetsu_bt', 'https://www.soumu.go.jp/soutsu/shinetsu/'],
  ['mic_hokuriku_bt', 'https://www.soumu.go.jp/soutsu/hokuriku/'],
  ['mic_tokai_bt', 'https://www.soumu.go.jp/soutsu/tokai/'],
  ['mic_kinki_bt', 'https://www.soumu.go.jp/soutsu/kinki/'],
  ['mic_chugoku_bt', 'https://www.soumu.go.jp/soutsu/chugoku/'],
  ['mic_shikoku_bt', 'https://www.soumu.go.jp/soutsu/shikoku/'],
  ['mic_kyushu_bt', 'https://www.soumu.go.jp/soutsu/kyushu/'],
  ['mic_okinawa_ot', 'https://www.soumu.go.jp/soutsu/okinawa/'],
];

const [fsa, ...financeBureaus] = FINANCE;
const one = (row: Row | undefined): Row[] => (row === undefined ? [] : [row]);

export const NATIONAL_ACTIONS: SourceModule = {
  sources: [
    ...actionSources({ slug: 'administrative-actions', kind: 'license_action', title: '行政処分' }, one(fsa)),
    ...actionSources(
      { slug: 'administrative-actions', kind: 'license_action', title: '行政処分', counts_for: 'fsa' },
      financeBureaus,
    ),
    // 証券取引等監視委員会: 勧告 of 課徴金納付命令 and of administrative action (金融商品取引法), and its 告発
    ...actionSources({ slug: 'recommendations', kind: 'enforcement', title: '勧告・告発' }, [
      ['sesc', 'https://www.fsa.go.jp/sesc/'],
    ]),
    ...actionSources(
      {
        slug: 'vehicle-operator-actions',
        kind: 'license_action',
        title: '自動車運送事業者等に対する行政処分',
        counts_for: 'mlit',
      },
      TRANSPORT,
    ),
    ...actionSources(
      {
        slug: 'supervisory-actions',
        kind: 'license_action',
        title: '建設業者・宅地建物取引業者に対する監督処分',
        counts_for: 'mlit',
      },
      DEVELOPMENT,
    ),
    // 消費者庁: 特定商取引法 業務停止命令 and 指示 (its guide site lists them), besides the 景品表示法 releases
    ...actionSources({ slug: 'tokusho-actions', kind: 'enforcement', title: '特定商取引法に基づく行政処分' }, [
      ['caa', 'https://www.no-trouble.caa.go.jp/'],
    ]),
    // 個人情報保護委員会: 勧告, 命令 and 指導 under 個人情報保護法
    ...actionSources({ slug: 'actions', kind: 'enforcement', title: '個人情報保護法に基づく行政上の対応' }, [
      ['ppc', 'https://www.ppc.go.jp/'],
    ]),
    // 厚生労働省: 労働者派遣事業 許可の取消し, 事業停止命令 and 改善命令 (労働者派遣法)
    ...actionSources(
      { slug: 'worker-dispatch-actions', kind: 'enforcement', title: '労働者派遣事業者に対する行政処分' },
      [['mhlw', 'https://www.mhlw.go.jp/']],
    ),
    ...actionSources({ slug: 'food-labelling-actions', kind: 'enforcement', title: '食品表示法に基づく指示・命令' }, [
      ['maff', 'https://www.maff.go.jp/'],
    ]),
    ...actionSources(
      {
        slug: 'food-labelling-actions',
        kind: 'enforcement',
        title: '食品表示法に基づく指示・命令',
        counts_for: 'maff',
      },
      AGRICULTURE,
    ),
    // 総務省: 電気通信事業法 業務改善命令 and 電波法 actions
    ...actionSources(
      { slug: 'administrative-actions', kind: 'enforcement', title: '行政処分（電気通信事業法・電波法）' },
      [['mic', 'https://www.soumu.go.jp/']],
    ),
    ...actionSources(
      {
        slug: 'administrative-actions',
        kind: 'enforcement',
        title: '行政処分（電気通信事業法・電波法）',
        counts_for: 'mic',
      },
      TELECOMMUNICATIONS,
    ),
  ],
};
