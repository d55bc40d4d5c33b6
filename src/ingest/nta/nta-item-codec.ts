// Parsed rows as one flat array a batch, for the trip from the reading thread to the writing one.
import type { CompanyAlias, CompanyInput } from '../../domain/companies/company.js';
import type { CompanyTerm, IndexedTerms } from '../../domain/companies/company-terms.js';
import type { ParsedItem } from './nta-parsed-rows.js';
import type { NtaProcess, NtaRowErrorReason } from './nta-row.js';

/**
 * A batch posted as objects would be cloned with every field name of every row, a cost on the writing thread close
 * to that of writing the company; one array of values is much cheaper to clone on each side.
 * decodeItems(encodeItems(items)) deep-equals items.
 */
export type EncodedItems = (string | number | boolean | null)[];

export function encodeItems(items: readonly ParsedItem[]): EncodedItems {
  const out: EncodedItems = [];
  for (const { result, terms } of items) {
    if (!result.ok) {
      out.push(0, result.error.line, result.error.reason, result.error.message);
      continue;
    }
    const { row } = result;
    const c = row.company;
    const a = c.address;
    out.push(1, row.line, row.latest, row.process, row.correction, row.changedOn);
    out.push(c.corporate_number, c.name, c.name_kana, c.name_en, c.kind_code, c.legal_form);
    out.push(a.prefecture_code, a.prefecture, a.city, a.city_code, a.street, a.postal_code, a.outside, a.en);
    out.push(c.status, c.closed_on, c.close_cause, c.successor_corporate_number, c.updated_on, c.changed_on);
    out.push(c.aliases.length);
    for (const alias of c.aliases) out.push(alias.name, alias.kind);
    if (terms === null) {
      out.push(-1);
      continue;
    }
    out.push(terms.terms.length);
    for (const t of terms.terms) out.push(t.field, t.alias_kind, t.term);
    const { documents } = terms;
    out.push(documents.trigrams, documents.grams, documents.longGrams);
  }
  return out;
}

export function decodeItems(values: EncodedItems): ParsedItem[] {
  const items: ParsedItem[] = [];
  let i = 0;
  // Checking each value's type at run time would spend on the writing thread what this layout saves.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the values are read in the order encodeItems wrote them, each into the field it came from (the round trip is tested)
  const next = () => values[i++] as never;
  while (i < values.length) {
    if (next() === 0) {
      const line: number = next();
      const reason: NtaRowErrorReason = next();
      items.push({ result: { ok: false, error: { line, reason, message: next() } }, terms: null });
      continue;
    }
    const line: number = next();
    const latest: boolean = next();
    const process: NtaProcess = next();
    const correction: boolean = next();
    const changedOn: string = next();
    const company: CompanyInput = {
      corporate_number: next(),
      name: next(),
      name_kana: next(),
      name_en: next(),
      kind_code: next(),
      legal_form: next(),
      address: {
        prefecture_code: next(),
        prefecture: next(),
        city: next(),
        city_code: next(),
        street: next(),
        postal_code: next(),
        outside: next(),
        en: next(),
      },
      status: next(),
      closed_on: next(),
      close_cause: next(),
      successor_corporate_number: next(),
      updated_on: next(),
      changed_on: next(),
      aliases: aliasesFrom(next()),
    };
    const termCount: number = next();
    let terms: IndexedTerms | null = null;
    if (termCount >= 0) {
      const list: CompanyTerm[] = [];
      for (let t = 0; t < termCount; t++) list.push({ field: next(), alias_kind: next(), term: next() });
      terms = { terms: list, documents: { trigrams: next(), grams: next(), longGrams: next() } };
    }
    items.push({ result: { ok: true, row: { line, latest, process, correction, changedOn, company } }, terms });
  }
  return items;

  function aliasesFrom(count: number): CompanyAlias[] {
    const aliases: CompanyAlias[] = [];
    for (let n = 0; n < count; n++) aliases.push({ name: next(), kind: next() });
    return aliases;
  }
}
