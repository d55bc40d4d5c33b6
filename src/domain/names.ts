// Normalisation of company names for matching: width, case, script and legal-form folding.
// This is the seam that the Japanese search work deepens; the index and the query side both call it.

const LEGAL_FORMS_JA = [
  '特定非営利活動法人', '公益社団法人', '公益財団法人', '一般社団法人', '一般財団法人', '社会福祉法人',
  '株式会社', '有限会社', '合同会社', '合名会社', '合資会社', '医療法人社団', '医療法人財団', '医療法人',
  '学校法人', '宗教法人', 'npo法人', 'カブシキガイシャ', 'カブシキカイシャ', 'ユウゲンガイシャ', 'ゴウドウガイシャ',
  '(株)', '(有)', '(合)', '(同)', '(名)', '(資)', '(一社)', '(一財)', '(公社)', '(公財)', '(医)', '(特非)', '(学)', '(福)',
];
// English forms are removed on word boundaries before white space goes, so that "Zinc" keeps its "inc".
const LEGAL_FORM_EN_SUFFIX =
  /[\s,]*(?:co\.?\s*,?\s*ltd\.?|company\s+limited|corporation|corp\.?|incorporated|inc\.?|limited|ltd\.?|l\.?l\.?c\.?|k\.\s*k\.?|kk|g\.\s*k\.?|y\.\s*k\.?|kabushiki\s*[kg]aisha|godo\s*kaisha|yugen\s*kaisha)$/u;
const LEGAL_FORM_EN_PREFIX = /^(?:kabushiki\s*[kg]aisha|godo\s*kaisha|yugen\s*kaisha)\s+/u;
// Longest first, so that 医療法人社団 is removed whole rather than leaving 社団 behind.
const LEGAL_FORMS = [...LEGAL_FORMS_JA].sort((a, b) => b.length - a.length);

/** NFKC, lower case, katakana for hiragana, no white space, the dash and middle-dot families dropped. */
export function normaliseText(value: string): string {
  return hiraganaToKatakana(value.normalize('NFKC').toLowerCase())
    .replace(/[\s\u200b\u3000]+/gu, '')
    .replace(/[・･·•‧∙.,，、。'’‘"“”`´!！?？&＆+＋/／\\:;：；()（）「」『』【】\[\]{}<>〈〉《》_＿~〜～\-‐‑‒–—―−]/gu, (ch) =>
      // parentheses survive as ASCII so that (株) is still seen as a legal form
      ch === '(' || ch === '（' ? '(' : ch === ')' || ch === '）' ? ')' : '',
    );
}

/** Katakana for hiragana; other characters untouched (ー and kanji stay as they are). */
export function hiraganaToKatakana(value: string): string {
  return value.replace(/[\u3041-\u3096\u309d\u309e]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));
}

/** The normalised name with one legal form removed from the start or end, when one is there. */
export function stripLegalForm(normalised: string): { core: string; form: string | null } {
  for (const form of LEGAL_FORMS) {
    if (normalised.length > form.length && normalised.startsWith(form)) {
      return { core: normalised.slice(form.length), form };
    }
    if (normalised.length > form.length && normalised.endsWith(form)) {
      return { core: normalised.slice(0, -form.length), form };
    }
  }
  return { core: normalised, form: null };
}

/** The key a company name is matched on: normalised, legal form removed, parentheses dropped. */
export function normaliseCompanyName(value: string): string {
  const lower = value.normalize('NFKC').toLowerCase().trim();
  const english = lower.replace(LEGAL_FORM_EN_SUFFIX, '').replace(LEGAL_FORM_EN_PREFIX, '');
  const { core } = stripLegalForm(normaliseText(english === '' ? lower : english));
  return core.replace(/[()]/gu, '');
}

/**
 * A loose key for romanized names, so that Tōkyō, Tokyo, TOUKYOU and tokyo meet:
 * macrons dropped, long vowels ou/oo/uu folded, n before b/m/p written n.
 */
export function romajiKey(value: string): string {
  return normaliseCompanyName(value.normalize('NFKD').replace(/[\u0300-\u036f]/gu, ''))
    .replace(/[^a-z0-9]/gu, '')
    .replace(/ou|oo/gu, 'o')
    .replace(/uu/gu, 'u')
    .replace(/m(?=[bmp])/gu, 'n');
}

/** True when the value is written in Latin letters and digits only (after normalisation). */
export function isLatin(value: string): boolean {
  return /^[a-z0-9()]+$/u.test(value) && /[a-z]/u.test(value);
}
