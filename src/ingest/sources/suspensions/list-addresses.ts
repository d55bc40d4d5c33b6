// The known addresses of publishers' procurement-suspension lists (test/fixtures/government/registry/list-addresses.md).
import type { SourceFormat, UrlKind } from '../../registry/source-entry.js';

export interface ListAddress {
  /** Authority code of the publisher whose registry entry takes these addresses. */
  readonly publisher: string;
  /**
   * Set when the publisher has another list besides its main one (物品 beside 工事): the entry is added with
   * this word before '-procurement-suspensions' in the main entry's id, and the title's qualifier.
   */
  readonly list?: { readonly slug: string; readonly title: string };
  /** The list's addresses; the first is the entry's url, the others its more_urls. */
  readonly urls: readonly string[];
  /** For a page that links the list's files: the link pattern, and the files' format. */
  readonly links?: { readonly pattern: string; readonly format: SourceFormat };
  /** False for pages that announce suspensions in prose (press releases): no table parser reads them. */
  readonly table?: boolean;
}

/** The url_kind and format an address states by its ending: a file's extension, else a page. */
export function addressKind(url: string): { url_kind: UrlKind; format: SourceFormat } {
  const extension = /\.([a-z]+)$/iu.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  if (extension === 'pdf' || extension === 'xls' || extension === 'xlsx' || extension === 'csv')
    return { url_kind: 'list_file', format: extension };
  return { url_kind: 'list_page', format: 'html' };
}

const HYOGO = 'https://web.pref.hyogo.lg.jp/ks02/documents/';
const KOCHI = 'https://www.pref.kochi.lg.jp/doc/shimeiteishi_list/file_contents/file_';
const SHIZUOKA = 'https://www.pref.shizuoka.jp/kensei/nyusatsukobai/nyusatsukoji/1003485/';
const KAGOSHIMA = 'https://www.pref.kagoshima.jp/ah01/infra/tochi-kensetu/nyusatu/documents/11071_';
const THR = 'https://www.thr.mlit.go.jp/Bumon/B00013/K00730/simeiteisi/';

