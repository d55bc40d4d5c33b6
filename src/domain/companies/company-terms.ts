// The searchable terms of a company: each name it goes by, normalised the way queries are, and their short grams.
import type { AliasKind, CompanyAlias } from './company.js';
import { isLatin, normaliseCompanyName } from './names.js';
import { particleReading, romajiKey, romanizeKana, sokuonReading } from '../text/romanize.js';
import { longGrams, tokenCharacters } from '../text/index-keys.js';

export type TermField = 'name' | 'name_kana' | 'name_en' | 'alias';

export interface CompanyTerm {
  readonly field: TermField;
  readonly alias_kind: AliasKind | null;
  readonly term: string;
}

export interface NamedCompany {
  readonly name: string;
  readonly name_kana: string | null;
  readonly name_en: string | null;
  readonly aliases: readonly CompanyAlias[];
}

/**
 * Bump when what companySearchTerms, termGrams or companyLongGrams give changes: stored terms of an older version are
 * rebuilt.
 */
export const TERMS_VERSION = 5;

/**
 * Every distinct (field, term) a company is found by; empty terms are dropped. Latin-script names get the
 * loose romaji key beside their plain key; the reading gives the romanized key (from the kana only, never
 * from kanji), a second one with は/へ read as particles (wa, e) and a third with a full-size ツ read as ッ when it has
 * them.
 */
export function companySearchTerms(company: NamedCompany): CompanyTerm[] {
  const terms: CompanyTerm[] = [];
  const seen = new Set<string>();
  const add = (field: TermField, term: string, aliasKind: AliasKind | null = null) => {
    const key = `${field}\u0000${term}`;
    if (term === '' || seen.has(key)) return;
    seen.add(key);
    terms.push({ field, alias_kind: aliasKind, term });
  };
  const addLatin = (field: TermField, value: string, aliasKind: AliasKind | null = null) => {
    add(field, normaliseCompanyName(value), aliasKind);
    add(field, romajiKey(value), aliasKind);
  };
  const name = normaliseCompanyName(company.name);
  add('name', name);
  if (isLatin(name)) add('name', romajiKey(company.name));
  if (company.name_kana) {
    add('name_kana', kanaKey(company.name_kana));
    for (const reading of [company.name_kana, particleReading(company.name_kana), sokuonReading(company.name_kana)]) {
      const romanized = reading === null ? null : romanizeKana(reading);
      if (romanized !== null) add('alias', romajiKey(romanized), 'romanized');
    }
  }
  if (company.name_en) addLatin('name_en', company.name_en);
  for (const alias of company.aliases) {
    // a romanized alias is found by its loose key alone: its plain spelling is one more term that no query needs
    if (alias.kind === 'romanized') add('alias', romajiKey(alias.name), alias.kind);
    else if (alias.kind === 'english_unverified') addLatin('alias', alias.name, alias.kind);
    else add('alias', normaliseCompanyName(alias.name), alias.kind);
  }
  return terms;
}

/** The reading folded as names are (full-width katakana, small kana full size, no marks), legal form removed. */
export function kanaKey(kana: string): string {
  return normaliseCompanyName(kana);
}

/**
 * The terms of a company's reading: its kana, and its romanizations (the register's romanized alias is one too). They
 * find the company when a person types how its name is read, but no record names a company by them (which records are
 * a company's: domain/records/company-records.ts): サンエイ reads 三栄, 三英 and 産栄 alike, and ＳＡＮＥＩ株式会社 is
 * another company's name, not 三栄株式会社's.
 */
export const READING_TERMS = { field: 'name_kana', aliasKind: 'romanized' } as const satisfies {
  field: TermField;
  aliasKind: AliasKind;
};

/** The terms that also get short grams: what a person writes in kanji or kana, one or two characters long. */
export const SHORT_GRAM_TERMS = { fields: ['name'], aliasKinds: ['former_name', 'brand'] } as const satisfies {
  fields: readonly TermField[];
  aliasKinds: readonly AliasKind[];
};

// SHORT_GRAM_TERMS widened to what a term holds, so that `includes` takes any term's field and alias kind
const SHORT_GRAM_FIELDS: readonly TermField[] = SHORT_GRAM_TERMS.fields;
const SHORT_GRAM_ALIAS_KINDS: readonly (AliasKind | null)[] = SHORT_GRAM_TERMS.aliasKinds;

/** Whether the term is one of SHORT_GRAM_TERMS. */
export function hasShortGrams(term: Pick<CompanyTerm, 'field' | 'alias_kind'>): boolean {
  return (
    SHORT_GRAM_FIELDS.includes(term.field) ||
    (term.field === 'alias' && SHORT_GRAM_ALIAS_KINDS.includes(term.alias_kind))
  );
}

/**
 * What parts a company's terms in its trigram document. No term holds a space (names are folded without them:
 * names.ts), so no key's trigram spans two terms, and a key is found in a document only where one term holds it.
 */
export const TERM_SEPARATOR = ' ';

/** A company's document in each full-text index of its terms (one document a company), null where it has none. */
export interface CompanyDocuments {
  /** Its terms, in their order (the trigram index). */
  readonly trigrams: string | null;
  /** The short grams of its SHORT_GRAM_TERMS (termGrams), in their order. */
  readonly grams: string | null;
  /** Its long grams (companyLongGrams). */
  readonly longGrams: string | null;
}

/** A company's search terms and its documents: everything writing its terms takes, worked out before the write. */
export interface IndexedTerms {
  readonly terms: readonly CompanyTerm[];
  readonly documents: CompanyDocuments;
}

/** The one definition of a company's documents, from its terms in the order they are written. */
export function companyDocuments(terms: readonly CompanyTerm[]): CompanyDocuments {
  const words = terms.map((t) => t.term);
  const short = terms.filter(hasShortGrams).map((t) => termGrams(t.term));
  const longGrams = companyLongGrams(words);
  return {
    trigrams: words.length === 0 ? null : words.join(TERM_SEPARATOR),
    grams: short.length === 0 ? null : short.join(' '),
    longGrams: longGrams === '' ? null : longGrams,
  };
}

/** companySearchTerms of a company with their documents. */
export function indexedTerms(company: NamedCompany): IndexedTerms {
  const terms = companySearchTerms(company);
  return { terms, documents: companyDocuments(terms) };
}

/**
 * Every distinct one- and two-character substring of a term, space separated: the document of the short-gram
 * index, which serves partial matches for queries too short for the trigram index (花王, 東レ, 花).
 */
export function termGrams(term: string): string {
  const chars = tokenCharacters(term);
  const grams = new Set<string>();
  for (const [i, char] of chars.entries()) {
    grams.add(char);
    const next = chars[i + 1];
    if (next !== undefined) grams.add(char + next);
  }
  return [...grams].join(' ');
}

/**
 * Every distinct long gram (index-keys.ts) of a company's terms, space separated: its document in the long-gram index,
 * empty when no term has one. Every term, as in the trigram index: a long key may be any of them.
 */
export function companyLongGrams(terms: Iterable<string>): string {
  const grams = new Set<string>();
  for (const term of terms) for (const gram of longGrams(term)) grams.add(gram);
  return [...grams].join(' ');
}
