// A closed set of codes with Japanese and English labels, and the resolution of user input to a code.
import { foldCaseless } from './text/text-fold.js';

export interface Term {
  readonly code: string;
  readonly name: string;
  readonly name_en: string;
  /** Other spellings resolve() accepts (short names, abbreviations, former names); never shown as labels. */
  readonly aliases?: readonly string[];
}

export interface Vocabulary<T extends Term = Term> {
  /** The field this vocabulary belongs to, as named in the contract (`sector`, `action_type`, …). */
  readonly field: string;
  readonly terms: readonly T[];
  /** The term for an exact code, or undefined. */
  get(code: string): T | undefined;
  /** The term for a code, Japanese label, English label or alias (case-insensitive, NFKC, white space aside), or undefined. */
  resolve(input: string): T | undefined;
  codes(): string[];
}

export function defineVocabulary<T extends Term>(field: string, terms: readonly T[]): Vocabulary<T> {
  const byCode = new Map<string, T>();
  const byLabel = new Map<string, T>();
  for (const term of terms) {
    if (byCode.has(term.code)) throw new Error(`duplicate code ${term.code} in vocabulary ${field}`);
    byCode.set(term.code, term);
  }
  // Codes win over labels, then Japanese labels over English ones, then aliases, so that no label can
  // shadow a code and no alias can shadow a label.
  for (const term of terms) setOnce(byLabel, foldCaseless(term.code), term);
  for (const term of terms) setOnce(byLabel, foldCaseless(term.name), term);
  for (const term of terms) setOnce(byLabel, foldCaseless(term.name_en), term);
  for (const term of terms) for (const alias of term.aliases ?? []) setOnce(byLabel, foldCaseless(alias), term);
  return {
    field,
    terms,
    get: (code) => byCode.get(code),
    resolve: (input) => byLabel.get(foldCaseless(input)),
    codes: () => terms.map((t) => t.code),
  };
}

function setOnce<T>(map: Map<string, T>, key: string, value: T): void {
  if (key !== '' && !map.has(key)) map.set(key, value);
}
