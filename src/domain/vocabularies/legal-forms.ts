// Legal forms of companies and other bodies, and their derivation from the NTA kind code and the registered name.

import { defineVocabulary, type Term } from '../vocabulary.js';
import { foldCaseless } from '../text/text-fold.js';

type Row = readonly [code: string, name: string, name_en: string, aliases?: readonly string[]];

// Aliases are the bracketed abbreviations used in lists (（株）, （一社）, …) and the common short names.
const ROWS: readonly Row[] = [
  ['kabushiki_kaisha', '株式会社', 'Kabushiki Kaisha', ['(株)', 'KK']],
  ['yugen_kaisha', '有限会社', 'Yugen Kaisha', ['(有)']],
  ['gomei_kaisha', '合名会社', 'Gomei Kaisha', ['(名)']],
  ['goshi_kaisha', '合資会社', 'Goshi Kaisha', ['(資)']],
  ['godo_kaisha', '合同会社', 'Godo Kaisha', ['(同)', 'GK']],
  ['national_government_body', '国の機関', 'National government body'],
  ['local_government', '地方公共団体', 'Local government'],
  ['foreign_company', '外国会社等', 'Foreign company or similar'],
  ['general_incorporated_association', '一般社団法人', 'General incorporated association', ['(一社)']],
  ['general_incorporated_foundation', '一般財団法人', 'General incorporated foundation', ['(一財)']],
  ['public_interest_incorporated_association', '公益社団法人', 'Public interest incorporated association', ['(公社)']],
  ['public_interest_incorporated_foundation', '公益財団法人', 'Public interest incorporated foundation', ['(公財)']],
  ['medical_corporation', '医療法人', 'Medical corporation', ['(医)']],
  ['npo', '特定非営利活動法人', 'Specified nonprofit corporation (NPO)', ['NPO法人', '(特非)']],
  ['school_corporation', '学校法人', 'School corporation', ['(学)']],
  ['social_welfare_corporation', '社会福祉法人', 'Social welfare corporation', ['(福)']],
  ['religious_corporation', '宗教法人', 'Religious corporation', ['(宗)']],
  ['cooperative', '協同組合', 'Cooperative'],
  ['other_registered_entity', 'その他の設立登記法人', 'Other registered entity'],
  ['other', 'その他', 'Other'],
];

export type LegalFormTerm = Term;

const LEGAL_FORMS: readonly LegalFormTerm[] = ROWS.map(([code, name, name_en, aliases]) => ({
  code,
  name,
  name_en,
  ...(aliases ? { aliases } : {}),
}));

export const legalForms = defineVocabulary('legal_form', LEGAL_FORMS);

// NTA 法人種別 codes (法人番号公表サイト, resource definition): the ones that name a single legal form.
const BY_KIND_CODE: Readonly<Record<string, string>> = {
  '101': 'national_government_body',
  '201': 'local_government',
  '301': 'kabushiki_kaisha',
  '302': 'yugen_kaisha',
  '303': 'gomei_kaisha',
  '304': 'goshi_kaisha',
  '305': 'godo_kaisha',
  '401': 'foreign_company',
};

// The words that name a form inside a 399/499 name; where two stand at the same place, the earlier row wins.
// 農事組合法人 and 信用組合 are cooperatives (formed under 農業協同組合法 and 中小企業等協同組合法)
// whose names do not say 協同組合.
const NAME_MARKERS: readonly (readonly [code: string, markers: readonly string[]])[] = [
  ['public_interest_incorporated_association', ['公益社団法人']],
  ['public_interest_incorporated_foundation', ['公益財団法人']],
  ['general_incorporated_association', ['一般社団法人']],
  ['general_incorporated_foundation', ['一般財団法人']],
  ['social_welfare_corporation', ['社会福祉法人']],
  ['medical_corporation', ['医療法人']],
  ['school_corporation', ['学校法人']],
  ['npo', ['特定非営利活動法人', 'npo法人']],
  ['religious_corporation', ['宗教法人']],
  ['cooperative', ['協同組合', '農事組合法人', '信用組合']],
];

type Place = (name: string, marker: string) => boolean;

// A form named at the start or the end of a name is the body's own; one in the middle may be part of what it
// does (「一般社団法人日本医療法人協会」 is an association, not a medical corporation), so it is tried last.
const PLACES: readonly Place[] = [
  (name, marker) => name.startsWith(marker),
  (name, marker) => name.endsWith(marker),
  (name, marker) => name.includes(marker),
];

function formNamedIn(name: string): string | undefined {
  const folded = foldCaseless(name);
  for (const place of PLACES) {
    for (const [code, markers] of NAME_MARKERS) if (markers.some((m) => place(folded, m))) return code;
  }
  return undefined;
}

/**
 * The legal_form code of a body from its NTA kind code (法人種別) and registered name. 399 (other registered
 * corporations) and 499 (other) cover many forms, so for them the form is read from the name.
 */
export function legalFormFromNta(kindCode: string, name: string): string {
  const kind = kindCode.trim();
  const direct = BY_KIND_CODE[kind];
  if (direct !== undefined) return direct;
  if (kind === '399' || kind === '499')
    return formNamedIn(name) ?? (kind === '399' ? 'other_registered_entity' : 'other');
  return 'other';
}
