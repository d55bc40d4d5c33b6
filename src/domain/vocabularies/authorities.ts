// The authorities that act or publish (national bodies and their regional offices, agencies, corporations, local governments).

import { defineVocabulary, type Term } from '../vocabulary.js';
import { subtrees } from '../term-tree.js';
import { DESIGNATED_CITIES } from './designated-cities.js';
import { PREFECTURES } from './prefectures.js';
import type { PublisherGroupCode } from './publisher-groups.js';

export interface AuthorityTerm extends Term {
  readonly group: PublisherGroupCode;
  /** The body this one is an office or agency of (its ministry, or the bureau it belongs to), or null. */
  readonly parent: string | null;
}

type Row = readonly [code: string, name: string, name_en: string, aliases?: readonly string[]];

/** The rows of a list as terms; `parent` is the parent of every row unless PLACED_UNDER names another. */
function rows(group: PublisherGroupCode, list: readonly Row[], parent: string | null = null): AuthorityTerm[] {
  return list.map(([code, name, name_en, aliases]) => ({
    code,
    name,
    name_en,
    group,
    parent: PLACED_UNDER[code] ?? parent,
    ...(aliases ? { aliases } : {}),
  }));
}

// The external agencies and commissions (外局) under the body their establishing act places them in (内閣府設置法
// 第49条第3項, 国家行政組織法 第3条), so that `authority=meti` also finds what 資源エネルギー庁 did. 警察庁 sits
// under 国家公安委員会, itself under 内閣府, which is not a term. 証券取引等監視委員会 is placed in 金融庁 (金融庁設置法
// 第6条), 神戸運輸監理部 in 近畿運輸局 (国土交通省設置法). デジタル庁 and 復興庁 are under the Cabinet itself: no parent.
const PLACED_UNDER: Readonly<Record<string, string>> = {
  jftc: 'cao',
  ppc: 'cao',
  npa: 'cao',
  fsa: 'cao',
  caa: 'cao',
  cfa: 'cao',
  sesc: 'fsa',
  isa: 'moj',
  nta: 'mof',
  forestry_agency: 'maff',
  fisheries_agency: 'maff',
  anre: 'meti',
  jpo: 'meti',
  smea: 'meti',
  jta: 'mlit',
  jma: 'mlit',
  jcg: 'mlit',
  nra: 'moe',
  atla: 'mod',
  mlit_kobe_tsd: 'mlit_kinki_dtb',
  mhlw_shikoku_rbhw: 'mhlw_chugoku_shikoku_rbhw',
};

// Ministries, commissions and agencies, the constitutional bodies of 財政法第21条 included; the aliases are the
// abbreviations the press and the bodies themselves use.
const NATIONAL: readonly Row[] = [
  ['house_of_representatives', '衆議院', 'House of Representatives'],
  ['house_of_councillors', '参議院', 'House of Councillors'],
  ['supreme_court', '最高裁判所', 'Supreme Court of Japan', ['最高裁']],
  ['board_of_audit', '会計検査院', 'Board of Audit of Japan'],
  ['cas', '内閣官房', 'Cabinet Secretariat'],
  ['cao', '内閣府', 'Cabinet Office'],
  ['jftc', '公正取引委員会', 'Japan Fair Trade Commission', ['公取委', '公取']],
  ['ppc', '個人情報保護委員会', 'Personal Information Protection Commission', ['個情委']],
  ['npa', '警察庁', 'National Police Agency'],
  ['fsa', '金融庁', 'Financial Services Agency'],
  ['sesc', '証券取引等監視委員会', 'Securities and Exchange Surveillance Commission', ['証券監視委']],
  ['caa', '消費者庁', 'Consumer Affairs Agency'],
  ['cfa', 'こども家庭庁', 'Children and Families Agency'],
  ['da', 'デジタル庁', 'Digital Agency'],
  ['reconstruction_agency', '復興庁', 'Reconstruction Agency'],
  ['mic', '総務省', 'Ministry of Internal Affairs and Communications'],
  ['moj', '法務省', 'Ministry of Justice'],
  ['isa', '出入国在留管理庁', 'Immigration Services Agency of Japan', ['入管庁', '入管']],
  ['mofa', '外務省', 'Ministry of Foreign Affairs'],
  ['mof', '財務省', 'Ministry of Finance'],
  ['nta', '国税庁', 'National Tax Agency'],
  ['mext', '文部科学省', 'Ministry of Education, Culture, Sports, Science and Technology', ['文科省']],
  ['mhlw', '厚生労働省', 'Ministry of Health, Labour and Welfare', ['厚労省']],
  ['maff', '農林水産省', 'Ministry of Agriculture, Forestry and Fisheries', ['農水省']],
  ['forestry_agency', '林野庁', 'Forestry Agency'],
  ['fisheries_agency', '水産庁', 'Fisheries Agency'],
  ['meti', '経済産業省', 'Ministry of Economy, Trade and Industry', ['経産省']],
  ['anre', '資源エネルギー庁', 'Agency for Natural Resources and Energy', ['エネ庁']],
  ['jpo', '特許庁', 'Japan Patent Office'],
  ['smea', '中小企業庁', 'Small and Medium Enterprise Agency', ['中企庁']],
  ['mlit', '国土交通省', 'Ministry of Land, Infrastructure, Transport and Tourism', ['国交省']],
  ['jta', '観光庁', 'Japan Tourism Agency'],
  ['jma', '気象庁', 'Japan Meteorological Agency'],
  ['jcg', '海上保安庁', 'Japan Coast Guard', ['海保']],
  ['moe', '環境省', 'Ministry of the Environment'],
  ['nra', '原子力規制委員会', 'Nuclear Regulation Authority', ['規制委']],
  ['mod', '防衛省', 'Ministry of Defense'],
  ['atla', '防衛装備庁', 'Acquisition, Technology and Logistics Agency'],
];

