// The prefectures' and designated cities' procurement-suspension lists (指名停止措置) whose addresses are known
// (test/fixtures/government/registry/list-addresses.md), by publisher. A publisher whose list is not known yet is a row
// of src/ingest/unread-lists/local.ts until it is; it moves here, with its list's addresses, when one is found.
import type { SuspensionList } from './suspension-lists.js';

const HYOGO = 'https://web.pref.hyogo.lg.jp/ks02/documents/';
const KOCHI = 'https://www.pref.kochi.lg.jp/doc/shimeiteishi_list/file_contents/file_';
const SHIZUOKA = 'https://www.pref.shizuoka.jp/kensei/nyusatsukobai/nyusatsukoji/1003485/';
const KAGOSHIMA = 'https://www.pref.kagoshima.jp/ah01/infra/tochi-kensetu/nyusatu/documents/11071_';

// Patterns with a fiscal year in them (名古屋市 simeiteisiR{y}.pdf, さいたま市 R{n}teisiitiran.pdf) are not
// addresses: those two cities stay unread until the page that links the files is known.
export const PREFECTURE_LISTS: Readonly<Record<string, readonly SuspensionList[]>> = {
  pref_01: [{ urls: ['https://www.pref.hokkaido.lg.jp/fs/1/3/1/2/8/4/4/3/_/shimeiteishi_R8.4.22.xls'] }],
  pref_03: [
    {
      urls: [
        'https://www.pref.iwate.jp/_res/projects/default_project/_page_/001/010/559/20260424_simeiteisiitiran.pdf',
        'https://www.pref.iwate.jp/_res/projects/default_project/_page_/001/010/644/simeiteisi080117.pdf',
      ],
    },
  ],
  pref_04: [{ urls: ['https://www.pref.miyagi.jp/documents/14009/st_r80219.pdf'] }],
  pref_06: [
    {
      urls: ['20251225_shimeiteishiitiran', '20260420_shimeiteishir8itiran'].map(
        (f) => `https://www.pref.yamagata.jp/documents/3885/${f}.pdf`,
      ),
    },
  ],
  pref_07: [
    { urls: [613047, 634460, 726809].map((n) => `https://www.pref.fukushima.lg.jp/uploaded/attachment/${n}.pdf`) },
  ],
  pref_10: [{ urls: [640195, 701418].map((n) => `https://www.pref.gunma.jp/site/nyuusatsu/${n}.html`) }],
  pref_11: [{ urls: ['https://www.pref.saitama.lg.jp/documents/27690/hp-list080422.pdf'] }],
  pref_12: [
    // the known list is the one of 物品・委託 contracts (buppin-itaku)
    {
      urls: ['r04', 'r06', 'r07'].map(
        (y) =>
          `https://www.pref.chiba.lg.jp/kanzai/nyuu-kei/buppin-itaku/sankashikaku/documents/${y}-bi-simeiteisi.pdf`,
      ),
    },
  ],
  pref_15: [
    {
      urls: [401306, 429420, 437080, 464589, 473552, 485171].map(
        (n) => `https://www.pref.niigata.lg.jp/uploaded/attachment/${n}.pdf`,
      ),
    },
  ],
  pref_16: [
    { urls: ['https://www.pref.toyama.jp/1500/sangyou/nyuusatsu/koukyoukouji/kj00018221/20260113shimeiteishi.html'] },
  ],
  pref_18: [{ urls: ['https://www.pref.fukui.lg.jp/gyosei/tetuduki/cat4503/simeiteisi_d/fil/1.pdf'] }],
  pref_19: [{ urls: ['https://www.pref.yamanashi.jp/documents/7899/r611shimeiteishiitiran.pdf'] }],
  pref_22: [{ urls: [1028935, 1028960, 1053625, 1063417, 1071495].map((n) => `${SHIZUOKA}${n}.html`) }],
  pref_23: [{ urls: [562153, 610657, 614388].map((n) => `https://www.pref.aichi.jp/uploaded/attachment/${n}.pdf`) }],
  pref_24: [{ urls: ['https://www.pref.mie.lg.jp/common/content/001250729.pdf'] }],
  pref_26: [
    // three lists: 入札参加停止 (nyusatu), the 物品・役務 list (zaisan), and the 入札監視委員会's papers
    {
      urls: ['20240408', '20250408'].map(
        (d) => `https://www.pref.kyoto.jp/nyusatu/documents/list_entry_suspended_${d}.pdf`,
      ),
    },
    {
      list: { slug: 'goods', title: '物品・役務' },
      urls: ['r60401', 'r70401', 'r80401'].map((f) => `https://www.pref.kyoto.jp/zaisan/documents/${f}.pdf`),
    },
    {
      list: { slug: 'committee', title: '入札監視委員会資料' },
      urls: ['r61024kannsi1-5', 'r706siryou2-5'].map(
        (f) => `https://www.pref.kyoto.jp/shingikai/nyusatu-01/documents/${f}.pdf`,
      ),
    },
  ],
  pref_28: [
    // one PDF per suspension (the addresses known here)
    {
      urls: ['daisin', 'daruma', 'kanayama', 'maruto', 'nishiyo', 'shinsei', 'terada', 'water'].map(
        (f) => `${HYOGO}${f}.pdf`,
      ),
    },
  ],
  pref_39: [
    // one PDF per suspension (the addresses known here)
    {
      urls: [
        '20251014293017',
        '2025102419018',
        '202510315103039',
        '2025108391239',
        '202511182174432',
        '20251120418241',
        '20251216217183',
        '20251225420117',
        '20253274103219',
        '2025445143034',
        '20255951346',
        '20256102103222',
        '20257163103041',
        '202579383636',
        '20258192103740',
        '20259254212532',
        '20261132151453',
        '2026424134651',
        '202648319819',
      ].map((t) => `${KOCHI}${t}_1.pdf`),
    },
  ],
  pref_44: [{ urls: [2237632, 2263998].map((n) => `https://www.pref.oita.jp/uploaded/attachment/${n}.pdf`) }],
  pref_46: [{ urls: ['20240826131102', '20251007091609', '20251224161015'].map((t) => `${KAGOSHIMA}${t}-1.pdf`) }],
};

export const CITY_LISTS: Readonly<Record<string, readonly SuspensionList[]>> = {
  city_12100: [
    // the contract section (keiyaku/) links the list page
    { urls: ['https://www.city.chiba.jp/zaiseikyoku/shisan/keiyaku/simeiteisi.html'] },
  ],
  city_14100: [
    // the procurement system answers: the servlet's page is the list
    { urls: ['https://keiyaku.city.yokohama.lg.jp/epco/servlet/p?job=MeiboTeishiList'] },
  ],
  city_14130: [
    // the pages link the lists' files under cmsfiles/…/90252/ (file names vary): PDF, as its lists are printed
    {
      urls: [
        'https://www.city.kawasaki.jp/233300/page/0000090252.html',
        'https://www.city.kawasaki.jp/233300/page/0000090252_00001.html',
      ],
      links: { pattern: 'cmsfiles/contents/0000090/90252/[^/]+\\.pdf$', format: 'pdf' },
    },
  ],
  city_28100: [{ urls: ['https://www.city.kobe.lg.jp/a05182/shimeiteishisochi.html'] }],
};
