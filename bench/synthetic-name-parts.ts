// The parts the synthetic NTA file's company names are drawn from: stems, business words and legal forms, with readings.

/** A word with its katakana reading and an English rendering (null: the generator romanizes the reading). */
export interface Part {
  readonly ja: string;
  readonly kana: string;
  readonly en: string | null;
}

const parts = (rows: string): Part[] =>
  rows
    .trim()
    .split(/\s+/u)
    .map((cell) => {
      const [ja, kana, en] = cell.split('/') as [string, string, string | undefined];
      return { ja, kana, en: en === undefined ? null : en.replace(/_/gu, ' ') };
    });

// Two (sometimes three) of these make a kanji stem: 青+葉, 松+本+屋. Readings are concatenated as they are;
// the generator needs them consistent with the name, not exact Japanese (no rendaku).
export const KANJI_HEADS: readonly Part[] = parts(`
  青/アオ 朝/アサ 旭/アサヒ 新/シン 栄/サカエ 丸/マル 北/キタ 南/ミナミ 西/ニシ 東/ヒガシ 中/ナカ 上/カミ 下/シモ 大/オオ
  小/コ 高/タカ 松/マツ 竹/タケ 梅/ウメ 桜/サクラ 若/ワカ 緑/ミドリ 白/シロ 黒/クロ 金/カネ 銀/ギン 光/ヒカリ 星/ホシ
  森/モリ 林/ハヤシ 山/ヤマ 川/カワ 石/イシ 岩/イワ 浜/ハマ 島/シマ 岡/オカ 原/ハラ 宮/ミヤ 福/フク 吉/ヨシ 春/ハル
  秋/アキ 千/チ 万/マン 平/ヒラ 富/トミ 泉/イズミ 藤/フジ 菊/キク 鶴/ツル 亀/カメ 鷹/タカ 龍/リュウ 虎/トラ 鳳/ホウ
  瑞/ミズ 雅/ミヤビ 恵/メグミ 誠/マコト 晴/ハレ 陽/ヨウ 美/ミ 清/キヨ 隆/タカ 辺/ヘン 崎/サキ 葵/アオイ 蓮/ハス 楓/カエデ
`);
export const KANJI_TAILS: readonly Part[] = parts(`
  田/タ 川/カワ 山/ヤマ 野/ノ 原/ハラ 木/キ 村/ムラ 井/イ 沢/サワ 本/モト 谷/タニ 島/シマ 崎/サキ 岡/オカ 橋/ハシ
  松/マツ 林/バヤシ 森/モリ 葉/バ 光/コウ 栄/エイ 和/ワ 陽/ヨウ 進/シン 成/セイ 興/コウ 昭/ショウ 信/シン 星/セイ
  輝/キ 峰/ミネ 屋/ヤ 宝/ホウ 城/シロ 門/モン 浦/ウラ 瀬/セ 泉/イズミ 丘/オカ 海/カイ 空/ソラ 風/カゼ 堂/ドウ 舎/シャ
  園/エン 苑/エン 辺/ベ 浜/ハマ 高/タカ 道/ドウ 台/ダイ 坂/サカ 久/ヒサ 永/エイ
`);

