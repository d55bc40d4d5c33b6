// How a record names a company, as the linker reads it: a record names a company when this key is one of the company's
// name terms (company-terms.ts), whatever script the question that found the company was in; and how a record an
// answer about companies holds relates to them.
import { linkSubject } from '../companies/link-company.js';
import type { CompanyFilter, RecordQuery } from './record-query.js';

/** The key of the company a record names: its name as the linker reads it, an office after it left out. */
export function recordNameKey(name: string): string {
  return linkSubject(name).key;
}

/**
 * How a record an answer about companies holds relates to what was asked: `linked` to a company it found (by the
 * source's Corporate Number, or by name and address), `named`, linked to no company and naming one it found (it may be
 * that company's, or a namesake's), or found by its own `text` (its printed company name or its words hold the query).
 */
export type Relation = 'linked' | 'named' | 'text';

/** The relation of a record to a company filter's companies, by the company the record names. */
export function relationOf(company: NamedCompany, filter: CompanyFilter): Relation {
  if (company.corporate_number !== null)
    return filter.corporateNumbers.includes(company.corporate_number) ? 'linked' : 'text';
  return filter.nameKeys.includes(recordNameKey(company.name)) ? 'named' : 'text';
}

/** The company a record names, as relationOf reads it. */
type NamedCompany = { readonly corporate_number: string | null; readonly name: string };

/**
 * How the records a record query finds relate to it: by its company filter, linked to its Corporate Number, or found by
 * its text; undefined for a query that names no company and no text (an authority's, a law's), where no record
 * relates to anything asked.
 */
export function queryRelation(query: RecordQuery): ((company: NamedCompany) => Relation) | undefined {
  const { company } = query;
  if (company !== undefined) return (named) => relationOf(named, company);
  if (query.corporate_number !== undefined) return () => 'linked';
  return query.q === undefined ? undefined : () => 'text';
}
