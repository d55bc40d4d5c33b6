// The national bodies that act against companies in their own name and publish it, registered here before any list of
// theirs has been read: the prefectural labour bureaus, 経済産業省 and its regional bureaus, the 地方厚生局, and the
// external agencies (観光庁, 林野庁 and its regional forest offices, 中小企業庁, 資源エネルギー庁, 原子力規制委員会). Each
// counts for its ministry (publisher-groups.ts counts the 各省各庁), and is at its site root until its list's own
// address is known.
import type { UnreadLists } from '../registry/unread-lists.js';

export const NATIONAL_OFFICES: readonly UnreadLists[] = [
  // 都道府県労働局: 労働者派遣法 許可の取消し, 事業停止命令 and 改善命令, 職業安定法 actions against 職業紹介事業者, each
  // published by the bureau (大阪労働局, 千葉労働局, 福岡労働局, …); the MHLW list of labour-law referrals to
  // prosecutors is the ministry's own source beside them.
  {
    list: 'dispatch-placement-actions',
    kind: 'enforcement',
    title: '労働者派遣事業・職業紹介事業等に対する行政処分',
    counts_for: 'mhlw',
    at: [
      ['mhlw_labour_bureau_01', 'https://jsite.mhlw.go.jp/hokkaido-roudoukyoku/'],
      ['mhlw_labour_bureau_02', 'https://jsite.mhlw.go.jp/aomori-roudoukyoku/'],
      ['mhlw_labour_bureau_03', 'https://jsite.mhlw.go.jp/iwate-roudoukyoku/'],
      ['mhlw_labour_bureau_04', 'https://jsite.mhlw.go.jp/miyagi-roudoukyoku/'],
      ['mhlw_labour_bureau_05', 'https://jsite.mhlw.go.jp/akita-roudoukyoku/'],
      ['mhlw_labour_bureau_06', 'https://jsite.mhlw.go.jp/yamagata-roudoukyoku/'],
      ['mhlw_labour_bureau_07', 'https://jsite.mhlw.go.jp/fukushima-roudoukyoku/'],
      ['mhlw_labour_bureau_08', 'https://jsite.mhlw.go.jp/ibaraki-roudoukyoku/'],
      ['mhlw_labour_bureau_09', 'https://jsite.mhlw.go.jp/tochigi-roudoukyoku/'],
      ['mhlw_labour_bureau_10', 'https://jsite.mhlw.go.jp/gunma-roudoukyoku/'],
      ['mhlw_labour_bureau_11', 'https://jsite.mhlw.go.jp/saitama-roudoukyoku/'],
      ['mhlw_labour_bureau_12', 'https://jsite.mhlw.go.jp/chiba-roudoukyoku/'],
      ['mhlw_labour_bureau_13', 'https://jsite.mhlw.go.jp/tokyo-roudoukyoku/'],
      ['mhlw_labour_bureau_14', 'https://jsite.mhlw.go.jp/kanagawa-roudoukyoku/'],
      ['mhlw_labour_bureau_15', 'https://jsite.mhlw.go.jp/niigata-roudoukyoku/'],
      ['mhlw_labour_bureau_16', 'https://jsite.mhlw.go.jp/toyama-roudoukyoku/'],
      ['mhlw_labour_bureau_17', 'https://jsite.mhlw.go.jp/ishikawa-roudoukyoku/'],
      ['mhlw_labour_bureau_18', 'https://jsite.mhlw.go.jp/fukui-roudoukyoku/'],
      ['mhlw_labour_bureau_19', 'https://jsite.mhlw.go.jp/yamanashi-roudoukyoku/'],
      ['mhlw_labour_bureau_20', 'https://jsite.mhlw.go.jp/nagano-roudoukyoku/'],
      ['mhlw_labour_bureau_21', 'https://jsite.mhlw.go.jp/gifu-roudoukyoku/'],
      ['mhlw_labour_bureau_22', 'https://jsite.mhlw.go.jp/shizuoka-roudoukyoku/'],
      ['mhlw_labour_bureau_23', 'https://jsite.mhlw.go.jp/aichi-roudoukyoku/'],
      ['mhlw_labour_bureau_24', 'https://jsite.mhlw.go.jp/mie-roudoukyoku/'],
      ['mhlw_labour_bureau_25', 'https://jsite.mhlw.go.jp/shiga-roudoukyoku/'],
      ['mhlw_labour_bureau_26', 'https://jsite.mhlw.go.jp/kyoto-roudoukyoku/'],
      ['mhlw_labour_bureau_27', 'https://jsite.mhlw.go.jp/osaka-roudoukyoku/'],
      ['mhlw_labour_bureau_28', 'https://jsite.mhlw.go.jp/hyogo-roudoukyoku/'],
      ['mhlw_labour_bureau_29', 'https://jsite.mhlw.go.jp/nara-roudoukyoku/'],
      ['mhlw_labour_bureau_30', 'https://jsite.mhlw.go.jp/wakayama-roudoukyoku/'],
      ['mhlw_labour_bureau_31', 'https://jsite.mhlw.go.jp/tottori-roudoukyoku/'],
      ['mhlw_labour_bureau_32', 'https://jsite.mhlw.go.jp/shimane-roudoukyoku/'],
      ['mhlw_labour_bureau_33', 'https://jsite.mhlw.go.jp/okayama-roudoukyoku/'],
      ['mhlw_labour_bureau_34', 'https://jsite.mhlw.go.jp/hiroshima-roudoukyoku/'],
      ['mhlw_labour_bureau_35', 'https://jsite.mhlw.go.jp/yamaguchi-roudoukyoku/'],
      ['mhlw_labour_bureau_36', 'https://jsite.mhlw.go.jp/tokushima-roudoukyoku/'],
      ['mhlw_labour_bureau_37', 'https://jsite.mhlw.go.jp/kagawa-roudoukyoku/'],
      ['mhlw_labour_bureau_38', 'https://jsite.mhlw.go.jp/ehime-roudoukyoku/'],
      ['mhlw_labour_bureau_39', 'https://jsite.mhlw.go.jp/kochi-roudoukyoku/'],
      ['mhlw_labour_bureau_40', 'https://jsite.mhlw.go.jp/fukuoka-roudoukyoku/'],
      ['mhlw_labour_bureau_41', 'https://jsite.mhlw.go.jp/saga-roudoukyoku/'],
      ['mhlw_labour_bureau_42', 'https://jsite.mhlw.go.jp/nagasaki-roudoukyoku/'],
      ['mhlw_labour_bureau_43', 'https://jsite.mhlw.go.jp/kumamoto-roudoukyoku/'],
      ['mhlw_labour_bureau_44', 'https://jsite.mhlw.go.jp/oita-roudoukyoku/'],
      ['mhlw_labour_bureau_45', 'https://jsite.mhlw.go.jp/miyazaki-roudoukyoku/'],
      ['mhlw_labour_bureau_46', 'https://jsite.mhlw.go.jp/kagoshima-roudoukyoku/'],
      ['mhlw_labour_bureau_47', 'https://jsite.mhlw.go.jp/okinawa-roudoukyoku/'],
    ],
  },
  // 地方厚生局 (and 四国厚生支局): 保険医療機関・保険薬局の指定の取消し (健康保険法), published by each bureau.
  {
    list: 'insurance-designation-actions',
    kind: 'license_action',
    title: '保険医療機関・保険薬局の指定取消し等',
    counts_for: 'mhlw',
    at: [
      ['mhlw_hokkaido_rbhw', 'https://kouseikyoku.mhlw.go.jp/hokkaido/'],
      ['mhlw_tohoku_rbhw', 'https://kouseikyoku.mhlw.go.jp/tohoku/'],
      ['mhlw_kanto_shinetsu_rbhw', 'https://kouseikyoku.mhlw.go.jp/kantoshinetsu/'],
      ['mhlw_tokai_hokuriku_rbhw', 'https://kouseikyoku.mhlw.go.jp/tokaihokuriku/'],
      ['mhlw_kinki_rbhw', 'https://kouseikyoku.mhlw.go.jp/kinki/'],
      ['mhlw_chugoku_shikoku_rbhw', 'https://kouseikyoku.mhlw.go.jp/chugokushikoku/'],
      ['mhlw_shikoku_rbhw', 'https://kouseikyoku.mhlw.go.jp/shikoku/'],
      ['mhlw_kyushu_rbhw', 'https://kouseikyoku.mhlw.go.jp/kyushu/'],
    ],
  },
  // 経済産業省: 外為法 行政制裁 (export bans) from its security export control pages, and its 割賦販売法 actions
  {
    list: 'export-control-sanctions',
    kind: 'enforcement',
    title: '外為法に基づく行政制裁',
    at: [['meti', 'https://www.meti.go.jp/policy/anpo/']],
  },
  {
    list: 'installment-sales-actions',
    kind: 'license_action',
    title: '割賦販売法に基づく行政処分',
    at: [['meti', 'https://www.meti.go.jp/policy/economy/consumer/credit/']],
  },
  // 経済産業局 (and 沖縄総合事務局経済産業部): 特定商取引法 業務停止命令 and 指示 of the cases of their region, in their own
  // name, besides 消費者庁's
  {
    list: 'tokusho-actions',
    kind: 'enforcement',
    title: '特定商取引法に基づく行政処分',
    counts_for: 'meti',
    at: [
      ['meti_hokkaido_beti', 'https://www.hkd.meti.go.jp/'],
      ['meti_tohoku_beti', 'https://www.tohoku.meti.go.jp/'],
      ['meti_kanto_beti', 'https://www.kanto.meti.go.jp/'],
      ['meti_chubu_beti', 'https://www.chubu.meti.go.jp/'],
      ['meti_kinki_beti', 'https://www.kansai.meti.go.jp/'],
      ['meti_chugoku_beti', 'https://www.chugoku.meti.go.jp/'],
      ['meti_shikoku_beti', 'https://www.shikoku.meti.go.jp/'],
      ['meti_kyushu_beti', 'https://www.kyushu.meti.go.jp/'],
      ['meti_okinawa_ogb', 'https://www.ogb.go.jp/keisan'],
    ],
  },
  // 中小企業庁: its 措置請求 and 指導 under 下請代金法 and 取適法, and its announcements of the businesses that took
  // 持続化給付金 and other grants by fraud
  {
    list: 'subcontracting-actions',
    kind: 'enforcement',
    title: '下請代金法・取適法に基づく措置請求・指導',
    counts_for: 'meti',
    at: [['smea', 'https://www.chusho.meti.go.jp/']],
  },
  {
    list: 'grant-fraud-announcements',
    kind: 'enforcement',
    title: '給付金・補助金の不正受給に係る公表',
    counts_for: 'meti',
    at: [['smea', 'https://www.chusho.meti.go.jp/']],
  },
  // 資源エネルギー庁: FIT/FIP 認定の取消し (再エネ特措法) and 電気事業法・ガス事業法 orders to utilities
  {
    list: 'renewable-certification-revocations',
    kind: 'license_action',
    title: '再生可能エネルギー発電事業計画の認定取消し',
    counts_for: 'meti',
    at: [['anre', 'https://www.enecho.meti.go.jp/']],
  },
  {
    list: 'utility-orders',
    kind: 'enforcement',
    title: '電気事業法・ガス事業法に基づく業務改善命令等',
    counts_for: 'meti',
    at: [['anre', 'https://www.enecho.meti.go.jp/']],
  },
  // 観光庁: 旅行業法 登録の取消し, 業務停止 and 業務改善命令 of the 第1種 travel agencies it registers (the prefectures
  // act on the others), and the table of every authority's actions it gathers
  {
    list: 'travel-agency-actions',
    kind: 'license_action',
    title: '旅行業者等に対する行政処分',
    counts_for: 'mlit',
    at: [['jta', 'https://www.mlit.go.jp/kankocho/']],
  },
  // 林野庁 and its 森林管理局: 指名停止 of the contractors of national forest works, each office in its own name
  {
    list: 'procurement-suspensions',
    kind: 'procurement_suspension',
    title: '指名停止等の措置',
    counts_for: 'maff',
    at: [
      ['forestry_agency', 'https://www.rinya.maff.go.jp/'],
      ['forestry_hokkaido_rfo', 'https://www.rinya.maff.go.jp/hokkaido/'],
      ['forestry_tohoku_rfo', 'https://www.rinya.maff.go.jp/tohoku/'],
      ['forestry_kanto_rfo', 'https://www.rinya.maff.go.jp/kanto/'],
      ['forestry_chubu_rfo', 'https://www.rinya.maff.go.jp/chubu/'],
      ['forestry_kinki_chugoku_rfo', 'https://www.rinya.maff.go.jp/kinki/'],
      ['forestry_shikoku_rfo', 'https://www.rinya.maff.go.jp/shikoku/'],
      ['forestry_kyushu_rfo', 'https://www.rinya.maff.go.jp/kyusyu/'],
    ],
  },
  // 原子力規制委員会: orders under 原子炉等規制法 to the operators of nuclear facilities
  {
    list: 'orders',
    kind: 'enforcement',
    title: '原子炉等規制法に基づく命令等',
    counts_for: 'moe',
    at: [['nra', 'https://www.nra.go.jp/']],
  },
];
