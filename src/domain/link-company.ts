// Linking a record that names no Corporate Number to the one company with its name, prefecture and city.
// Never a guess: two candidates or none leave the record unlinked.
import { impliedPrefecture } from './implied-prefecture.js';
import { normaliseCompanyName } from './names.js';
import { PREFECTURES, prefectureByCode } from './vocabularies/prefectures.js';

/** Where a record places its company: the prefecture, and the rest of the address after it. */
export interface RecordPlace {
  readonly prefecture_code: string | null;
  /** The address after the prefecture (city, ward, town, ...), NFKC without spaces; null when there is none. */
  readonly locality: string | null;
}

/** A company with the record's normalised name in the record's prefecture, as the store finds it. */
export interface LinkCandidate {
  readonly corporate_number: string;
  readonly city: string | null;
}

export type LinkDecision =
  | { readonly kind: 'linked'; readonly corporate_number: string }
  | { readonly kind: 'ambiguous'; readonly candidates: number }
  | { readonly kind: 'unmatched'; readonly why: 'no_name' | 'no_place' | 'no_company' };

export type LinkOutcome = LinkDecision['kind'];

/** The key the store looks the name up by (the company_terms 'name' term). */
export function linkNameKey(name: string): string {
  return normaliseCompanyName(name);
}

/**
 * Reads the prefecture from the code the record gives, else from the start of its address, else from what makes it
 * certain when the address leaves it out (implied-prefecture.ts): its municipality or ward, with the office that issued
 * the record (`authority`) to choose among namesakes.
 */
export function placeOf(
  company: {
    readonly prefecture_code?: string | null;
    readonly address?: string | null;
  },
  authority?: string | null,
): RecordPlace {
  const address = compact(company.address ?? '').replace(/^〒?\d{3}-?\d{4}/u, '');
  const named = PREFECTURES.find((p) => address.startsWith(p.name));
  const given = company.prefecture_code ? prefectureByCode(company.prefecture_code) : undefined;
  // a code and an address that disagree place the company nowhere
  if (given && named && given.code !== named.code) return { prefecture_code: null, locality: null };
  const prefecture = given?.code ?? named?.code ?? (address === '' ? null : impliedPrefecture(address, authority));
  if (prefecture === null) return { prefecture_code: null, locality: null };
  const rest = named ? address.slice(named.name.length) : address;
  return { prefecture_code: prefecture, locality: rest === '' ? null : rest };
}

/** Whether the record's locality lies in the company's city (the NTA city: 千代田区, 札幌市北区, 中川郡本別町). */
export function sameCity(locality: string, city: string): boolean {
  const c = compact(city);
  if (c === '') return false;
  if (locality.startsWith(c)) return true;
  // a record may leave out the district (郡) the NTA writes before a town or village
  const withoutDistrict = c.replace(/^[^郡]+郡/u, '');
  if (withoutDistrict !== c && locality.startsWith(withoutDistrict)) return true;
  // a record naming only a designated city (札幌市) still lies in the company's ward of it (札幌市北区)
  return /市$/u.test(locality) && c.startsWith(locality) && /区$/u.test(c);
}

/** The decision for one record, given every company with its name in its prefecture. */
export function decideLink(nameKey: string, place: RecordPlace, candidates: readonly LinkCandidate[]): LinkDecision {
  if (nameKey === '') return { kind: 'unmatched', why: 'no_name' };
  if (place.prefecture_code === null || place.locality === null) return { kind: 'unmatched', why: 'no_place' };
  const locality = place.locality;
  const numbers = new Set(
    candidates.filter((c) => c.city !== null && sameCity(locality, c.city)).map((c) => c.corporate_number),
  );
  const [corporateNumber] = numbers;
  if (corporateNumber === undefined) return { kind: 'unmatched', why: 'no_company' };
  if (numbers.size > 1) return { kind: 'ambiguous', candidates: numbers.size };
  return { kind: 'linked', corporate_number: corporateNumber };
}

function compact(value: string): string {
  return value.normalize('NFKC').replace(/[\s\u3000]+/gu, '');
}