// 地方整備局, with 北海道開発局 and 沖縄総合事務局 doing that work in Hokkaido and Okinawa.
const MLIT_DEVELOPMENT: readonly Row[] = [
  ['mlit_hokkaido_rdb', '北海道開発局', 'Hokkaido Regional Development Bureau'],
  ['mlit_tohoku_rdb', '東北地方整備局', 'Tohoku Regional Development Bureau'],
  ['mlit_kanto_rdb', '関東地方整備局', 'Kanto Regional Development Bureau'],
  ['mlit_hokuriku_rdb', '北陸地方整備局', 'Hokuriku Regional Development Bureau'],
  ['mlit_chubu_rdb', '中部地方整備局', 'Chubu Regional Development Bureau'],
  ['mlit_kinki_rdb', '近畿地方整備局', 'Kinki Regional Development Bureau'],
  ['mlit_chugoku_rdb', '中国地方整備局', 'Chugoku Regional Development Bureau'],
  ['mlit_shikoku_rdb', '四国地方整備局', 'Shikoku Regional Development Bureau'],
  ['mlit_kyushu_rdb', '九州地方整備局', 'Kyushu Regional Development Bureau'],
  ['mlit_okinawa_ogb', '沖縄総合事務局', 'Okinawa General Bureau'],
];

// 地方運輸局 (trucking, bus, taxi, vehicle maintenance and travel-agency actions); 神戸運輸監理部 covers
// maritime work in Hyogo with the powers of a district transport bureau, so it is kept apart.
const MLIT_TRANSPORT: readonly Row[] = [
  ['mlit_hokkaido_dtb', '北海道運輸局', 'Hokkaido District Transport Bureau'],
  ['mlit_tohoku_dtb', '東北運輸局', 'Tohoku District Transport Bureau'],
  ['mlit_kanto_dtb', '関東運輸局', 'Kanto District Transport Bureau'],
  ['mlit_hokuriku_shinetsu_dtb', '北陸信越運輸局', 'Hokuriku-Shinetsu District Transport Bureau'],
  ['mlit_chubu_dtb', '中部運輸局', 'Chubu District Transport Bureau'],
  ['mlit_kinki_dtb', '近畿運輸局', 'Kinki District Transport Bureau'],
  ['mlit_kobe_tsd', '神戸運輸監理部', 'Kobe Transport Supervisory Department'],
  ['mlit_chugoku_dtb', '中国運輸局', 'Chugoku District Transport Bureau'],
  ['mlit_shikoku_dtb', '四国運輸局', 'Shikoku District Transport Bureau'],
  ['mlit_kyushu_dtb', '九州運輸局', 'Kyushu District Transport Bureau'],
];

