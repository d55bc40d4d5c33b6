// Normalisation of company names for matching: width, case, script, variant kanji and legal-form folding.
// The index and the query side both call it, so whatever it folds meets whatever it folds.
import { oneLine } from '../text/untrusted-text.js';
import { foldKanjiVariants } from '../text/kanji-variants.js';
import { ENGLISH_LEGAL_FORMS, ENGLISH_PREFIX_FORMS, JAPANESE_LEGAL_FORMS } from './legal-form-names.js';
import { memoRecent } from '../../lib/memo.js';
import { foldCaseless, foldWidth } from '../text/text-fold.js';

/** Katakana for hiragana; other characters untouched (ー and kanji stay as they are). */
export function hiraganaToKatakana(value: string): string {
  return value.replace(/[\u3041-\u3096\u309d\u309e]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));
}

// Registry OCR reads these kanji where the katakana that looks the same was written.
const OCR_CONFUSABLES: Readonly<Record<string, string>> = {
  卜: 'ト',
  口: 'ロ',
  二: 'ニ',
  力: 'カ',
  工: 'エ',
  夕: 'タ',
  八: 'ハ',
};
const KATAKANA = /[\u30a1-\u30fa\u30fc]/u;
const HAS_CONFUSABLE = new RegExp(`[${Object.keys(OCR_CONFUSABLES).join('')}]`, 'u');

/**
 * A confusable kanji becomes its katakana look-alike only where it sits among katakana: a katakana neighbour
 * on one side and katakana or the end of the name on the other (卜ヨタ, エ二ックス, ヤマ口). So 工業 after a
 * katakana word (カトウ工業) and 口 or 二 before kanji stay kanji.
 */
export function foldOcrConfusables(value: string): string {
  if (!HAS_CONFUSABLE.test(value)) return value;
  const chars = [...value];
  return chars
    .map((ch, i) => {
      const folded = OCR_CONFUSABLES[ch];
      if (folded === undefined) return ch;
      const previous = chars[i - 1];
      const next = chars[i + 1];
      const before = previous === undefined ? null : KATAKANA.test(previous);
      const after = next === undefined ? null : KATAKANA.test(next);
      if (before === false || after === false) return ch;
      return before === true || after === true ? folded : ch;
    })
    .join('');
}

// Small kana are written full size in the NTA furigana (キヤノン, ニツポン); ヂヅヲヰヱ as their common sounds.
const KANA_FOLDS: Readonly<Record<string, string>> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
  ヂ: 'ジ',
  ヅ: 'ズ',
  ヲ: 'オ',
  ヰ: 'イ',
  ヱ: 'エ',
};

/** Katakana with small kana written full size and ヂヅヲヰヱ folded to ジズオイエ. */
export function foldKana(value: string): string {
  return value.replace(/[ァィゥェォッャュョヮヵヶヂヅヲヰヱ]/gu, (ch) => KANA_FOLDS[ch] ?? ch);
}

/**
 * NFKC, lower case, katakana for hiragana, OCR look-alikes and variant kanji folded, small kana full size,
 * and everything that is not a letter or a digit dropped: white space (PDF transcriptions split names),
 * the dash, long-vowel and middle-dot families (registry text writes サ－ビス, サ—ビス and サービス alike).
 * Parentheses survive as ASCII so that (株) is still seen as a legal form.
 */
export function normaliseText(value: string): string {
  const folded = hiraganaToKatakana(foldCaseless(value)).replace(/\u200b/gu, '');
  return foldKana(foldKanjiVariants(foldOcrConfusables(folded))).replace(/[^\p{L}\p{N}()]|ー/gu, '');
}

// Longest first, so that 医療法人社団 is removed whole rather than leaving 社団 behind.
const JAPANESE_FORMS: readonly (readonly [spelling: string, code: string])[] = JAPANESE_LEGAL_FORMS.flatMap(
  ([code, spellings]) => spellings.map((s) => [normaliseText(s), code] as const),
).sort((a, b) => b[0].length - a[0].length || a[0].localeCompare(b[0]));

/** The normalised name with one legal form removed from its start or end, when one is there. */
export function stripLegalForm(normalised: string): { core: string; form: string | null; code: string | null } {
  for (const [form, code] of JAPANESE_FORMS) {
    if (normalised.length <= form.length) continue;
    if (normalised.startsWith(form)) return { core: normalised.slice(form.length), form, code };
    if (normalised.endsWith(form)) return { core: normalised.slice(0, -form.length), form, code };
  }
  return { core: normalised, form: null, code: null };
}

const ENGLISH_SUFFIXES = ENGLISH_LEGAL_FORMS.map(
  ([code, source]) => [new RegExp(`(?:^|[\\s,.])(?:${source})$`, 'u'), code] as const,
);
const ENGLISH_PREFIXES = ENGLISH_PREFIX_FORMS.map(
  ([code, source]) => [new RegExp(`^(?:${source})[\\s,]+`, 'u'), code] as const,
);