// Common family names: 佐藤建設, 田中工務店.
export const SURNAMES: readonly Part[] = parts(`
  佐藤/サトウ 鈴木/スズキ 高橋/タカハシ 田中/タナカ 伊藤/イトウ 渡辺/ワタナベ 山本/ヤマモト 中村/ナカムラ 小林/コバヤシ
  加藤/カトウ 吉田/ヨシダ 山田/ヤマダ 佐々木/ササキ 山口/ヤマグチ 松本/マツモト 井上/イノウエ 木村/キムラ 林/ハヤシ
  斎藤/サイトウ 清水/シミズ 山崎/ヤマザキ 森/モリ 池田/イケダ 橋本/ハシモト 阿部/アベ 石川/イシカワ 山下/ヤマシタ
  中島/ナカジマ 石井/イシイ 小川/オガワ 前田/マエダ 岡田/オカダ 長谷川/ハセガワ 藤田/フジタ 後藤/ゴトウ 近藤/コンドウ
  村上/ムラカミ 遠藤/エンドウ 青木/アオキ 坂本/サカモト 斉藤/サイトウ 福田/フクダ 太田/オオタ 西村/ニシムラ 藤井/フジイ
  金子/カネコ 岡本/オカモト 藤原/フジワラ 中野/ナカノ 三浦/ミウラ 原田/ハラダ 松田/マツダ 竹内/タケウチ 小野/オノ
  田村/タムラ 中山/ナカヤマ 和田/ワダ 石田/イシダ 上田/ウエダ 森田/モリタ 柴田/シバタ 酒井/サカイ 工藤/クドウ
  横山/ヨコヤマ 宮崎/ミヤザキ 宮本/ミヤモト 内田/ウチダ 高木/タカギ 安藤/アンドウ 島田/シマダ 谷口/タニグチ 大野/オオノ
  髙橋/タカハシ 﨑山/サキヤマ 濵田/ハマダ 渡邊/ワタナベ 齋藤/サイトウ
`);

export const KATAKANA_WORDS: readonly Part[] = parts(`
  テクノ/テクノ/Techno エース/エース/Ace ユニオン/ユニオン/Union グリーン/グリーン/Green サンライズ/サンライズ/Sunrise
  アルファ/アルファ/Alpha ネクスト/ネクスト/Next フロンティア/フロンティア/Frontier ライフ/ライフ/Life
  パシフィック/パシフィック/Pacific ロイヤル/ロイヤル/Royal ファースト/ファースト/First クリエイト/クリエイト/Create
  ビジョン/ビジョン/Vision ドリーム/ドリーム/Dream スマイル/スマイル/Smile ハート/ハート/Heart ブルー/ブルー/Blue
  スカイ/スカイ/Sky オーシャン/オーシャン/Ocean リンク/リンク/Link プラス/プラス/Plus ベスト/ベスト/Best
  ステップ/ステップ/Step ハーモニー/ハーモニー/Harmony トラスト/トラスト/Trust ライト/ライト/Light スター/スター/Star
  ノース/ノース/North サウス/サウス/South ウエスト/ウエスト/West イースト/イースト/East ビズ/ビズ/Biz
  フォレスト/フォレスト/Forest リバー/リバー/River アーク/アーク/Ark ジャスト/ジャスト/Just ワン/ワン/One
  ハピネス/ハピネス/Happiness プライム/プライム/Prime グローバル/グローバル/Global ネオ/ネオ/Neo ゼスト/ゼスト/Zest
  コスモ/コスモ/Cosmo アクア/アクア/Aqua テラ/テラ/Terra ルーチェ/ルーチェ/Luce ソレイユ/ソレイユ/Soleil
  フェニックス/フェニックス/Phoenix ヴィータ/ヴィータ/Vita エコ/エコ/Eco キューブ/キューブ/Cube ウイング/ウイング/Wing
`);

export const HIRAGANA_WORDS: readonly Part[] = parts(`
  さくら/サクラ ひまわり/ヒマワリ あおぞら/アオゾラ みらい/ミライ ひかり/ヒカリ こころ/ココロ やまびこ/ヤマビコ
  つばさ/ツバサ あすなろ/アスナロ はなみずき/ハナミズキ たんぽぽ/タンポポ ふるさと/フルサト まごころ/マゴコロ
  すみれ/スミレ わかば/ワカバ のぞみ/ノゾミ ひだまり/ヒダマリ
`);