// 財務局 are offices of 財務省, but they act for 金融庁 under delegated powers (金融商品取引業者, 貸金業者 of
// several prefectures, …), which is why they carry the fsa prefix. In Okinawa the finance department of
// 沖縄総合事務局 does that work; it is named apart so that 沖縄総合事務局 itself stays one term.
const FSA_FINANCE: readonly Row[] = [
  ['fsa_hokkaido_lfb', '北海道財務局', 'Hokkaido Local Finance Bureau'],
  ['fsa_tohoku_lfb', '東北財務局', 'Tohoku Local Finance Bureau'],
  ['fsa_kanto_lfb', '関東財務局', 'Kanto Local Finance Bureau'],
  ['fsa_hokuriku_lfb', '北陸財務局', 'Hokuriku Local Finance Bureau'],
  ['fsa_tokai_lfb', '東海財務局', 'Tokai Local Finance Bureau'],
  ['fsa_kinki_lfb', '近畿財務局', 'Kinki Local Finance Bureau'],
  ['fsa_chugoku_lfb', '中国財務局', 'Chugoku Local Finance Bureau'],
  ['fsa_shikoku_lfb', '四国財務局', 'Shikoku Local Finance Bureau'],
  ['fsa_kyushu_lfb', '九州財務局', 'Kyushu Local Finance Bureau'],
  ['fsa_fukuoka_lfb', '福岡財務支局', 'Fukuoka Local Finance Branch Bureau'],
  ['fsa_okinawa_ogb', '沖縄総合事務局財務部', 'Okinawa General Bureau, Finance Department'],
];

// 地方農政局 act in their own name under 食品表示法 (指示 and 命令 to food businesses of their region); 北海道 and
// 沖縄 are left out until a source needs their offices (北海道農政事務所, 沖縄総合事務局農林水産部).
const MAFF_REGIONAL: readonly Row[] = [
  ['maff_tohoku_rao', '東北農政局', 'Tohoku Regional Agricultural Administration Office'],
  ['maff_kanto_rao', '関東農政局', 'Kanto Regional Agricultural Administration Office'],
  ['maff_hokuriku_rao', '北陸農政局', 'Hokuriku Regional Agricultural Administration Office'],
  ['maff_tokai_rao', '東海農政局', 'Tokai Regional Agricultural Administration Office'],
  ['maff_kinki_rao', '近畿農政局', 'Kinki Regional Agricultural Administration Office'],
  ['maff_chugoku_shikoku_rao', '中国四国農政局', 'Chugoku-Shikoku Regional Agricultural Administration Office'],
  ['maff_kyushu_rao', '九州農政局', 'Kyushu Regional Agricultural Administration Office'],
];

// 総合通信局 act in their own name under 電波法 and 電気通信事業法 (licences of radio stations, orders to carriers of
// their region); 沖縄総合通信事務所 does that work in Okinawa.
const MIC_REGIONAL: readonly Row[] = [
  ['mic_hokkaido_bt', '北海道総合通信局', 'Hokkaido Bureau of Telecommunications'],
  ['mic_tohoku_bt', '東北総合通信局', 'Tohoku Bureau of Telecommunications'],
  ['mic_kanto_bt', '関東総合通信局', 'Kanto Bureau of Telecommunications'],
  ['mic_shinetsu_bt', '信越総合通信局', 'Shinetsu Bureau of Telecommunications'],
  ['mic_hokuriku_bt', '北陸総合通信局', 'Hokuriku Bureau of Telecommunications'],
  ['mic_tokai_bt', '東海総合通信局', 'Tokai Bureau of Telecommunications'],
  ['mic_kinki_bt', '近畿総合通信局', 'Kinki Bureau of Telecommunications'],
  ['mic_chugoku_bt', '中国総合通信局', 'Chugoku Bureau of Telecommunications'],
  ['mic_shikoku_bt', '四国総合通信局', 'Shikoku Bureau of Telecommunications'],
  ['mic_kyushu_bt', '九州総合通信局', 'Kyushu Bureau of Telecommunications'],
  ['mic_okinawa_ot', '沖縄総合通信事務所', 'Okinawa Office of Telecommunications'],
];

