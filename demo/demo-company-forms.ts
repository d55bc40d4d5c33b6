// The legal forms demo companies take: how each is written in a name, abbreviated in lists, and rendered in English.

export interface DemoForm {
  readonly ja: string;
  /** The NTA kind code (法人種別). */
  readonly kind_code: string;
  /** How lists abbreviate it, full-width brackets as most notices write them. */
  readonly abbrev: string;
  /** The English suffix, or null where such bodies rarely register an English name. */
  readonly en_suffix: string | null;
}

export const KK: DemoForm = { ja: '株式会社', kind_code: '301', abbrev: '（株）', en_suffix: 'Co., Ltd.' };
export const YK: DemoForm = { ja: '有限会社', kind_code: '302', abbrev: '（有）', en_suffix: 'Co., Ltd.' };
export const GK: DemoForm = { ja: '合同会社', kind_code: '305', abbrev: '（同）', en_suffix: 'LLC' };
export const ASSOCIATION: DemoForm = { ja: '一般社団法人', kind_code: '399', abbrev: '（一社）', en_suffix: null };
export const MEDICAL: DemoForm = { ja: '医療法人社団', kind_code: '399', abbrev: '（医）', en_suffix: null };

/** The registered name: the form before the core (株式会社北辰建設) or after it (北辰建設株式会社). */
export function registeredName(core: string, form: DemoForm, before: boolean): string {
  return before ? `${form.ja}${core}` : `${core}${form.ja}`;
}

/** The name as a list abbreviates it: （株）北辰建設 or 北辰建設（株）. */
export function abbreviatedName(core: string, form: DemoForm, before: boolean): string {
  return before ? `${form.abbrev}${core}` : `${core}${form.abbrev}`;
}