/** Letter names as the NTA furigana writes initials (ＡＢＣ → エービーシー). */
export const LETTER_KANA: Readonly<Record<string, string>> = {
  A: 'エー',
  B: 'ビー',
  C: 'シー',
  D: 'ディー',
  E: 'イー',
  F: 'エフ',
  G: 'ジー',
  H: 'エイチ',
  I: 'アイ',
  J: 'ジェイ',
  K: 'ケー',
  L: 'エル',
  M: 'エム',
  N: 'エヌ',
  O: 'オー',
  P: 'ピー',
  R: 'アール',
  S: 'エス',
  T: 'ティー',
  U: 'ユー',
  W: 'ダブリュー',
  Y: 'ワイ',
};

/** What the company does, weighted by how often it is drawn. */
export interface Business extends Part {
  readonly weight: number;
}

const businesses = (rows: string): Business[] =>
  rows
    .trim()
    .split(/\s+/u)
    .map((cell) => {
      const [ja, kana, en, weight] = cell.split('/') as [string, string, string, string];
      return { ja, kana, en: en.replace(/_/gu, ' '), weight: Number(weight) };
    });

export const BUSINESSES: readonly Business[] = businesses(`
  建設/ケンセツ/Construction/14 工務店/コウムテン/Builders/5 土木/ドボク/Civil_Engineering/4 電設/デンセツ/Electric_Works/3
  設備/セツビ/Facilities/4 工業/コウギョウ/Industries/8 産業/サンギョウ/Sangyo/6 商事/ショウジ/Trading/8 商会/ショウカイ/Shokai/3
  商店/ショウテン/Shoten/4 興業/コウギョウ/Kogyo/3 物産/ブッサン/Bussan/2 運輸/ウンユ/Transport/5 運送/ウンソウ/Unso/3
  物流/ブツリュウ/Logistics/3 不動産/フドウサン/Real_Estate/7 住宅/ジュウタク/Housing/3 ハウジング/ハウジング/Housing/2
  ホーム/ホーム/Home/3 企画/キカク/Planning/4 開発/カイハツ/Development/3 設計/セッケイ/Architects/3 食品/ショクヒン/Foods/3
  水産/スイサン/Marine_Products/2 農園/ノウエン/Farm/2 製作所/セイサクショ/Seisakusho/4 電機/デンキ/Electric/3
  機械/キカイ/Machinery/2 技研/ギケン/Giken/2 精機/セイキ/Precision/2 印刷/インサツ/Printing/2 薬局/ヤッキョク/Pharmacy/2
  介護サービス/カイゴサービス/Care_Service/3 コンサルティング/コンサルティング/Consulting/4 システム/システム/Systems/3
  ソフト/ソフト/Soft/2 情報/ジョウホウ/Information/2 デザイン/デザイン/Design/3 環境/カンキョウ/Environment/2
  観光/カンコウ/Tourism/2 交通/コウツウ/Transit/1 自動車/ジドウシャ/Motors/3 石油/セキユ/Oil/1 塗装/トソウ/Painting/3
  鉄工所/テッコウショ/Iron_Works/2 木材/モクザイ/Lumber/1 建材/ケンザイ/Building_Materials/1 美容室/ビヨウシツ/Beauty/2
  フーズ/フーズ/Foods/2 ファーム/ファーム/Farm/1 エンジニアリング/エンジニアリング/Engineering/3 メディカル/メディカル/Medical/2
  ケア/ケア/Care/2 警備保障/ケイビホショウ/Security/1 清掃/セイソウ/Cleaning/1 リース/リース/Leasing/1 管理/カンリ/Management/2
  ホールディングス/ホールディングス/Holdings/2 トレーディング/トレーディング/Trading/1 総業/ソウギョウ/Sogyo/1
  サービス/サービス/Service/4 プランニング/プランニング/Planning/2 ネットワーク/ネットワーク/Network/1
`);

/** A legal form as written in the name, where, the NTA kind code, the English suffix, and how often. */
export interface Form {
  readonly ja: string;
  readonly kind: '301' | '302' | '303' | '304' | '305' | '399';
  /** Share of names that write the form in front (前株) rather than behind. */
  readonly front: number;
  readonly en: readonly string[];
  /** Words that end the name after the stem instead of a business word (医療法人社団〇〇会). */
  readonly tails?: readonly Part[];
  readonly weight: number;
}