// 経済産業局 act in their own name (特定商取引法 under 消費者庁's delegation, 割賦販売法, 電気工事業法); in Okinawa the
// economy department of 沖縄総合事務局 does that work, named apart as its finance department is.
const METI_REGIONAL: readonly Row[] = [
  ['meti_hokkaido_beti', '北海道経済産業局', 'Hokkaido Bureau of Economy, Trade and Industry'],
  ['meti_tohoku_beti', '東北経済産業局', 'Tohoku Bureau of Economy, Trade and Industry'],
  ['meti_kanto_beti', '関東経済産業局', 'Kanto Bureau of Economy, Trade and Industry'],
  ['meti_chubu_beti', '中部経済産業局', 'Chubu Bureau of Economy, Trade and Industry'],
  ['meti_kinki_beti', '近畿経済産業局', 'Kinki Bureau of Economy, Trade and Industry'],
  ['meti_chugoku_beti', '中国経済産業局', 'Chugoku Bureau of Economy, Trade and Industry'],
  ['meti_shikoku_beti', '四国経済産業局', 'Shikoku Bureau of Economy, Trade and Industry'],
  ['meti_kyushu_beti', '九州経済産業局', 'Kyushu Bureau of Economy, Trade and Industry'],
  ['meti_okinawa_ogb', '沖縄総合事務局経済産業部', 'Okinawa General Bureau, Economy, Trade and Industry Department'],
];

// 地方厚生局 act in their own name (the designations of 保険医療機関 and 保険薬局 under 健康保険法); 四国厚生支局 is a
// branch of 中国四国厚生局 that does that work in Shikoku.
const MHLW_HEALTH: readonly Row[] = [
  ['mhlw_hokkaido_rbhw', '北海道厚生局', 'Hokkaido Regional Bureau of Health and Welfare'],
  ['mhlw_tohoku_rbhw', '東北厚生局', 'Tohoku Regional Bureau of Health and Welfare'],
  ['mhlw_kanto_shinetsu_rbhw', '関東信越厚生局', 'Kanto-Shinetsu Regional Bureau of Health and Welfare'],
  ['mhlw_tokai_hokuriku_rbhw', '東海北陸厚生局', 'Tokai-Hokuriku Regional Bureau of Health and Welfare'],
  ['mhlw_kinki_rbhw', '近畿厚生局', 'Kinki Regional Bureau of Health and Welfare'],
  ['mhlw_chugoku_shikoku_rbhw', '中国四国厚生局', 'Chugoku-Shikoku Regional Bureau of Health and Welfare'],
  ['mhlw_shikoku_rbhw', '四国厚生支局', 'Shikoku Branch Bureau of Health and Welfare'],
  ['mhlw_kyushu_rbhw', '九州厚生局', 'Kyushu Regional Bureau of Health and Welfare'],
];

// 森林管理局 of 林野庁: they manage the national forests and let its works, suspending contractors in their own name.
const FORESTRY_REGIONAL: readonly Row[] = [
  ['forestry_hokkaido_rfo', '北海道森林管理局', 'Hokkaido Regional Forest Office'],
  ['forestry_tohoku_rfo', '東北森林管理局', 'Tohoku Regional Forest Office'],
  ['forestry_kanto_rfo', '関東森林管理局', 'Kanto Regional Forest Office'],
  ['forestry_chubu_rfo', '中部森林管理局', 'Chubu Regional Forest Office'],
  ['forestry_kinki_chugoku_rfo', '近畿中国森林管理局', 'Kinki-Chugoku Regional Forest Office'],
  ['forestry_shikoku_rfo', '四国森林管理局', 'Shikoku Regional Forest Office'],
  ['forestry_kyushu_rfo', '九州森林管理局', 'Kyushu Regional Forest Office'],
];