// Hyogo and Kochi publish one PDF per suspension (the addresses known here); the others a list per year or
// per update. Patterns with a fiscal year in them (名古屋市 simeiteisiR{y}.pdf, さいたま市 R{n}teisiitiran.pdf)
// are not addresses: those two cities keep their site roots until the page that links the files is known.
export const LIST_ADDRESSES: readonly ListAddress[] = [
  {
    publisher: 'pref_28',
    urls: ['daisin', 'daruma', 'kanayama', 'maruto', 'nishiyo', 'shinsei', 'terada', 'water'].map(
      (f) => `${HYOGO}${f}.pdf`,
    ),
  },
  {
    publisher: 'pref_23',
    urls: [562153, 610657, 614388].map((n) => `https://www.pref.aichi.jp/uploaded/attachment/${n}.pdf`),
  },
  // Chiba's known list is the one of 物品・委託 contracts (buppin-itaku).
  {
    publisher: 'pref_12',
    urls: ['r04', 'r06', 'r07'].map(
      (y) => `https://www.pref.chiba.lg.jp/kanzai/nyuu-kei/buppin-itaku/sankashikaku/documents/${y}-bi-simeiteisi.pdf`,
    ),
  },
  { publisher: 'pref_18', urls: ['https://www.pref.fukui.lg.jp/gyosei/tetuduki/cat4503/simeiteisi_d/fil/1.pdf'] },
  {
    publisher: 'pref_07',
    urls: [613047, 634460, 726809].map((n) => `https://www.pref.fukushima.lg.jp/uploaded/attachment/${n}.pdf`),
  },
  { publisher: 'pref_10', urls: [640195, 701418].map((n) => `https://www.pref.gunma.jp/site/nyuusatsu/${n}.html`) },
  { publisher: 'pref_01', urls: ['https://www.pref.hokkaido.lg.jp/fs/1/3/1/2/8/4/4/3/_/shimeiteishi_R8.4.22.xls'] },
  {
    publisher: 'pref_03',
    urls: [
      'https://www.pref.iwate.jp/_res/projects/default_project/_page_/001/010/559/20260424_simeiteisiitiran.pdf',
      'https://www.pref.iwate.jp/_res/projects/default_project/_page_/001/010/644/simeiteisi080117.pdf',
    ],
  },
  {
    publisher: 'pref_46',
    urls: ['20240826131102', '20251007091609', '20251224161015'].map((t) => `${KAGOSHIMA}${t}-1.pdf`),
  },
  {
    publisher: 'pref_39',
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
  // Kyoto publishes three lists: 入札参加停止 (nyusatu), the 物品・役務 list (zaisan), and the 入札監視委員会's papers.
  {
    publisher: 'pref_26',
    urls: ['20240408', '20250408'].map(
      (d) => `https://www.pref.kyoto.jp/nyusatu/documents/list_entry_suspended_${d}.pdf`,
    ),
  },
  {
    publisher: 'pref_26',
    list: { slug: 'goods', title: '物品・役務' },
    urls: ['r60401', 'r70401', 'r80401'].map((f) => `https://www.pref.kyoto.jp/zaisan/documents/${f}.pdf`),
  },
  {
    publisher: 'pref_26',
    list: { slug: 'committee', title: '入札監視委員会資料' },
    urls: ['r61024kannsi1-5', 'r706siryou2-5'].map(
      (f) => `https://www.pref.kyoto.jp/shingikai/nyusatu-01/documents/${f}.pdf`,
    ),
  },
  { publisher: 'pref_24', urls: ['https://www.pref.mie.lg.jp/common/content/001250729.pdf'] },
  { publisher: 'pref_04', urls: ['https://www.pref.miyagi.jp/documents/14009/st_r80219.pdf'] },
  {
    publisher: 'pref_15',
    urls: [401306, 429420, 437080, 464589, 473552, 485171].map(
      (n) => `https://www.pref.niigata.lg.jp/uploaded/attachment/${n}.pdf`,
    ),
  },
  {
    publisher: 'pref_44',
    urls: [2237632, 2263998].map((n) => `https://www.pref.oita.jp/uploaded/attachment/${n}.pdf`),
  },
  { publisher: 'pref_11', urls: ['https://www.pref.saitama.lg.jp/documents/27690/hp-list080422.pdf'] },
  { publisher: 'pref_22', urls: [1028935, 1028960, 1053625, 1063417, 1071495].map((n) => `${SHIZUOKA}${n}.html`) },
  {
    publisher: 'pref_16',
    urls: ['https://www.pref.toyama.jp/1500/sangyou/nyuusatsu/koukyoukouji/kj00018221/20260113shimeiteishi.html'],
  },
  {
    publisher: 'pref_06',
    urls: ['20251225_shimeiteishiitiran', '20260420_shimeiteishir8itiran'].map(
      (f) => `https://www.pref.yamagata.jp/documents/3885/${f}.pdf`,
    ),
  },
  { publisher: 'pref_19', urls: ['https://www.pref.yamanashi.jp/documents/7899/r611shimeiteishiitiran.pdf'] },
  // Yokohama answers from its procurement system: the servlet's page is the list.
  { publisher: 'city_14100', urls: ['https://keiyaku.city.yokohama.lg.jp/epco/servlet/p?job=MeiboTeishiList'] },
  // Chiba city's contract section (keiyaku/) links the list page.
  { publisher: 'city_12100', urls: ['https://www.city.chiba.jp/zaiseikyoku/shisan/keiyaku/simeiteisi.html'] },
  // Kawasaki's pages link the lists' files under cmsfiles/…/90252/ (file names vary): PDF, as its lists are printed.
  {
    publisher: 'city_14130',
    urls: [
      'https://www.city.kawasaki.jp/233300/page/0000090252.html',
      'https://www.city.kawasaki.jp/233300/page/0000090252_00001.html',
    ],
    links: { pattern: 'cmsfiles/contents/0000090/90252/[^/]+\\.pdf$', format: 'pdf' },
  },
  { publisher: 'city_28100', urls: ['https://www.city.kobe.lg.jp/a05182/shimeiteishisochi.html'] },
  // Hokuriku announces each suspension as a press release; its press index pages list them, no table.
  { publisher: 'mlit_hokuriku_rdb', urls: ['https://www.hrr.mlit.go.jp/press/index.html'], table: false },
  {
    publisher: 'mlit_kinki_rdb',
    urls: ['c9us5e000000jzf8', 'olnrk8000000ouh9', 'r9733f000002jql8'].map(
      (p) => `https://www.kkr.mlit.go.jp/n_info/${p}.html`,
    ),
  },
  { publisher: 'mlit', urls: ['https://www.mlit.go.jp/page/kanbo05_hy_003092.html'] },
  {
    publisher: 'mlit',
    list: { slug: 'press', title: '営繕工事 報道発表' },
    urls: ['000282', '001000'].map((n) => `https://www.mlit.go.jp/report/press/eizen01_hh_${n}.html`),
    table: false,
  },
  { publisher: 'mlit_shikoku_rdb', urls: ['https://www.skr.mlit.go.jp/send/shimei/index.html'] },
  { publisher: 'mlit_tohoku_rdb', urls: ['R5', 'R6', 'R7', 'R8'].map((y) => `${THR}${y}simeiteisi.pdf`) },
];
