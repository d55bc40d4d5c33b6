// What a Consumer Affairs Agency release title says: the action and the companies it names.
// 「A株式会社及びB株式会社に対する景品表示法に基づく措置命令について」 → measures_order against A株式会社 and B株式会社.
import { oneLine } from '../../../domain/text/untrusted-text.js';
import { analyseCompanyName } from '../../../domain/companies/names.js';

export interface ReleaseTitle {
  /** The enforcement action_type code, or null for a release that is not one (a 注意喚起, a notice). */
  readonly action: string | null;
  /** The companies as the title writes them; empty when it names none (「販売事業者2社に対する…」). */
  readonly companies: readonly string[];
}

// Tried in order: 課徴金納付命令 contains 命令, so it goes before 措置命令's shorter words.
const ACTIONS: readonly (readonly [RegExp, string])[] = [
  [/課徴金納付命令/u, 'surcharge_payment_order'],
  [/確約計画の認定/u, 'commitment_plan_approval'],
  [/措置命令/u, 'measures_order'],
];

// The words after the companies: 「…に対する」, 「…から申請があった」 (a commitment plan), 「…による」.
const AFTER_COMPANIES = /(?:に対する|から申請があった|から申請のあった|による)/u;
const BETWEEN_COMPANIES = /及び|並びに|[、，,]/u;

/** The names are kept as the title writes them (full-width letters and all): that is what the source says. */
export function readReleaseTitle(title: string): ReleaseTitle {
  const text = oneLine(title);
  const action = ACTIONS.find(([words]) => words.test(text))?.[1] ?? null;
  const cut = AFTER_COMPANIES.exec(text);
  if (action === null || cut === null) return { action, companies: [] };
  return { action, companies: companiesIn(text.slice(0, cut.index)) };
}

/**
 * The companies of the words before 「に対する」: split at 及び, 並びに and 、 only when every part is a company
 * (it has a legal form), so that a name holding one of those words stays whole. A part without a legal form
 * (「…の販売事業者2社」) names no company.
 */
function companiesIn(words: string): string[] {
  const whole = words.trim();
  const parts = whole
    .split(BETWEEN_COMPANIES)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length > 1 && parts.every(isCompany)) return parts;
  return isCompany(whole) ? [whole] : [];
}

function isCompany(name: string): boolean {
  const { key, legalForm } = analyseCompanyName(name);
  return legalForm !== null && key !== '';
}