// Agencies that publish bid or transaction suspensions; names as their establishing acts give them.
const INDEPENDENT_AGENCIES: readonly Row[] = [
  ['ur', '独立行政法人都市再生機構', 'Urban Renaissance Agency', ['都市再生機構', 'UR都市機構']],
  [
    'jrtt',
    '独立行政法人鉄道建設・運輸施設整備支援機構',
    'Japan Railway Construction, Transport and Technology Agency',
    ['鉄道建設・運輸施設整備支援機構', '鉄道・運輸機構'],
  ],
  ['jwa', '独立行政法人水資源機構', 'Japan Water Agency', ['水資源機構']],
  ['jhf', '独立行政法人住宅金融支援機構', 'Japan Housing Finance Agency', ['住宅金融支援機構']],
  ['jaxa', '国立研究開発法人宇宙航空研究開発機構', 'Japan Aerospace Exploration Agency', ['宇宙航空研究開発機構']],
  [
    'jaea',
    '国立研究開発法人日本原子力研究開発機構',
    'Japan Atomic Energy Agency',
    ['日本原子力研究開発機構', '原子力機構'],
  ],
  ['jst', '国立研究開発法人科学技術振興機構', 'Japan Science and Technology Agency', ['科学技術振興機構']],
  [
    'nedo',
    '国立研究開発法人新エネルギー・産業技術総合開発機構',
    'New Energy and Industrial Technology Development Organization',
    ['新エネルギー・産業技術総合開発機構'],
  ],
  [
    'aist',
    '国立研究開発法人産業技術総合研究所',
    'National Institute of Advanced Industrial Science and Technology',
    ['産業技術総合研究所', '産総研'],
  ],
  ['riken', '国立研究開発法人理化学研究所', 'RIKEN', ['理化学研究所', '理研']],
  ['pwri', '国立研究開発法人土木研究所', 'Public Works Research Institute', ['土木研究所']],
  ['jasso', '独立行政法人日本学生支援機構', 'Japan Student Services Organization', ['日本学生支援機構']],
  ['jica', '独立行政法人国際協力機構', 'Japan International Cooperation Agency', ['国際協力機構']],
  [
    'jogmec',
    '独立行政法人エネルギー・金属鉱物資源機構',
    'Japan Organization for Metals and Energy Security',
    ['エネルギー・金属鉱物資源機構', '石油天然ガス・金属鉱物資源機構'],
  ],
  ['nho', '独立行政法人国立病院機構', 'National Hospital Organization', ['国立病院機構']],
  ['jcho', '独立行政法人地域医療機能推進機構', 'Japan Community Health care Organization', ['地域医療機能推進機構']],
  [
    'jeed',
    '独立行政法人高齢・障害・求職者雇用支援機構',
    'Japan Organization for Employment of the Elderly, Persons with Disabilities and Job Seekers',
    ['高齢・障害・求職者雇用支援機構'],
  ],
  ['npb', '独立行政法人国立印刷局', 'National Printing Bureau', ['国立印刷局']],
  ['mint', '独立行政法人造幣局', 'Japan Mint', ['造幣局']],
];

// Special companies and special corporations with their own procurement rules. The Japan Post companies are
// left out until a source needs them: they contract under private law, not the national procurement rules.
const PUBLIC_CORPORATIONS: readonly Row[] = [
  ['nexco_east', '東日本高速道路株式会社', 'East Nippon Expressway Company Limited', ['NEXCO東日本', '東日本高速道路']],
  [
    'nexco_central',
    '中日本高速道路株式会社',
    'Central Nippon Expressway Company Limited',
    ['NEXCO中日本', '中日本高速道路'],
  ],
  ['nexco_west', '西日本高速道路株式会社', 'West Nippon Expressway Company Limited', ['NEXCO西日本', '西日本高速道路']],
  ['shutoko', '首都高速道路株式会社', 'Metropolitan Expressway Company Limited', ['首都高速道路', '首都高']],
  ['hanshin_expressway', '阪神高速道路株式会社', 'Hanshin Expressway Company Limited', ['阪神高速道路', '阪神高速']],
  [
    'jb_honshi',
    '本州四国連絡高速道路株式会社',
    'Honshu-Shikoku Bridge Expressway Company Limited',
    ['本州四国連絡高速道路', '本四高速'],
  ],
  ['naa', '成田国際空港株式会社', 'Narita International Airport Corporation', ['成田国際空港']],
  ['nkiac', '新関西国際空港株式会社', 'New Kansai International Airport Company, Ltd.', ['新関西国際空港']],
  ['jfc', '株式会社日本政策金融公庫', 'Japan Finance Corporation', ['日本政策金融公庫']],
  ['nhk', '日本放送協会', 'Japan Broadcasting Corporation', ['NHK']],
  ['jihs', '国立健康危機管理研究機構', 'Japan Institute for Health Security'],
];

