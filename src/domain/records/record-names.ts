// How a record names a company, as the linker reads it: a record names a company when this key is one of the company's
// name terms (company-terms.ts), whatever script the question that found the company was in; and which records linked to
// no company may be a company's own, by where they place it.
import { linkSubject, placeOf, sameCity } from '../companies/link-company.js';

/** The key of the company a record names: its name as the linker reads it, an office after it left out. */
export function recordNameKey(name: string): string {
  return linkSubject(name).key;
}

/** Where a company is registered, as the register writes it. */
export interface RegisteredPlace {
  readonly prefecture_code: string | null;
  readonly city: string | null;
}

/**
 * Whether a record linked to no company may be the company's own: the record places its company nowhere, or where the
 * company is registered (its prefecture, and its city when the record's address names one). A record of another
 * prefecture or city names a namesake as likely as this company, so it is not offered as possibly this one's.
 */
export function mayBeRegisteredAt(
  recordCompany: { readonly prefecture_code?: string | null; readonly address?: string | null },
  authority: string | null,
  registered: RegisteredPlace,
): boolean {
  const place = placeOf(recordCompany, authority);
  if (place.prefecture_code === null) return true;
  if (registered.prefecture_code !== null && place.prefecture_code !== registered.prefecture_code) return false;
  if (place.locality === null || registered.city === null) return true;
  return sameCity(place.locality, registered.city);
}
