// Registry entries of the national bodies', agencies' and public corporations' procurement suspension lists.
import type { SourceEntryInput } from '../../registry/source-entry.js';
import { suspensionEntries, type SuspensionList } from './suspension-lists.js';

/** A body, its official site root, and what else is known of its lists: the body it counts for, their addresses. */
export type Row = readonly [
  publisher: string,
  name: string,
  site: string,
  more?: { readonly counts_for?: string; readonly lists?: readonly SuspensionList[] },
];

function suspensions(list: readonly Row[]): SourceEntryInput[] {
  return list.flatMap(([publisher, name, site, more]) =>
    suspensionEntries({ publisher, name, title: '指名停止等の措置', site, ...more }),
  );
}

const THR = 'https://www.thr.mlit.go.jp/Bumon/B00013/K00730/simeiteisi/';

// The 19 各省各庁 of 財政法第21条 (the denominator in publisher-groups.ts): each contracts under the 予算決算及び
// 会計令 and suspends bidders under its own 指名停止等措置要領, published on its site (物品・役務 and, for the
// works ministries, 工事). Official site roots until each list page is found; the lists known are written beside them.
const MINISTRIES: readonly Row[] = [
  ['house_of_representatives', '衆議院', 'https://www.shugiin.go.jp/'],
  ['house_of_councillors', '参議院', 'https://www.sangiin.go.jp/'],
  ['supreme_court', '最高裁判所', 'https://www.courts.go.jp/'],
  ['board_of_audit', '会計検査院', 'https://www.jbaudit.go.jp/'],
  ['cas', '内閣官房', 'https://www.cas.go.jp/'],
  ['cao', '内閣府', 'https://www.cao.go.jp/'],
  ['da', 'デジタル庁', 'https://www.digital.go.jp/'],
  ['reconstruction_agency', '復興庁', 'https://www.reconstruction.go.jp/'],
  ['mic', '総務省', 'https://www.soumu.go.jp/'],
  ['moj', '法務省', 'https://www.moj.go.jp/'],
  ['mofa', '外務省', 'https://www.mofa.go.jp/'],
  ['mof', '財務省', 'https://www.mof.go.jp/'],
  ['mext', '文部科学省', 'https://www.mext.go.jp/'],
  ['mhlw', '厚生労働省', 'https://www.mhlw.go.jp/'],
  ['maff', '農林水産省', 'https://www.maff.go.jp/'],
  ['meti', '経済産業省', 'https://www.meti.go.jp/'],
  [
    'mlit',
    '国土交通省',
    'https://www.mlit.go.jp/',
    {
      lists: [
        { urls: ['https://www.mlit.go.jp/page/kanbo05_hy_003092.html'] },
        // the 営繕工事 suspensions, announced in press releases: no table
        {
          list: { slug: 'press', title: '営繕工事 報道発表' },
          urls: ['000282', '001000'].map((n) => `https://www.mlit.go.jp/report/press/eizen01_hh_${n}.html`),
          table: false,
        },
      ],
    },
  ],
  ['moe', '環境省', 'https://www.env.go.jp/'],
  ['mod', '防衛省', 'https://www.mod.go.jp/'],
];

// The works bureaus publish their own lists (工事・業務); they count for 国土交通省 (防衛装備庁 for 防衛省).
export const REGIONAL_OFFICES: readonly Row[] = [
  ['mlit_hokkaido_rdb', '北海道開発局', 'https://www.hkd.mlit.go.jp/', { counts_for: 'mlit' }],
  [
    'mlit_tohoku_rdb',
    '東北地方整備局',
    'https://www.thr.mlit.go.jp/',
    { counts_for: 'mlit', lists: [{ urls: ['R5', 'R6', 'R7', 'R8'].map((y) => `${THR}${y}simeiteisi.pdf`) }] },
  ],
  ['mlit_kanto_rdb', '関東地方整備局', 'https://www.ktr.mlit.go.jp/', { counts_for: 'mlit' }],
  [
    'mlit_hokuriku_rdb',
    '北陸地方整備局',
    'https://www.hrr.mlit.go.jp/',
    {
      counts_for: 'mlit',
      // each suspension announced as a press release; the press index pages list them, no table
      lists: [{ urls: ['https://www.hrr.mlit.go.jp/press/index.html'], table: false }],
    },
  ],
  ['mlit_chubu_rdb', '中部地方整備局', 'https://www.cbr.mlit.go.jp/', { counts_for: 'mlit' }],
  [
    'mlit_kinki_rdb',
    '近畿地方整備局',
    'https://www.kkr.mlit.go.jp/',
    {
      counts_for: 'mlit',
      lists: [
        {
          urls: ['c9us5e000000jzf8', 'olnrk8000000ouh9', 'r9733f000002jql8'].map(
            (p) => `https://www.kkr.mlit.go.jp/n_info/${p}.html`,
          ),
        },
      ],
    },
  ],
  ['mlit_chugoku_rdb', '中国地方整備局', 'https://www.cgr.mlit.go.jp/', { counts_for: 'mlit' }],
  [
    'mlit_shikoku_rdb',
    '四国地方整備局',
    'https://www.skr.mlit.go.jp/',
    { counts_for: 'mlit', lists: [{ urls: ['https://www.skr.mlit.go.jp/send/shimei/index.html'] }] },
  ],
  ['mlit_kyushu_rdb', '九州地方整備局', 'https://www.qsr.mlit.go.jp/', { counts_for: 'mlit' }],
  ['mlit_okinawa_ogb', '沖縄総合事務局', 'https://www.ogb.go.jp/', { counts_for: 'mlit' }],
  ['atla', '防衛装備庁', 'https://www.mod.go.jp/atla/', { counts_for: 'mod' }],
];