/** NFKC-folded, lower-cased text with one English legal form removed from its end or start, on word boundaries. */
export function stripEnglishLegalForm(lower: string): { rest: string; code: string | null } {
  const trimmed = lower.trim();
  // every English form has a Latin letter; most names have none, and the patterns are many
  if (!/[a-z]/u.test(trimmed)) return { rest: trimmed, code: null };
  for (const [pattern, code] of ENGLISH_SUFFIXES) {
    const m = pattern.exec(trimmed);
    if (m && m.index > 0) return { rest: trimmed.slice(0, m.index).replace(/[\s,]+$/u, ''), code };
  }
  for (const [pattern, code] of ENGLISH_PREFIXES) {
    const m = pattern.exec(trimmed);
    if (m && m[0].length < trimmed.length) return { rest: trimmed.slice(m[0].length), code };
  }
  return { rest: trimmed, code: null };
}

/**
 * A name as registered, after the folding every spelling shares, its legal form kept where it stands: 北辰建設株式会社
 * and 北辰建設（株） alike, 株式会社北辰建設 apart, so that the exact registered name ranks its company first; null for a
 * name without a Japanese legal form at its start or end.
 */
export function registeredNameKey(value: string): string | null {
  const normalised = normaliseText(value);
  const { core, form, code } = stripLegalForm(normalised);
  if (form === null || code === null) return null;
  return normalised.startsWith(form) ? `${code}<${core}` : `${core}>${code}`;
}

/**
 * How a name term keeps its company's registered name (registeredNameKey's `registered`), given the term's key and the
 * company's legal form: `<` where it is the key with the form before it, `>` with the form after it (北辰建設株式会社),
 * else the registered key whole; null for a name without a Japanese legal form. Two names of one key and form have the
 * same mark exactly when they have the same registered key, and most names are their key and their form.
 */
export function registeredNameMark(registered: string | null, key: string, legalForm: string | null): string | null {
  if (registered === null) return null;
  if (registered === `${legalForm}<${key}`) return '<';
  if (registered === `${key}>${legalForm}`) return '>';
  return registered;
}

/** The key and the legal form of a name: normalised, one legal form (Japanese or English) removed, no parentheses. */
export function analyseCompanyName(value: string): { key: string; legalForm: string | null } {
  const english = stripEnglishLegalForm(foldWidth(value).toLowerCase());
  const stripped = stripLegalForm(normaliseText(english.rest));
  return { key: stripped.core.replace(/[()]/gu, ''), legalForm: english.code ?? stripped.code };
}

/**
 * The key of a name as a publisher printed it: normalised as analyseCompanyName normalises it, but with every Japanese
 * legal form removed wherever it stands, so that an office printed after the company (「リリカラ（株）東京流通センター」)
 * keeps its place and the form between them may be written any way, or not at all (リリカラ東京流通センター). Not a
 * company's key (analyseCompanyName's): it keeps the office, which no registered name holds.
 */
export function printedNameKey(value: string): string {
  let text = normaliseText(stripEnglishLegalForm(foldWidth(value).toLowerCase()).rest);
  for (const [form] of JAPANESE_FORMS) if (text.includes(form)) text = text.replaceAll(form, '');
  return text.replace(/[()]/gu, '');
}

// The Japanese legal forms as NFKC writes them (㈱ as (株)), longest first: where a word of free text is cut.
export const WIDTH_FOLDED_FORMS: readonly string[] = [
  ...new Set(JAPANESE_LEGAL_FORMS.flatMap(([, spellings]) => spellings.map(foldWidth))),
].sort((a, b) => b.length - a.length);

/** Any of them, the longest first where two start at one place (一般社団法人 before 社団法人). */
const ANY_WIDTH_FOLDED_FORM = new RegExp(
  WIDTH_FOLDED_FORMS.map((form) => form.replace(/[()]/gu, '\\$&')).join('|'),
  'u',
);

/**
 * The pieces of NFKC text around the Japanese legal forms it writes, the forms left out, in their order: a word of
 * free text names a company by what stands around its form, which a record may write in another way (㈱, 株式会社)
 * or at another place (「日洋フレッシュ（株） 釧路工場」). Text without a form is one piece; a form alone, none.
 */
export function piecesAroundLegalForms(text: string): string[] {
  return text.split(ANY_WIDTH_FOLDED_FORM).filter((piece) => piece !== '');
}

/** The key a company name is matched on: normalised, legal form removed, parentheses dropped. */
export const normaliseCompanyName: (value: string) => string = memoRecent((value) => analyseCompanyName(value).key);

/** True when the value is written in Latin letters and digits only (after normalisation), with one letter at least. */
export function isLatin(value: string): boolean {
  return /^[a-z0-9()]+$/u.test(value) && /[a-z]/u.test(value);
}

const LEGAL_FORM_SPELLINGS = new Set(JAPANESE_LEGAL_FORMS.flatMap(([, spellings]) => spellings.map(normaliseText)));
const ENGLISH_FORM_ONLY = ENGLISH_LEGAL_FORMS.map(([, pattern]) => new RegExp(`^(?:${pattern})$`, 'u'));

/** True when the value is a legal form and nothing else (株式会社, （株）, ㈱, Co., Ltd., K.K.): it names no company. */
export function isLegalFormOnly(value: string): boolean {
  const lower = oneLine(foldWidth(value).toLowerCase());
  // two letters ("co", "kk") are too short to read as a form alone: they stay a search for names holding them
  const english = lower.replace(/\s/gu, '').length > 2 && ENGLISH_FORM_ONLY.some((form) => form.test(lower));
  return LEGAL_FORM_SPELLINGS.has(normaliseText(value)) || english;
}
