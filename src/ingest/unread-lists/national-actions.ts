// The national bodies' lists of enforcement and licence actions against companies that no module reads yet, each
// regional office that acts in its own name with a list of its own: at its publisher's site (the list's own address
// where known), with no parser, never collected until a real list of it has been read.
import type { UnreadLists } from '../registry/unread-lists.js';

export const NATIONAL_ACTIONS: readonly UnreadLists[] = [
  // 国土交通省ネガティブ情報等検索サイト gathers the ministry's and the prefectures' actions per trade for five
  // (construction, brokerage) or three (bus, taxi, trucking) years; its per-trade search pages are HTML tables.
  {
    list: 'negative-info-construction',
    kind: 'license_action',
    title: 'ネガティブ情報等検索サイト（建設業者）',
    at: [['mlit', 'https://www.mlit.go.jp/nega-inf/']],
  },
  {
    list: 'negative-info-real-estate-brokerage',
    kind: 'license_action',
    title: 'ネガティブ情報等検索サイト（宅地建物取引業者）',
    at: [['mlit', 'https://www.mlit.go.jp/nega-inf/']],
  },
  {
    list: 'negative-info-trucking',
    kind: 'license_action',
    title: 'ネガティブ情報等検索サイト（トラック事業者）',
    at: [['mlit', 'https://www.mlit.go.jp/nega-inf/']],
  },
  {
    list: 'negative-info-bus',
    kind: 'license_action',
    title: 'ネガティブ情報等検索サイト（バス事業者）',
    at: [['mlit', 'https://www.mlit.go.jp/nega-inf/']],
  },
  {
    list: 'negative-info-taxi',
    kind: 'license_action',
    title: 'ネガティブ情報等検索サイト（タクシー事業者）',
    at: [['mlit', 'https://www.mlit.go.jp/nega-inf/']],
  },
  // 金融庁 and the 財務局 acting for it (金融商品取引業者, 貸金業者, 銀行 and others they register or license): 登録の
  // 取消し, 業務停止命令, 業務改善命令, published by each bureau on its own site.
  {
    list: 'administrative-actions',
    kind: 'license_action',
    title: '行政処分',
    at: [['fsa', 'https://www.fsa.go.jp/']],
  },
  {
    list: 'administrative-actions',
    kind: 'license_action',
    title: '行政処分',
    counts_for: 'fsa',
    at: [
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
    ],
  },
  // 証券取引等監視委員会: 勧告 of 課徴金納付命令 and of administrative action (金融商品取引法), and its 告発
  {
    list: 'recommendations',
    kind: 'enforcement',
    title: '勧告・告発',
    at: [['sesc', 'https://www.fsa.go.jp/sesc/']],
  },
  // 地方運輸局 (and 神戸運輸監理部, 沖縄総合事務局運輸部): 行政処分 of bus, taxi and trucking operators and vehicle
  // maintenance businesses of their region, 事業停止, 許可取消 and 自動車等の使用停止.
  {
    list: 'vehicle-operator-actions',
    kind: 'license_action',
    title: '自動車運送事業者等に対する行政処分',
    counts_for: 'mlit',
    at: [
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
    ],
  },
  // 地方整備局 (with 北海道開発局 and 沖縄総合事務局): 監督処分 of the contractors (建設業法) and brokers (宅地建物取引業法)
  // the minister licenses, issued and published by the bureau of the licensee's head office.
  {
    list: 'supervisory-actions',
    kind: 'license_action',
    title: '建設業者・宅地建物取引業者に対する監督処分',
    counts_for: 'mlit',
    at: [
      ['mlit_hokkaido_rdb', 'https://www.hkd.mlit.go.jp/'],
      ['mlit_tohoku_rdb', 'https://www.thr.mlit.go.jp/'],
      ['mlit_kanto_rdb', 'https://www.ktr.mlit.go.jp/'],
      ['mlit_hokuriku_rdb', 'https://www.hrr.mlit.go.jp/'],
      ['mlit_chubu_rdb', 'https://www.cbr.mlit.go.jp/'],
      ['mlit_kinki_rdb', 'https://www.kkr.mlit.go.jp/'],
      ['mlit_chugoku_rdb', 'https://www.cgr.mlit.go.jp/'],
      ['mlit_shikoku_rdb', 'https://www.skr.mlit.go.jp/'],
      ['mlit_kyushu_rdb', 'https://www.qsr.mlit.go.jp/'],
      ['mlit_okinawa_ogb', 'https://www.ogb.go.jp/'],
    ],
  },
  // 消費者庁: 特定商取引法 業務停止命令 and 指示 (its guide site lists them), besides the 景品表示法 releases
  {
    list: 'tokusho-actions',
    kind: 'enforcement',
    title: '特定商取引法に基づく行政処分',
    at: [['caa', 'https://www.no-trouble.caa.go.jp/']],
  },
  // 個人情報保護委員会: 勧告, 命令 and 指導 under 個人情報保護法
  {
    list: 'actions',
    kind: 'enforcement',
    title: '個人情報保護法に基づく行政上の対応',
    at: [['ppc', 'https://www.ppc.go.jp/']],
  },
  // 厚生労働省: 労働者派遣事業 許可の取消し, 事業停止命令 and 改善命令 (労働者派遣法)
  {
    list: 'worker-dispatch-actions',
    kind: 'enforcement',
    title: '労働者派遣事業者に対する行政処分',
    at: [['mhlw', 'https://www.mhlw.go.jp/']],
  },
  // 農林水産省 and the 地方農政局: 食品表示法 指示 and 命令 to the food businesses of their region
  {
    list: 'food-labelling-actions',
    kind: 'enforcement',
    title: '食品表示法に基づく指示・命令',
    at: [['maff', 'https://www.maff.go.jp/']],
  },
  {
    list: 'food-labelling-actions',
    kind: 'enforcement',
    title: '食品表示法に基づく指示・命令',
    counts_for: 'maff',
    at: [
      ['maff_tohoku_rao', 'https://www.maff.go.jp/tohoku/'],
      ['maff_kanto_rao', 'https://www.maff.go.jp/kanto/'],
      ['maff_hokuriku_rao', 'https://www.maff.go.jp/hokuriku/'],
      ['maff_tokai_rao', 'https://www.maff.go.jp/tokai/'],
      ['maff_kinki_rao', 'https://www.maff.go.jp/kinki/'],
      ['maff_chugoku_shikoku_rao', 'https://www.maff.go.jp/chushi/'],
      ['maff_kyushu_rao', 'https://www.maff.go.jp/kyusyu/'],
    ],
  },
  // 総務省 and the 総合通信局: 電気通信事業法 業務改善命令 and 電波法 actions against the licensees and carriers
  {
    list: 'administrative-actions',
    kind: 'enforcement',
    title: '行政処分（電気通信事業法・電波法）',
    at: [['mic', 'https://www.soumu.go.jp/']],
  },
  {
    list: 'administrative-actions',
    kind: 'enforcement',
    title: '行政処分（電気通信事業法・電波法）',
    counts_for: 'mic',
    at: [
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
    ],
  },
];