// The prefectural governments; the contract spells Tokyo's as 'Tokyo Metropolis'.
function prefectureNameEn(code: string, nameEn: string): string {
  if (code === '01') return 'Hokkaido';
  if (code === '13') return 'Tokyo Metropolis';
  return `${nameEn} Prefecture`;
}

// A prefecture or designated city acts under its own powers: no parent (a designated city is not an office of its
// prefecture).
const PREFECTURE_AUTHORITIES: AuthorityTerm[] = PREFECTURES.map((p) => ({
  code: `pref_${p.code}`,
  name: p.name,
  name_en: prefectureNameEn(p.code, p.name_en),
  group: 'prefecture',
  parent: null,
}));

const CITY_AUTHORITIES: AuthorityTerm[] = DESIGNATED_CITIES.map((c) => ({
  code: `city_${c.code}`,
  name: c.name,
  name_en: `${c.name_en} City`,
  group: 'designated_city',
  parent: null,
}));

// 都道府県労働局 are offices of 厚生労働省, one per prefecture, named for the prefecture without its suffix.
const LABOUR_BUREAUS: AuthorityTerm[] = PREFECTURES.map((p) => ({
  code: `mhlw_labour_bureau_${p.code}`,
  name: `${p.short_name}労働局`,
  name_en: `${p.name_en} Labour Bureau`,
  group: 'national',
  parent: 'mhlw',
}));

// The regional bureaus under the body whose powers they use: 沖縄総合事務局 is formally an office of 内閣府, but the
// term stands for its works and transport side, which acts for 国土交通省 (its lists count for mlit in the source
// registry); the 財務局 are offices of 財務省 acting for 金融庁 (see FSA_FINANCE).
export const AUTHORITIES: readonly AuthorityTerm[] = [
  ...rows('national', NATIONAL),
  ...LABOUR_BUREAUS,
  ...rows('national', MLIT_DEVELOPMENT, 'mlit'),
  ...rows('national', MLIT_TRANSPORT, 'mlit'),
  ...rows('national', FSA_FINANCE, 'fsa'),
  ...rows('national', MAFF_REGIONAL, 'maff'),
  ...rows('national', MIC_REGIONAL, 'mic'),
  ...rows('national', METI_REGIONAL, 'meti'),
  ...rows('national', MHLW_HEALTH, 'mhlw'),
  ...rows('national', FORESTRY_REGIONAL, 'forestry_agency'),
  ...rows('independent_agency', INDEPENDENT_AGENCIES),
  ...rows('public_corporation', PUBLIC_CORPORATIONS),
  ...PREFECTURE_AUTHORITIES,
  ...CITY_AUTHORITIES,
];

export const authorities = defineVocabulary('authority', AUTHORITIES);

const OFFICES = subtrees(AUTHORITIES);

/**
 * What `authority=<code>` matches: the authority and every office under it, at any depth (`mhlw` and its 47 labour
 * bureaus); just the code for one that is not an authority.
 */
export function authorityAndOffices(code: string): readonly string[] {
  return OFFICES.get(code) ?? [code];
}

/** The publisher group of an authority code, or undefined for an unknown code. */
export function authorityGroup(code: string): PublisherGroupCode | undefined {
  return authorities.get(code)?.group;
}

/** The labour bureau (都道府県労働局) of a prefecture, by JIS code ('13' → 東京労働局). */
export function labourBureauForPrefecture(prefCode: string): AuthorityTerm | undefined {
  return authorities.get(`mhlw_labour_bureau_${prefCode}`);
}

/** The prefectural government as an authority, by JIS code ('13' → pref_13). */
export function prefectureAuthority(prefCode: string): AuthorityTerm | undefined {
  return authorities.get(`pref_${prefCode}`);
}

/** The designated city as an authority, by its 5-digit code ('14100' → city_14100). */
export function designatedCityAuthority(cityCode: string): AuthorityTerm | undefined {
  return authorities.get(`city_${cityCode}`);
}
