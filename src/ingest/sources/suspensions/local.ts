// Registry entries of the prefectures' and designated cities' procurement suspension lists (指名停止措置).
import { DESIGNATED_CITIES } from '../../../domain/vocabularies/designated-cities.js';
import { PREFECTURES } from '../../../domain/vocabularies/prefectures.js';
import type { SourceEntryInput } from '../../registry/source-entry.js';
import { suspensionEntries, type SuspensionList } from './suspension-lists.js';

/** A local government: its official site root, and its suspension lists where their addresses are known. */
interface LocalPublisher {
  readonly site: string;
  readonly lists?: readonly SuspensionList[];
}

const HYOGO = 'https://web.pref.hyogo.lg.jp/ks02/documents/';
const KOCHI = 'https://www.pref.kochi.lg.jp/doc/shimeiteishi_list/file_contents/file_';
const SHIZUOKA = 'https://www.pref.shizuoka.jp/kensei/nyusatsukobai/nyusatsukoji/1003485/';
const KAGOSHIMA = 'https://www.pref.kagoshima.jp/ah01/infra/tochi-kensetu/nyusatu/documents/11071_';

// Every prefecture and designated city publishes its 指名停止 decisions, each on its own site in its own
// layout (HTML tables, PDF, sometimes Excel). Each is registered at its official site root (the lg.jp or legacy
// domain it uses), and where a list's own address is known it is written beside it (lists), from
// test/fixtures/government/registry/list-addresses.md. Patterns with a fiscal year in them (名古屋市
// simeiteisiR{y}.pdf, さいたま市 R{n}teisiitiran.pdf) are not addresses: those two cities keep their site roots
// until the page that links the files is known.
export const PREFECTURE_SITES: Readonly<Record<string, LocalPublisher>> = {
  '01': {
    site: 'https://www.pref.hokkaido.lg.jp/',
    lists: [{ urls: ['https://www.pref.hokkaido.lg.jp/fs/1/3/1/2/8/4/4/3/_/shimeiteishi_R8.4.22.xls'] }],
  },
  '02': { site: 'https://www.pref.aomori.lg.jp/' },
  '03': {
    site: 'https://www.pref.iwate.jp/',
    lists: [
      {
        urls: [
          'https://www.pref.iwate.jp/_res/projects/default_project/_page_/001/010/559/20260424_simeiteisiitiran.pdf',
          'https://www.pref.iwate.jp/_res/projects/default_project/_page_/001/010/644/simeiteisi080117.pdf',
        ],
      },
    ],
  },
  '04': {
    site: 'https://www.pref.miyagi.jp/',
    lists: [{ urls: ['https://www.pref.miyagi.jp/documents/14009/st_r80219.pdf'] }],
  },
  '05': { site: 'https://www.pref.akita.lg.jp/' },
  '06': {
    site: 'https://www.pref.yamagata.jp/',
    lists: [
      {
        urls: ['20251225_shimeiteishiitiran', '20260420_shimeiteishir8itiran'].map(
          (f) => `https://www.pref.yamagata.jp/documents/3885/${f}.pdf`,
        ),
      },
    ],
  },
  '07': {
    site: 'https://www.pref.fukushima.lg.jp/',
    lists: [
      { urls: [613047, 634460, 726809].map((n) => `https://www.pref.fukushima.lg.jp/uploaded/attachment/${n}.pdf`) },
    ],
  },
  '08': { site: 'https://www.pref.ibaraki.jp/' },
  '09': { site: 'https://www.pref.tochigi.lg.jp/' },
  '10': {
    site: 'https://www.pref.gunma.jp/',
    lists: [{ urls: [640195, 701418].map((n) => `https://www.pref.gunma.jp/site/nyuusatsu/${n}.html`) }],
  },
  '11': {
    site: 'https://www.pref.saitama.lg.jp/',
    lists: [{ urls: ['https://www.pref.saitama.lg.jp/documents/27690/hp-list080422.pdf'] }],
  },
  '12': {
    site: 'https://www.pref.chiba.lg.jp/',
    lists: [
      // the known list is the one of 物品・委託 contracts (buppin-itaku)
      {
        urls: ['r04', 'r06', 'r07'].map(
          (y) =>
            `https://www.pref.chiba.lg.jp/kanzai/nyuu-kei/buppin-itaku/sankashikaku/documents/${y}-bi-simeiteisi.pdf`,
        ),
      },
    ],
  },
  '13': { site: 'https://www.metro.tokyo.lg.jp/' },
  '14': { site: 'https://www.pref.kanagawa.jp/' },
  '15': {
    site: 'https://www.pref.niigata.lg.jp/',
    lists: [
      {
        urls: [401306, 429420, 437080, 464589, 473552, 485171].map(
          (n) => `https://www.pref.niigata.lg.jp/uploaded/attachment/${n}.pdf`,
        ),
      },
    ],
  },
  '16': {
    site: 'https://www.pref.toyama.jp/',
    lists: [
      { urls: ['https://www.pref.toyama.jp/1500/sangyou/nyuusatsu/koukyoukouji/kj00018221/20260113shimeiteishi.html'] },
    ],
  },
  '17': { site: 'https://www.pref.ishikawa.lg.jp/' },
  '18': {
    site: 'https://www.pref.fukui.lg.jp/',
    lists: [{ urls: ['https://www.pref.fukui.lg.jp/gyosei/tetuduki/cat4503/simeiteisi_d/fil/1.pdf'] }],
  },
  '19': {
    site: 'https://www.pref.yamanashi.jp/',
    lists: [{ urls: ['https://www.pref.yamanashi.jp/documents/7899/r611shimeiteishiitiran.pdf'] }],
  },
  '20': { site: 'https://www.pref.nagano.lg.jp/' },
  '21': { site: 'https://www.pref.gifu.lg.jp/' },
  '22': {
    site: 'https://www.pref.shizuoka.jp/',
    lists: [{ urls: [1028935, 1028960, 1053625, 1063417, 1071495].map((n) => `${SHIZUOKA}${n}.html`) }],
  },
  '23': {
    site: 'https://www.pref.aichi.jp/',
    lists: [{ urls: [562153, 610657, 614388].map((n) => `https://www.pref.aichi.jp/uploaded/attachment/${n}.pdf`) }],
  },
  '24': {
    site: 'https://www.pref.mie.lg.jp/',
    lists: [{ urls: ['https://www.pref.mie.lg.jp/common/content/001250729.pdf'] }],
  },
  '25': { site: 'https://www.pref.shiga.lg.jp/' },
  '26': {
    site: 'https://www.pref.kyoto.jp/',
    lists: [
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
  },
  '27': { site: 'https://www.pref.osaka.lg.jp/' },
  '28': {
    site: 'https://web.pref.hyogo.lg.jp/',
    lists: [
      // one PDF per suspension (the addresses known here)
      {
        urls: ['daisin', 'daruma', 'kanayama', 'maruto', 'nishiyo', 'shinsei', 'terada', 'water'].map(
          (f) => `${HYOGO}${f}.pdf`,
        ),
      },
    ],
  },
  '29': { site: 'https://www.pref.nara.lg.jp/' },
  '30': { site: 'https://www.pref.wakayama.lg.jp/' },
  '31': { site: 'https://www.pref.tottori.lg.jp/' },
  '32': { site: 'https://www.pref.shimane.lg.jp/' },
  '33': { site: 'https://www.pref.okayama.jp/' },
  '34': { site: 'https://www.pref.hiroshima.lg.jp/' },
  '35': { site: 'https://www.pref.yamaguchi.lg.jp/' },
  '36': { site: 'https://www.pref.tokushima.lg.jp/' },
  '37': { site: 'https://www.pref.kagawa.lg.jp/' },
  '38': { site: 'https://www.pref.ehime.jp/' },
  '39': {
    site: 'https://www.pref.kochi.lg.jp/',
    lists: [
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
  },
  '40': { site: 'https://www.pref.fukuoka.lg.jp/' },
  '41': { site: 'https://www.pref.saga.lg.jp/' },
  '42': { site: 'https://www.pref.nagasaki.jp/' },
  '43': { site: 'https://www.pref.kumamoto.jp/' },
  '44': {
    site: 'https://www.pref.oita.jp/',
    lists: [{ urls: [2237632, 2263998].map((n) => `https://www.pref.oita.jp/uploaded/attachment/${n}.pdf`) }],
  },
  '45': { site: 'https://www.pref.miyazaki.lg.jp/' },
  '46': {
    site: 'https://www.pref.kagoshima.jp/',
    lists: [{ urls: ['20240826131102', '20251007091609', '20251224161015'].map((t) => `${KAGOSHIMA}${t}-1.pdf`) }],
  },
  '47': { site: 'https://www.pref.okinawa.lg.jp/' },
};

const CITY_SITES: Readonly<Record<string, LocalPublisher>> = {
  '01100': { site: 'https://www.city.sapporo.jp/' },
  '04100': { site: 'https://www.city.sendai.jp/' },
  '11100': { site: 'https://www.city.saitama.lg.jp/' },
  '12100': {
    site: 'https://www.city.chiba.jp/',
    lists: [
      // the contract section (keiyaku/) links the list page
      { urls: ['https://www.city.chiba.jp/zaiseikyoku/shisan/keiyaku/simeiteisi.html'] },
    ],
  },
  '14100': {
    site: 'https://www.city.yokohama.lg.jp/',
    lists: [
      // the procurement system answers: the servlet's page is the list
      { urls: ['https://keiyaku.city.yokohama.lg.jp/epco/servlet/p?job=MeiboTeishiList'] },
    ],
  },
  '14130': {
    site: 'https://www.city.kawasaki.jp/',
    lists: [
      // the pages link the lists' files under cmsfiles/…/90252/ (file names vary): PDF, as its lists are printed
      {
        urls: [
          'https://www.city.kawasaki.jp/233300/page/0000090252.html',
          'https://www.city.kawasaki.jp/233300/page/0000090252_00001.html',
        ],
        links: { pattern: 'cmsfiles/contents/0000090/90252/[^/]+\\.pdf$', format: 'pdf' },
      },
    ],
  },
  '14150': { site: 'https://www.city.sagamihara.kanagawa.jp/' },
  '15100': { site: 'https://www.city.niigata.lg.jp/' },
  '22100': { site: 'https://www.city.shizuoka.lg.jp/' },
  '22130': { site: 'https://www.city.hamamatsu.shizuoka.jp/' },
  '23100': { site: 'https://www.city.nagoya.jp/' },
  '26100': { site: 'https://www.city.kyoto.lg.jp/' },
  '27100': { site: 'https://www.city.osaka.lg.jp/' },
  '27140': { site: 'https://www.city.sakai.lg.jp/' },
  '28100': {
    site: 'https://www.city.kobe.lg.jp/',
    lists: [{ urls: ['https://www.city.kobe.lg.jp/a05182/shimeiteishisochi.html'] }],
  },
  '33100': { site: 'https://www.city.okayama.jp/' },
  '34100': { site: 'https://www.city.hiroshima.lg.jp/' },
  '40100': { site: 'https://www.city.kitakyushu.lg.jp/' },
  '40130': { site: 'https://www.city.fukuoka.lg.jp/' },
  '43100': { site: 'https://www.city.kumamoto.jp/' },
};

/** A local government's official site root. */
export function siteOf(sites: Readonly<Record<string, LocalPublisher>>, code: string): string {
  const publisher = sites[code];
  if (publisher === undefined) throw new Error(`no official site registered for local government ${code}`);
  return publisher.site;
}

function localEntries(
  sites: Readonly<Record<string, LocalPublisher>>,
  prefix: 'pref' | 'city',
  body: { readonly code: string; readonly name: string },
): SourceEntryInput[] {
  return suspensionEntries({
    publisher: `${prefix}_${body.code}`,
    name: body.name,
    title: '指名停止措置',
    site: siteOf(sites, body.code),
    lists: sites[body.code]?.lists,
  });
}

export const PREFECTURE_SOURCES: readonly SourceEntryInput[] = PREFECTURES.flatMap((p) =>
  localEntries(PREFECTURE_SITES, 'pref', p),
);

export const DESIGNATED_CITY_SOURCES: readonly SourceEntryInput[] = DESIGNATED_CITIES.flatMap((c) =>
  localEntries(CITY_SITES, 'city', c),
);
