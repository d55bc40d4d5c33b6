// How a record names a company, as the linker reads it: a record names a company when this key is one of the company's
// name terms (company-terms.ts), whatever script the question that found the company was in.
import { linkSubject } from '../companies/link-company.js';

/** The key of the company a record names: its name as the linker reads it, an office after it left out. */
export function recordNameKey(name: string): string {
  return linkSubject(name).key;
}
