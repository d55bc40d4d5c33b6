// The prefectures' and designated cities' lists no module reads yet, by government: its official site root (the lg.jp
// or legacy domain it uses) and which of its lists are unread: its 建設業法 and 宅地建物取引業法 監督処分 lists (every
// prefecture publishes both, each on its own site in its own layout), and its 指名停止 list where its address is not
// known (those known are read by src/ingest/sources/procurement-suspensions/). A module that comes to read one takes
// its place by its id (pref-27-construction-actions): its row here is left as it is.
import type { UnreadAddress, UnreadLists } from '../registry/unread-lists.js';

/** The lists a local government publishes, by the word its row names each with. */
const LISTS = {
  construction: { list: 'construction-actions', kind: 'license_action', title: '建設業者に対する監督処分' },
  brokerage: {
    list: 'real-estate-brokerage-actions',
    kind: 'license_action',
    title: '宅地建物取引業者に対する監督処分',
  },
  suspensions: { list: 'procurement-suspensions', kind: 'procurement_suspension', title: '指名停止措置' },
} as const;

// 名古屋市 and さいたま市 publish their 指名停止 lists at addresses with the fiscal year in them (simeiteisiR{y}.pdf,
// R{n}teisiitiran.pdf): they stay here until the page that links the files is known.
const GOVERNMENTS: readonly (readonly [publisher: string, site: string, unread: readonly (keyof typeof LISTS)[]])[] = [
  ['pref_01', 'https://www.pref.hokkaido.lg.jp/', ['construction', 'brokerage']],
  ['pref_02', 'https://www.pref.aomori.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_03', 'https://www.pref.iwate.jp/', ['construction', 'brokerage']],
  ['pref_04', 'https://www.pref.miyagi.jp/', ['construction', 'brokerage']],
  ['pref_05', 'https://www.pref.akita.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_06', 'https://www.pref.yamagata.jp/', ['construction', 'brokerage']],
  ['pref_07', 'https://www.pref.fukushima.lg.jp/', ['construction', 'brokerage']],
  ['pref_08', 'https://www.pref.ibaraki.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_09', 'https://www.pref.tochigi.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_10', 'https://www.pref.gunma.jp/', ['construction', 'brokerage']],
  ['pref_11', 'https://www.pref.saitama.lg.jp/', ['construction', 'brokerage']],
  ['pref_12', 'https://www.pref.chiba.lg.jp/', ['construction', 'brokerage']],
  ['pref_13', 'https://www.metro.tokyo.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_14', 'https://www.pref.kanagawa.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_15', 'https://www.pref.niigata.lg.jp/', ['construction', 'brokerage']],
  ['pref_16', 'https://www.pref.toyama.jp/', ['construction', 'brokerage']],
  ['pref_17', 'https://www.pref.ishikawa.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_18', 'https://www.pref.fukui.lg.jp/', ['construction', 'brokerage']],
  ['pref_19', 'https://www.pref.yamanashi.jp/', ['construction', 'brokerage']],
  ['pref_20', 'https://www.pref.nagano.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_21', 'https://www.pref.gifu.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_22', 'https://www.pref.shizuoka.jp/', ['construction', 'brokerage']],
  ['pref_23', 'https://www.pref.aichi.jp/', ['construction', 'brokerage']],
  ['pref_24', 'https://www.pref.mie.lg.jp/', ['construction', 'brokerage']],
  ['pref_25', 'https://www.pref.shiga.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_26', 'https://www.pref.kyoto.jp/', ['construction', 'brokerage']],
  ['pref_27', 'https://www.pref.osaka.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_28', 'https://web.pref.hyogo.lg.jp/', ['construction', 'brokerage']],
  ['pref_29', 'https://www.pref.nara.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_30', 'https://www.pref.wakayama.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_31', 'https://www.pref.tottori.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_32', 'https://www.pref.shimane.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_33', 'https://www.pref.okayama.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_34', 'https://www.pref.hiroshima.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_35', 'https://www.pref.yamaguchi.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_36', 'https://www.pref.tokushima.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_37', 'https://www.pref.kagawa.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_38', 'https://www.pref.ehime.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_39', 'https://www.pref.kochi.lg.jp/', ['construction', 'brokerage']],
  ['pref_40', 'https://www.pref.fukuoka.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_41', 'https://www.pref.saga.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_42', 'https://www.pref.nagasaki.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_43', 'https://www.pref.kumamoto.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_44', 'https://www.pref.oita.jp/', ['construction', 'brokerage']],
  ['pref_45', 'https://www.pref.miyazaki.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['pref_46', 'https://www.pref.kagoshima.jp/', ['construction', 'brokerage']],
  ['pref_47', 'https://www.pref.okinawa.lg.jp/', ['construction', 'brokerage', 'suspensions']],
  ['city_01100', 'https://www.city.sapporo.jp/', ['suspensions']],
  ['city_04100', 'https://www.city.sendai.jp/', ['suspensions']],
  ['city_11100', 'https://www.city.saitama.lg.jp/', ['suspensions']],
  ['city_14150', 'https://www.city.sagamihara.kanagawa.jp/', ['suspensions']],
  ['city_15100', 'https://www.city.niigata.lg.jp/', ['suspensions']],
  ['city_22100', 'https://www.city.shizuoka.lg.jp/', ['suspensions']],
  ['city_22130', 'https://www.city.hamamatsu.shizuoka.jp/', ['suspensions']],
  ['city_23100', 'https://www.city.nagoya.jp/', ['suspensions']],
  ['city_26100', 'https://www.city.kyoto.lg.jp/', ['suspensions']],
  ['city_27100', 'https://www.city.osaka.lg.jp/', ['suspensions']],
  ['city_27140', 'https://www.city.sakai.lg.jp/', ['suspensions']],
  ['city_33100', 'https://www.city.okayama.jp/', ['suspensions']],
  ['city_34100', 'https://www.city.hiroshima.lg.jp/', ['suspensions']],
  ['city_40100', 'https://www.city.kitakyushu.lg.jp/', ['suspensions']],
  ['city_40130', 'https://www.city.fukuoka.lg.jp/', ['suspensions']],
  ['city_43100', 'https://www.city.kumamoto.jp/', ['suspensions']],
];

export const LOCAL_LISTS: readonly UnreadLists[] = Object.entries(LISTS).map(([word, lists]) => ({
  ...lists,
  at: GOVERNMENTS.filter(([, , unread]) => unread.some((w) => w === word)).map(([publisher, site]): UnreadAddress => [
    publisher,
    site,
  ]),
}));
