// The national bodies', agencies' and public corporations' procurement-suspension lists (指名停止等の措置) no module
// reads yet: each body at its official site root until its list's own page is found (then it moves to the module
// src/ingest/sources/procurement-suspensions/, as the bodies whose lists are known have).
import type { UnreadLists } from '../registry/unread-lists.js';

export const NATIONAL_SUSPENSIONS: readonly UnreadLists[] = [
  // The 19 各省各庁 of 財政法第21条 (the denominator in publisher-groups.ts): each contracts under the 予算決算及び
  // 会計令 and suspends bidders under its own 指名停止等措置要領, published on its site (物品・役務 and, for the works
  // ministries, 工事). 国土交通省's own list is read; the others are at their site roots.
  {
    list: 'procurement-suspensions',
    kind: 'procurement_suspension',
    title: '指名停止等の措置',
    at: [
      ['house_of_representatives', 'https://www.shugiin.go.jp/'],
      ['house_of_councillors', 'https://www.sangiin.go.jp/'],
      ['supreme_court', 'https://www.courts.go.jp/'],
      ['board_of_audit', 'https://www.jbaudit.go.jp/'],
      ['cas', 'https://www.cas.go.jp/'],
      ['cao', 'https://www.cao.go.jp/'],
      ['da', 'https://www.digital.go.jp/'],
      ['reconstruction_agency', 'https://www.reconstruction.go.jp/'],
      ['mic', 'https://www.soumu.go.jp/'],
      ['moj', 'https://www.moj.go.jp/'],
      ['mofa', 'https://www.mofa.go.jp/'],
      ['mof', 'https://www.mof.go.jp/'],
      ['mext', 'https://www.mext.go.jp/'],
      ['mhlw', 'https://www.mhlw.go.jp/'],
      ['maff', 'https://www.maff.go.jp/'],
      ['meti', 'https://www.meti.go.jp/'],
      ['moe', 'https://www.env.go.jp/'],
      ['mod', 'https://www.mod.go.jp/'],
    ],
  },
  // 国土交通省's 営繕工事 suspensions, announced in press releases in prose: no table to read
  {
    list: 'press-procurement-suspensions',
    kind: 'procurement_suspension',
    title: '指名停止等の措置（営繕工事 報道発表）',
    url_kind: 'list_page',
    at: [
      [
        'mlit',
        'https://www.mlit.go.jp/report/press/eizen01_hh_000282.html',
        'https://www.mlit.go.jp/report/press/eizen01_hh_001000.html',
      ],
    ],
  },
  // The works bureaus publish their own lists (工事・業務) and count for 国土交通省.
  {
    list: 'procurement-suspensions',
    kind: 'procurement_suspension',
    title: '指名停止等の措置',
    counts_for: 'mlit',
    at: [
      ['mlit_hokkaido_rdb', 'https://www.hkd.mlit.go.jp/'],
      ['mlit_kanto_rdb', 'https://www.ktr.mlit.go.jp/'],
      ['mlit_chubu_rdb', 'https://www.cbr.mlit.go.jp/'],
      ['mlit_chugoku_rdb', 'https://www.cgr.mlit.go.jp/'],
      ['mlit_kyushu_rdb', 'https://www.qsr.mlit.go.jp/'],
      ['mlit_okinawa_ogb', 'https://www.ogb.go.jp/'],
    ],
  },
  // each suspension announced as a press release; the press index pages list them, no table
  {
    list: 'procurement-suspensions',
    kind: 'procurement_suspension',
    title: '指名停止等の措置',
    counts_for: 'mlit',
    url_kind: 'list_page',
    at: [['mlit_hokuriku_rdb', 'https://www.hrr.mlit.go.jp/press/index.html']],
  },
  // 防衛装備庁 contracts for 防衛省 and counts for it.
  {
    list: 'procurement-suspensions',
    kind: 'procurement_suspension',
    title: '指名停止等の措置',
    counts_for: 'mod',
    at: [['atla', 'https://www.mod.go.jp/atla/']],
  },
  // Agencies of the authority vocabulary, each with a 指名停止 or 取引停止 list of its own.
  {
    list: 'procurement-suspensions',
    kind: 'procurement_suspension',
    title: '指名停止等の措置',
    at: [
      ['ur', 'https://www.ur-net.go.jp/'],
      ['jrtt', 'https://www.jrtt.go.jp/'],
      ['jwa', 'https://www.water.go.jp/'],
      ['jhf', 'https://www.jhf.go.jp/'],
      ['jaxa', 'https://www.jaxa.jp/'],
      ['jaea', 'https://www.jaea.go.jp/'],
      ['jst', 'https://www.jst.go.jp/'],
      ['nedo', 'https://www.nedo.go.jp/'],
      ['aist', 'https://www.aist.go.jp/'],
      ['riken', 'https://www.riken.jp/'],
      ['pwri', 'https://www.pwri.go.jp/'],
      ['jasso', 'https://www.jasso.go.jp/'],
      ['jica', 'https://www.jica.go.jp/'],
      ['jogmec', 'https://www.jogmec.go.jp/'],
      ['nho', 'https://www.hosp.go.jp/'],
      ['jcho', 'https://www.jcho.go.jp/'],
      ['jeed', 'https://www.jeed.go.jp/'],
      ['npb', 'https://www.npb.go.jp/'],
      ['mint', 'https://www.mint.go.jp/'],
    ],
  },
  // Special companies and corporations that suspend contractors under their own rules (NEXCO and the other
  // expressway companies chiefly; airports, 日本政策金融公庫, NHK and 国立健康危機管理研究機構 for goods and works).
  {
    list: 'procurement-suspensions',
    kind: 'procurement_suspension',
    title: '指名停止等の措置',
    at: [
      ['nexco_east', 'https://www.e-nexco.co.jp/'],
      ['nexco_central', 'https://www.c-nexco.co.jp/'],
      ['nexco_west', 'https://www.w-nexco.co.jp/'],
      ['shutoko', 'https://www.shutoko.co.jp/'],
      ['hanshin_expressway', 'https://www.hanshin-exp.co.jp/'],
      ['jb_honshi', 'https://www.jb-honshi.co.jp/'],
      ['naa', 'https://www.narita-airport.jp/'],
      ['nkiac', 'https://www.nkiac.co.jp/'],
      ['jfc', 'https://www.jfc.go.jp/'],
      ['nhk', 'https://www.nhk.or.jp/'],
      ['jihs', 'https://www.jihs.go.jp/'],
    ],
  },
];
