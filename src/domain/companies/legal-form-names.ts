// The written forms of legal forms in company names and queries (株式会社, ㈱, (株), Co., Ltd., K.K., …), as data.
// names.ts removes them, anchored at the start or end of a name, longest first; the code says which form it was.

/** [legal_form code, spellings as written]; names.ts folds each spelling the way it folds names. */
export const JAPANESE_LEGAL_FORMS: readonly (readonly [code: string, spellings: readonly string[]])[] = [
  [
    'kabushiki_kaisha',
    [
      '株式会社',
      '(株)',
      '（株）',
      '㈱',
      '㍿',
      'カブシキガイシャ',
      'カブシキカイシャ',
      'ｶﾌﾞｼｷｶﾞｲｼｬ',
      'かぶしきがいしゃ',
    ],
  ],
  ['yugen_kaisha', ['有限会社', '(有)', '（有）', '㈲', 'ユウゲンガイシャ', 'ユウゲンカイシャ', 'ﾕｳｹﾞﾝｶﾞｲｼｬ']],
  ['godo_kaisha', ['合同会社', '(同)', '(合)', 'ゴウドウガイシャ', 'ゴウドウカイシャ', 'ｺﾞｳﾄﾞｳｶﾞｲｼｬ']],
  ['gomei_kaisha', ['合名会社', '(名)', '㈴', 'ゴウメイガイシャ']],
  ['goshi_kaisha', ['合資会社', '(資)', '㈾', 'ゴウシガイシャ']],
  ['general_incorporated_association', ['一般社団法人', '(一社)', '(社)', '㈳', '社団法人']],
  ['general_incorporated_foundation', ['一般財団法人', '(一財)', '(財)', '㈶', '財団法人']],
  ['public_interest_incorporated_association', ['公益社団法人', '(公社)']],
  ['public_interest_incorporated_foundation', ['公益財団法人', '(公財)']],
  ['medical_corporation', ['医療法人社団', '医療法人財団', '社会医療法人', '医療法人', '(医)', '(医社)', '(医財)']],
  ['npo', ['特定非営利活動法人', 'NPO法人', 'ＮＰＯ法人', '(特非)', '(NPO)']],
  ['school_corporation', ['学校法人', '(学)']],
  ['social_welfare_corporation', ['社会福祉法人', '(福)', '(社福)']],
  ['religious_corporation', ['宗教法人', '(宗)']],
];

/**
 * English legal forms as regular-expression sources over NFKC-folded, lower-cased text, matched on a word
 * boundary before white space is removed, so that "Zinc" keeps its "inc". Generic English forms (Co., Ltd.,
 * Inc., Corporation) are what 株式会社 registers as its English name, so they count as kabushiki_kaisha.
 */
export const ENGLISH_LEGAL_FORMS: readonly (readonly [code: string, pattern: string])[] = [
  ['kabushiki_kaisha', String.raw`co\.?\s*,?\s*ltd\.?`],
  ['kabushiki_kaisha', String.raw`company\s*,?\s*limited`],
  ['kabushiki_kaisha', String.raw`kabushiki\s*[kg]aisha`],
  ['kabushiki_kaisha', String.raw`k\.\s*k\.?|kk`],
  ['kabushiki_kaisha', String.raw`corporation|corp\.?|incorporated|inc\.?|limited|ltd\.?|company|co\.?`],
  ['godo_kaisha', String.raw`godo\s*[kg]aisha|g\.\s*k\.?|gk|l\.?\s*l\.?\s*c\.?`],
  ['yugen_kaisha', String.raw`yugen\s*[kg]aisha|y\.\s*k\.?|yk`],
  ['gomei_kaisha', String.raw`gomei\s*[kg]aisha`],
  ['goshi_kaisha', String.raw`goshi\s*[kg]aisha`],
];

/** The English forms that also stand in front of a name ("Kabushiki Kaisha Toyota"). */
export const ENGLISH_PREFIX_FORMS: readonly (readonly [code: string, pattern: string])[] = [
  ['kabushiki_kaisha', String.raw`kabushiki\s*[kg]aisha`],
  ['godo_kaisha', String.raw`godo\s*[kg]aisha`],
  ['yugen_kaisha', String.raw`yugen\s*[kg]aisha`],
];
