// The searchable terms of a company: each name it goes by, normalised the way queries are.
import type { AliasKind, CompanyAlias } from './company-input.js';
import { hiraganaToKatakana, normaliseCompanyName, normaliseText, romajiKey } from './names.js';

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

/** Every distinct (field, term) a company is found by; empty terms are dropped. */
export function companySearchTerms(company: NamedCompany): CompanyTerm[] {
  const terms: CompanyTerm[] = [];
  const seen = new Set<string>();
  const add = (field: TermField, term: string, aliasKind: AliasKind | null = null) => {
    const key = `${field}\u0000${term}`;
    if (term === '' || seen.has(key)) return;
    seen.add(key);
    terms.push({ field, alias_kind: aliasKind, term });
  };
  add('name', normaliseCompanyName(company.name));
  if (company.name_kana) add('name_kana', kanaKey(company.name_kana));
  if (company.name_en) add('name_en', romajiKey(company.name_en));
  for (const alias of company.aliases) {
    const latin = alias.kind === 'romanized' || alias.kind === 'english_unverified';
    add('alias', latin ? romajiKey(alias.name) : normaliseCompanyName(alias.name), alias.kind);
  }
  return terms;
}

/** Kana folded to full-width katakana without spaces or marks, as the NTA furigana is written. */
export function kanaKey(kana: string): string {
  return hiraganaToKatakana(normaliseText(kana)).replace(/[()]/gu, '');
}