// Agencies of the authority vocabulary, each with a 指名停止 or 取引停止 list of its own.
const AGENCIES: readonly Row[] = [
  ['ur', '独立行政法人都市再生機構', 'https://www.ur-net.go.jp/'],
  ['jrtt', '独立行政法人鉄道建設・運輸施設整備支援機構', 'https://www.jrtt.go.jp/'],
  ['jwa', '独立行政法人水資源機構', 'https://www.water.go.jp/'],
  ['jhf', '独立行政法人住宅金融支援機構', 'https://www.jhf.go.jp/'],
  ['jaxa', '国立研究開発法人宇宙航空研究開発機構', 'https://www.jaxa.jp/'],
  ['jaea', '国立研究開発法人日本原子力研究開発機構', 'https://www.jaea.go.jp/'],
  ['jst', '国立研究開発法人科学技術振興機構', 'https://www.jst.go.jp/'],
  ['nedo', '国立研究開発法人新エネルギー・産業技術総合開発機構', 'https://www.nedo.go.jp/'],
  ['aist', '国立研究開発法人産業技術総合研究所', 'https://www.aist.go.jp/'],
  ['riken', '国立研究開発法人理化学研究所', 'https://www.riken.jp/'],
  ['pwri', '国立研究開発法人土木研究所', 'https://www.pwri.go.jp/'],
  ['jasso', '独立行政法人日本学生支援機構', 'https://www.jasso.go.jp/'],
  ['jica', '独立行政法人国際協力機構', 'https://www.jica.go.jp/'],
  ['jogmec', '独立行政法人エネルギー・金属鉱物資源機構', 'https://www.jogmec.go.jp/'],
  ['nho', '独立行政法人国立病院機構', 'https://www.hosp.go.jp/'],
  ['jcho', '独立行政法人地域医療機能推進機構', 'https://www.jcho.go.jp/'],
  ['jeed', '独立行政法人高齢・障害・求職者雇用支援機構', 'https://www.jeed.go.jp/'],
  ['npb', '独立行政法人国立印刷局', 'https://www.npb.go.jp/'],
  ['mint', '独立行政法人造幣局', 'https://www.mint.go.jp/'],
];

// Special companies and corporations that suspend contractors under their own rules (NEXCO and the other
// expressway companies chiefly; airports, 日本政策金融公庫, NHK and 国立健康危機管理研究機構 for goods and works).
const CORPORATIONS: readonly Row[] = [
  ['nexco_east', '東日本高速道路株式会社', 'https://www.e-nexco.co.jp/'],
  ['nexco_central', '中日本高速道路株式会社', 'https://www.c-nexco.co.jp/'],
  ['nexco_west', '西日本高速道路株式会社', 'https://www.w-nexco.co.jp/'],
  ['shutoko', '首都高速道路株式会社', 'https://www.shutoko.co.jp/'],
  ['hanshin_expressway', '阪神高速道路株式会社', 'https://www.hanshin-exp.co.jp/'],
  ['jb_honshi', '本州四国連絡高速道路株式会社', 'https://www.jb-honshi.co.jp/'],
  ['naa', '成田国際空港株式会社', 'https://www.narita-airport.jp/'],
  ['nkiac', '新関西国際空港株式会社', 'https://www.nkiac.co.jp/'],
  ['jfc', '株式会社日本政策金融公庫', 'https://www.jfc.go.jp/'],
  ['nhk', '日本放送協会', 'https://www.nhk.or.jp/'],
  ['jihs', '国立健康危機管理研究機構', 'https://www.jihs.go.jp/'],
];

export const NATIONAL_SOURCES: readonly SourceEntryInput[] = [
  ...suspensions(MINISTRIES),
  ...suspensions(REGIONAL_OFFICES),
];
export const AGENCY_SOURCES: readonly SourceEntryInput[] = suspensions(AGENCIES);
export const CORPORATION_SOURCES: readonly SourceEntryInput[] = suspensions(CORPORATIONS);
