// The words a table's header names each record field with: those the registry's mappings read already, and the words
// Japanese public lists commonly head their columns with. What `sources propose` maps a table it has never seen by.
import { MAPPED_FIELDS, type ColumnMapping, type MappedField } from '../parsers/column-mapping.js';
import type { SourceEntryInput } from '../registry/source-entry.js';
import { foldHeader } from '../parsers/table-header.js';

// The common headings of the ministries' and local governments' lists of actions and suspensions (処分一覧, 指名停止
// 一覧, 公表事案): general words, tried after the registry's own spellings, each matched whole or within a header cell.
const COMMON_WORDS: Readonly<Record<MappedField, readonly string[]>> = {
  company_name: [
    '商号又は名称',
    '商号',
    '名称',
    '氏名又は名称',
    '業者名',
    '事業者名',
    '会社名',
    '法人名',
    '企業名',
    '団体名',
  ],
  company_address: ['所在地', '住所', '本店所在地', '主たる事務所', '営業所の所在地'],
  corporate_number: ['法人番号'],
  date: ['処分年月日', '処分日', '措置年月日', '命令年月日', '公表日', '公表年月日', '年月日', '日付'],
  period: ['指名停止期間', '措置期間', '停止期間', '処分期間', '期間'],
  period_from: ['開始日', '始期', '停止開始日'],
  period_to: ['終了日', '終期', '停止終了日'],
  reason: ['処分理由', '措置理由', '停止理由', '措置要件', '理由', '事由'],
  summary: ['事案概要', '事案の概要', '違反内容', '違反の概要', '違反事実', '概要'],
  law: ['違反法条', '根拠法令', '違反法令', '適用法令', '根拠条項', '関係法令', '法令', '法条'],
  action_type: ['処分内容', '処分の内容', '処分の種類', '処分種別', '処分区分', '措置内容', '措置の内容'],
  sector: ['業種', '許可業種', '業態', '事業の種類'],
  permit_number: ['許可番号', '登録番号', '免許番号', '認定番号', '届出番号'],
  scope: ['停止の範囲', '措置の範囲', '対象範囲', '範囲'],
  lifted_on: ['解除日', '解除年月日'],
  authority: ['処分庁', '処分行政庁', '処分権者', '行政庁', '管轄'],
  record_url: ['報道発表', 'URL', 'リンク'],
};

// The same headings in English (a ministry's open data, a transcription): words of Latin letters, matched as whole
// words of a header ('act' in 「Act」, never in 「Facts」 or 「Action」), '_' standing for a space or any separator.
const ENGLISH_WORDS: Readonly<Record<MappedField, readonly string[]>> = {
  company_name: ['company', 'company_name', 'business_name', 'firm', 'entity', 'operator'],
  company_address: ['address', 'location', 'head_office'],
  corporate_number: ['corporate_number', 'houjin_bangou'],
  date: ['date', 'action_date', 'order_date', 'issued', 'issued_on'],
  period: ['period', 'suspension_period'],
  period_from: ['start_date', 'suspended_from'],
  period_to: ['end_date', 'suspended_until'],
  reason: ['reason', 'reasons', 'grounds'],
  summary: ['summary', 'facts', 'details', 'description', 'outline'],
  law: ['law', 'act', 'statute', 'provision', 'provisions', 'legal_basis'],
  action_type: ['action', 'action_type', 'measure', 'disposition', 'sanction', 'penalty'],
  sector: ['sector', 'industry', 'business_type'],
  permit_number: ['permit', 'permit_number', 'license_number', 'licence_number', 'registration_number'],
  scope: ['scope'],
  lifted_on: ['lifted', 'lifted_on'],
  authority: ['authority', 'agency', 'bureau', 'issuer'],
  record_url: ['url', 'link', 'press_release', 'source_url'],
};

/** The spellings a mapping's columns give more than one field. */
function spellingsOfTwoFields(columns: ColumnMapping['columns']): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const spellings of Object.values(columns))
    for (const spelling of new Set(spellings)) (seen.has(spelling) ? twice : seen).add(spelling);
  return twice;
}

/** The words public lists commonly head a field's column with, Japanese then English (the registry's own spellings aside). */
export function commonHeaderWords(field: MappedField): readonly string[] {
  return [...COMMON_WORDS[field], ...ENGLISH_WORDS[field]];
}

/** A word of Latin letters, digits and '_': matched as whole words of a header, not within one. */
export function isEnglishWord(word: string): boolean {
  return /^[a-z0-9_]+$/u.test(word);
}

/** A header's words of Latin letters and digits, lower case, joined by '_': 「Date of order」 → date_of_order. */
export function englishWordsOf(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((word) => word !== '')
    .join('_');
}

/**
 * Every field's words, folded as headers are compared: the spellings of the registry's mappings (columns and their
 * fallbacks) first, then the common words, then the English ones; each word once per field. A spelling of Latin letters
 * alone is kept as its words joined by '_' (isEnglishWord), to be matched as whole words.
 */
export function headerWords(entries: readonly SourceEntryInput[]): ReadonlyMap<MappedField, readonly string[]> {
  const words = new Map<MappedField, string[]>(MAPPED_FIELDS.map((field) => [field, []]));
  const add = (field: MappedField, spellings: readonly string[] | undefined) => {
    const list = words.get(field);
    for (const spelling of spellings ?? []) {
      // a spelling in Latin letters is kept as its words, to be matched whole (englishWordsOf)
      const latin = /^[\x20-\x7e]+$/u.test(spelling.normalize('NFKC')) && /[a-z]/iu.test(spelling);
      const folded = latin ? englishWordsOf(spelling) : foldHeader(spelling);
      if (list !== undefined && folded !== '' && !list.includes(folded)) list.push(folded);
    }
  };
  for (const { mapping } of entries) {
    if (mapping === undefined) continue;
    // a header a mapping reads for two fields (処分内容, an action and its summary) names neither
    const twice = spellingsOfTwoFields(mapping.columns);
    const once = (spellings: readonly string[] | undefined) => spellings?.filter((spelling) => !twice.has(spelling));
    for (const field of MAPPED_FIELDS) {
      add(field, once(mapping.columns[field]));
      add(field, once(mapping.fallbacks?.[field]));
    }
  }
  for (const field of MAPPED_FIELDS) add(field, COMMON_WORDS[field]);
  for (const field of MAPPED_FIELDS) add(field, ENGLISH_WORDS[field]);
  return words;
}