export const FORMS: readonly Form[] = [
  {
    ja: '株式会社',
    kind: '301',
    front: 0.45,
    en: ['Co., Ltd.', 'Co.,Ltd.', 'Corporation', 'Inc.', 'K.K.'],
    weight: 640,
  },
  { ja: '有限会社', kind: '302', front: 0.6, en: ['Ltd.', 'Co., Ltd.', 'Y.K.'], weight: 140 },
  { ja: '合同会社', kind: '305', front: 0.2, en: ['LLC', 'G.K.', 'Godo Kaisha'], weight: 110 },
  { ja: '合資会社', kind: '304', front: 0.5, en: ['Limited Partnership'], weight: 8 },
  { ja: '合名会社', kind: '303', front: 0.5, en: ['Partnership'], weight: 3 },
  {
    ja: '一般社団法人',
    kind: '399',
    front: 1,
    en: ['Association'],
    weight: 30,
    tails: parts('協会/キョウカイ 振興会/シンコウカイ 研究会/ケンキュウカイ 支援機構/シエンキコウ'),
  },
  {
    ja: '一般財団法人',
    kind: '399',
    front: 1,
    en: ['Foundation'],
    weight: 7,
    tails: parts('財団/ザイダン 記念財団/キネンザイダン'),
  },
  {
    ja: '特定非営利活動法人',
    kind: '399',
    front: 1,
    en: ['NPO'],
    weight: 25,
    tails: parts('の会/ノカイ ネット/ネット 支援センター/シエンセンター クラブ/クラブ'),
  },
  {
    ja: '医療法人社団',
    kind: '399',
    front: 1,
    en: ['Medical Corporation'],
    weight: 15,
    tails: parts('会/カイ 医院/イイン'),
  },
  {
    ja: '医療法人',
    kind: '399',
    front: 1,
    en: ['Medical Corporation'],
    weight: 10,
    tails: parts('会/カイ クリニック/クリニック'),
  },
  {
    ja: '社会福祉法人',
    kind: '399',
    front: 1,
    en: ['Social Welfare Corporation'],
    weight: 10,
    tails: parts('会/カイ 福祉会/フクシカイ'),
  },
  { ja: '学校法人', kind: '399', front: 1, en: ['School Corporation'], weight: 3, tails: parts('学園/ガクエン') },
  {
    ja: '農事組合法人',
    kind: '399',
    front: 1,
    en: ['Agricultural Association'],
    weight: 5,
    tails: parts('生産組合/セイサンクミアイ 農園/ノウエン'),
  },
  {
    ja: '事業協同組合',
    kind: '399',
    front: 0,
    en: ['Cooperative'],
    weight: 10,
    tails: parts('建設業/ケンセツギョウ 運送/ウンソウ 商工/ショウコウ'),
  },
];

// Stems that would name a well-known real company (or come too close to one); drawn again when they come out.
export const AVOID_STEMS: ReadonlySet<string> = new Set([
  '三井',
  '三菱',
  '住友',
  '丸紅',
  '日産',
  '本田',
  '松下',
  '富士',
  '花王',
  '東レ',
  '日清',
  '明治',
  '森永',
  '大和',
  '野村',
  '日本',
  '東京',
  '大阪',
  '京都',
  '日立',
  '東芝',
  '鹿島',
  '清水',
  '竹中',
  '大林',
  '積水',
  '日野',
  '旭化',
  '帝人',
  '東洋',
  '大成',
  '山崎',
  '松屋',
  '高島',
  '高島屋',
  '丸井',
  '大丸',
  '松坂',
  '島村',
  '森永',
  '吉野',
  '白木',
  '朝日',
  '亀田',
  '菊水',
  '宝',
  '岩谷',
]);
