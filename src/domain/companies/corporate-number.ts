// Corporate Numbers (法人番号): normalisation of written forms and the check digit of the NTA's rule.
import { foldCompact } from '../text/text-fold.js';

/**
 * Removes what people write around a Corporate Number: full-width digits (by NFKC), spaces,
 * hyphens and the `T` of a qualified-invoice registration number (T + the corporate number).
 * Returns the bare string, which may still not be 13 digits.
 */
export function normaliseCorporateNumberInput(input: string): string {
  return foldCompact(input)
    .replace(/[\-‐‑‒–—―−ー]/gu, '')
    .replace(/^[Tt]/u, '');
}

/**
 * The check digit (the leading digit) for a 12-digit base, per the NTA's rule:
 * 9 - (Σ Pn × Qn mod 9), Pn the n-th digit from the right of the base, Qn 1 for odd n and 2 for even n.
 */
export function corporateNumberCheckDigit(base12: string): number {
  if (!/^\d{12}$/u.test(base12)) throw new RangeError(`a corporate number base has 12 digits, got ${base12}`);
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = base12.charCodeAt(12 - n) - 48;
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

export type CorporateNumberParse =
  | { readonly ok: true; readonly number: string }
  | { readonly ok: false; readonly reason: 'not_13_digits' | 'check_digit' };

/** Parses a user-written Corporate Number: 13 digits after normalisation, with a correct check digit. */
export function parseCorporateNumber(input: string): CorporateNumberParse {
  const bare = normaliseCorporateNumberInput(input);
  if (!/^\d{13}$/u.test(bare)) return { ok: false, reason: 'not_13_digits' };
  if (corporateNumberCheckDigit(bare.slice(1)) !== Number(bare[0])) return { ok: false, reason: 'check_digit' };
  return { ok: true, number: bare };
}

/** True when the input, once normalised, looks like an attempt at a Corporate Number (13 digits). */
export function looksLikeCorporateNumber(input: string): boolean {
  return /^\d{13}$/u.test(normaliseCorporateNumberInput(input));
}

/** Builds a valid Corporate Number from a 12-digit base (used by the demo generator and tests). */
export function corporateNumberFromBase(base12: string): string {
  return `${corporateNumberCheckDigit(base12)}${base12}`;
}
