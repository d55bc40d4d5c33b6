// Every sentence the pages show, in Japanese and in English, once: a page names a message, never writes one.
import type { Language } from './language.js';

const MESSAGES = {
  service: { ja: 'Kohyo 公表情報検索', en: 'Kohyo' },
  tagline: {
    ja: '企業の行政処分・指名停止・許認可の取消しなどの公表情報を、社名・カナ・法人番号で調べられます。',
    en: 'Public enforcement records of Japanese companies (administrative actions, bidding suspensions, licence actions), by name, kana or Corporate Number.',
  },
  skip: { ja: '本文へ移動', en: 'Skip to content' },
  searchLabel: { ja: '社名・カナ・ローマ字・法人番号', en: 'Company name, kana, romaji or Corporate Number' },
  searchButton: { ja: '検索', en: 'Search' },
  searchHint: {
    ja: '例: 北辰建設、ホクシンケンセツ、hokushin、法人番号13桁。株式会社・（株）の有無や全角・半角は問いません。',
    en: 'For example 北辰建設, ホクシンケンセツ, hokushin or a 13-digit Corporate Number. Legal forms (株式会社, （株）) and width do not matter.',
  },
  otherLanguage: { ja: 'English', en: '日本語' },
  otherLanguageName: { ja: 'Switch to English', en: '日本語で表示' },
  resultsFor: { ja: '「{q}」の検索結果', en: 'Results for “{q}”' },
  companies: { ja: '企業', en: 'Companies' },
  enforcements: { ja: '行政処分等', en: 'Enforcement actions' },
  procurement_suspensions: { ja: '指名停止等', en: 'Procurement suspensions' },
  license_actions: { ja: '許認可の取消し等', en: 'Licence actions' },
  shownOf: { ja: '{total}件中{shown}件を表示', en: '{shown} of {total} shown' },
  moreThan: { ja: '1000件以上', en: '1000 or more' },
  none: { ja: '該当なし', en: 'None found' },
  noneAnywhere: {
    ja: '{sources}の情報源のいずれにも該当はありませんでした（{asOf}時点）。',
    en: 'Nothing in {sources} sources as of {asOf}.',
  },
  staleNote: {
    ja: 'うち{stale}件は最新の取得から時間が経っています。',
    en: '{stale} of them stale.',
  },
  failingNote: { ja: 'うち{failing}件は直近の取得に失敗しています。', en: '{failing} of them failing.' },
  neverNote: { ja: '{never}件は未取得です。', en: '{never} never collected.' },
  emptyMeaning: {
    ja: '該当がないことは、Kohyoが保有する情報源にその時点で記録がなかったことを意味し、処分歴がないことの証明ではありません。',
    en: 'An empty answer means nothing in the sources Kohyo held as of then, not that the company has no record.',
  },
  demoWarning: {
    ja: 'これは架空のデモデータです。実在の企業・記録ではありません。',
    en: 'This is the fictional demo dataset: none of these companies or records is real.',
  },
  corporateNumber: { ja: '法人番号', en: 'Corporate Number' },
  kana: { ja: 'フリガナ', en: 'Kana' },
  englishName: { ja: '英語表記', en: 'English name' },
  legalForm: { ja: '法人種別', en: 'Legal form' },
  address: { ja: '所在地', en: 'Address' },
  status: { ja: '状態', en: 'Status' },
  active: { ja: '存続', en: 'Active' },
  closed: { ja: '閉鎖（{on}、{cause}）', en: 'Closed ({on}, {cause})' },
  successor: { ja: '承継先', en: 'Successor' },
  formerNames: { ja: '旧商号等', en: 'Former names' },
  predecessors: { ja: '合併により承継した法人', en: 'Companies merged into it' },
  records: { ja: 'この企業の記録', en: 'Records of this company' },
  subscribe: { ja: 'この企業の記録をフィードで購読（Atom）', en: 'Subscribe to this company’s records (Atom feed)' },
  apiLink: { ja: 'JSON（API）', en: 'JSON (API)' },
  date: { ja: '日付', en: 'Date' },
  authority: { ja: '処分庁', en: 'Authority' },
  action: { ja: '処分等', en: 'Action' },
  law: { ja: '根拠法令', en: 'Law' },
  company: { ja: '企業', en: 'Company' },
  summary: { ja: '概要', en: 'Summary' },
  reason: { ja: '理由', en: 'Reason' },
  period: { ja: '期間', en: 'Period' },
  openEnded: { ja: '期限なし', en: 'open-ended' },
  sector: { ja: '業種', en: 'Sector' },
  nature: { ja: '性質', en: 'Nature' },
  amount: { ja: '金額', en: 'Amount' },
  scope: { ja: '範囲', en: 'Scope' },
  listing: { ja: '掲載状況', en: 'Listing' },
  listed: { ja: '掲載中（{first}〜{last}の版に掲載）', en: 'Listed (in the editions of {first} to {last})' },
  delisted: {
    ja: '掲載終了（{first}〜{last}の版に掲載）',
    en: 'Delisted (in the editions of {first} to {last})',
  },
  source: { ja: '出典', en: 'Source' },
  publishedOn: { ja: '公表日', en: 'Published' },
  retrievedAt: { ja: '取得日時', en: 'Retrieved' },
  linkedBy: { ja: '法人番号との対応', en: 'Link to the register' },
  link_source: { ja: '出典が法人番号を記載', en: 'the source gives the number' },
  link_name_address: { ja: '社名と所在地で一意に照合', en: 'matched by name and address' },
  link_none: {
    ja: '対応づけなし（同名の別法人の可能性があります）',
    en: 'not linked (another company may bear the name)',
  },
  recordKind: { ja: '記録の種類', en: 'Kind of record' },
  back: { ja: '検索に戻る', en: 'Back to search' },
  aboutApi: {
    ja: 'プログラムからはJSON API（/api/v1）、AIエージェントからは /llms.txt と MCP で利用できます。',
    en: 'Programs can use the JSON API (/api/v1); AI agents /llms.txt and MCP.',
  },
  docs: { ja: 'APIリファレンス', en: 'API reference' },
  forDevelopers: { ja: '開発者・AIエージェント向け', en: 'For developers and AI agents' },
  operator: { ja: '運営者の連絡先: {contact}', en: 'Operator: {contact}' },
  notFoundTitle: { ja: 'ページが見つかりません', en: 'Not found' },
  badRequestTitle: { ja: '入力を確認してください', en: 'Please check what you asked' },
  limitedTitle: { ja: 'しばらくしてから再度お試しください', en: 'Please come back later' },
  limitedBody: {
    ja: 'アクセスが集中したため、この端末からの検索を一時的に制限しています。{at}（約{wait}）以降に再度お試しください。',
    en: 'Searches from here are paused for now. Please come back after {at} (in about {wait}).',
  },
  tooLong: { ja: '検索語は{max}文字までです。', en: 'A search is at most {max} characters long.' },
  errorTitle: { ja: 'エラーが発生しました', en: 'Something went wrong' },
  minutes: { ja: '{n}分', en: '{n} minutes' },
  hours: { ja: '{n}時間', en: '{n} hours' },
  seconds: { ja: '{n}秒', en: '{n} seconds' },
  footer: {
    ja: '出典は各行政機関の公表資料です。法人情報は国税庁法人番号公表サイトの情報をもとに作成していますが、内容は国税庁によって保証されたものではありません。',
    en: 'Records come from the publishers’ own lists. Company profiles are built from the National Tax Agency’s Corporate Number register, which does not vouch for this service.',
  },
} as const;

export type MessageId = keyof typeof MESSAGES;

/** The message in `language`, with each `{name}` replaced by its value. */
export function message(
  language: Language,
  id: MessageId,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return MESSAGES[id][language].replace(/\{(\w+)\}/gu, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
