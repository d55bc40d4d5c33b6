// Linking a record that names no Corporate Number to the one company with its name in its city, else in its
// prefecture when none of the name is registered elsewhere in Japan. Never a guess: two candidates or none leave the
// record unlinked; each link says why.
import { analyseCompanyName, WIDTH_FOLDED_FORMS } from './names.js';
import { legalForms } from '../vocabularies/legal-forms.js';
import { impliedPrefecture } from '../implied-prefecture.js';
import { prefectureByCode } from '../vocabularies/prefectures.js';
import { splitAddress } from '../address-prefecture.js';
import { foldCompact, foldWidth } from '../text/text-fold.js';

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
  /** Its legal form code (kabushiki_kaisha, yugen_kaisha, …). */
  readonly legal_form: string;
}

/** The companies of a record's name key: those registered in the record's prefecture, and how many elsewhere. */
export interface Namesakes {
  readonly inPrefecture: readonly LinkCandidate[];
  /** Companies of the name registered in another prefecture or abroad (a name held twice counts once). */
  readonly elsewhere: number;
}

/** No company of the name anywhere: what a record without a name key or a place has to go by. */
export const NO_NAMESAKES: Namesakes = { inPrefecture: [], elsewhere: 0 };

/** What a record's name says of the company it names, and of the office or workplace it names after it. */
export interface LinkSubject {
  /** The name key of the company (the company_terms 'name' term), its office left out; '' when none. */
  readonly key: string;
  /** The legal form the name writes (kabushiki_kaisha for （株）), null when it writes none. */
  readonly legal_form: string | null;
  /** The office the name gives after the company's (「境港営業所」 of 「Ｌ物流（株） 境港営業所」), or null. */
  readonly office: string | null;
}

/**
 * Why a record was linked: `same_city`, the one company of its name registered in the record's city;
 * `only_in_prefecture`, none of its name in the city (the record names a branch or a workplace) and the one
 * of that name in the whole prefecture, none of it elsewhere in Japan.
 */
type LinkBasis = 'same_city' | 'only_in_prefecture';

export type LinkDecision =
  | {
      readonly kind: 'linked';
      readonly corporate_number: string;
      readonly basis: LinkBasis;
      readonly reason: string;
      /** Whether the link asks more than a name and a city (an office, a changed legal form, the prefecture): a collection notes it. */
      readonly noteworthy: boolean;
    }
  | { readonly kind: 'ambiguous'; readonly candidates: number; readonly reason: string }
  | { readonly kind: 'unmatched'; readonly why: 'no_name' | 'no_place' | 'no_company' };

export type LinkOutcome = LinkDecision['kind'];

// An office, branch or works named after the company: 「Ｌ物流（株） 境港営業所」, 「株式会社見本 鳥取工場」.
// 店 is a shop of the company (「三沢堀口店」), but 商店 is a trade name's own word (「（株）丸 商店」).
const OFFICE = /(?:営業所|支店|支社|工場|事業所|事業場|出張所|営業部|作業所|製造所|(?<!商)店|センター)$/u;

/**
 * The company a record names and the office or workplace it names after it. It is split off only where the name
 * shows where the company's name ends: after its legal form (「Ｌ物流（株） 境港営業所」), or at the last space of
 * a name a legal form opens, before an office (「（株）見本 鳥取工場」). 「（株）木田商店」 names no office.
 */
export function linkSubject(name: string): LinkSubject {
  const text = foldWidth(name).trim();
  const split = officeSplit(text);
  const company = split?.company ?? text;
  const analysed = analyseCompanyName(company);
  return { key: analysed.key, legal_form: analysed.legalForm, office: split?.office ?? null };
}

function officeSplit(text: string): { company: string; office: string } | null {
  // where a longer form was found: a shorter one inside it (社団法人 in 一般社団法人) is part of that form, not one
  const found: { at: number; end: number }[] = [];
  for (const form of WIDTH_FOLDED_FORMS) {
    const at = text.indexOf(form);
    if (at < 0) continue;
    const end = at + form.length;
    if (found.some((longer) => longer.at <= at && end <= longer.end)) continue;
    found.push({ at, end });
    if (at > 0 && end < text.length) {
      // a legal form closes a registered name: what a space sets apart after it is a workplace (「三菱電機（株）
      // 情報技術総合研究所」), and so is an office run on without one (「兵庫県レンダリング（株）和田山工場」)
      const rest = text.slice(end);
      const office = rest.trim();
      if (office !== '' && (/^\s/u.test(rest) || OFFICE.test(office)))
        return { company: text.slice(0, end).trim(), office };
    }
    if (at === 0) {
      // the last space: a name may hold one itself (「（株）Ｗａｖｅ Ｅｎｅｒｇｙ四国事業所 詫間工場」), and a company
      // part that keeps an office finds no company, which leaves the record unlinked rather than linked wrongly
      const cut = text.search(/\s\S*$/u);
      if (cut <= end) continue;
      const office = text.slice(cut).trim();
      if (OFFICE.test(office)) return { company: text.slice(0, cut).trim(), office };
    }
  }
  return null;
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
  const { prefecture: named, rest: address } = splitAddress(company.address ?? '');
  const given = company.prefecture_code ? prefectureByCode(company.prefecture_code) : undefined;
  // a code and an address that disagree place the company nowhere
  if (given && named && given.code !== named.code) return { prefecture_code: null, locality: null };
  const prefecture = given?.code ?? named?.code ?? (address === '' ? null : impliedPrefecture(address, authority));
  if (prefecture === null) return { prefecture_code: null, locality: null };
  return { prefecture_code: prefecture, locality: address === '' ? null : address };
}

/** Whether the record's locality lies in the company's city (the NTA city: 千代田区, 札幌市北区, 中川郡本別町). */
export function sameCity(locality: string, city: string): boolean {
  const c = foldCompact(city);
  if (c === '') return false;
  if (locality.startsWith(c)) return true;
  // a record may leave out the district (郡) the NTA writes before a town or village
  const withoutDistrict = c.replace(/^[^郡]+郡/u, '');
  if (withoutDistrict !== c && locality.startsWith(withoutDistrict)) return true;
  // a record naming only a designated city (札幌市) still lies in the company's ward of it (札幌市北区)
  return /市$/u.test(locality) && c.startsWith(locality) && /区$/u.test(c);
}

/**
 * The decision for one record, given the companies of its name key. Only one company that fits is ever linked:
 * first in the record's city; where none of its name is there, the one of its name in the whole prefecture, if the
 * record names a company (a legal form) and no other company there has the name. Where the record's address is not
 * the company's own (it names an office, or the company is registered in another city), the company may be
 * registered anywhere: a namesake elsewhere in Japan leaves it unlinked. A legal form must agree, or have changed the
 * one way the law allows since 2006 (有限会社 to 株式会社).
 */
export function decideLink(subject: LinkSubject, place: RecordPlace, namesakes: Namesakes): LinkDecision {
  if (subject.key === '') return { kind: 'unmatched', why: 'no_name' };
  if (place.prefecture_code === null) return { kind: 'unmatched', why: 'no_place' };
  const prefecture = prefectureByCode(place.prefecture_code)?.name ?? place.prefecture_code;
  const office = subject.office === null ? '' : `names its office 「${subject.office}」; `;
  const fitting = unique(namesakes.inPrefecture.filter((c) => formsAgree(subject.legal_form, c.legal_form)));
  const { elsewhere } = namesakes;
  const locality = place.locality;
  if (locality !== null) {
    const inCity = fitting.filter((c) => c.city !== null && sameCity(locality, c.city));
    const [only, ...more] = inCity;
    if (only !== undefined && more.length > 0)
      return {
        kind: 'ambiguous',
        candidates: inCity.length,
        reason: `${inCity.length} companies of the name in ${cityOf(only)}`,
      };
    if (only !== undefined && office !== '' && elsewhere > 0)
      return {
        kind: 'ambiguous',
        candidates: 1 + elsewhere,
        reason: `${office}one company of the name in ${cityOf(only)} and ${elsewhere} elsewhere in Japan, any of which may have the office`,
      };
    if (only !== undefined) {
      const changed = formChange(subject.legal_form, only.legal_form);
      return {
        kind: 'linked',
        corporate_number: only.corporate_number,
        basis: 'same_city',
        reason: `${office}the one company of the name in ${cityOf(only)}${changed}`,
        noteworthy: office !== '' || changed !== '',
      };
    }
  }
  return inPrefectureDecision(subject, { locality, prefecture, office }, fitting, namesakes);
}

/** None of the name in the record's city: the one company of the name in its prefecture, when no other is in Japan. */
function inPrefectureDecision(
  subject: LinkSubject,
  place: { readonly locality: string | null; readonly prefecture: string; readonly office: string },
  fitting: readonly LinkCandidate[],
  namesakes: Namesakes,
): LinkDecision {
  const all = unique(namesakes.inPrefecture);
  const [only, ...more] = fitting;
  if (only === undefined || subject.legal_form === null)
    return { kind: 'unmatched', why: place.locality === null ? 'no_place' : 'no_company' };
  if (more.length > 0 || all.length > 1)
    return {
      kind: 'ambiguous',
      candidates: all.length,
      reason: `${all.length} companies of the name in ${place.prefecture}, none in the record's city`,
    };
  const registered = `the only company of the name in ${place.prefecture}, registered in ${cityOf(only)}`;
  if (namesakes.elsewhere > 0)
    return {
      kind: 'ambiguous',
      candidates: 1 + namesakes.elsewhere,
      reason: `${place.office}${registered}, not in the record's city, and ${namesakes.elsewhere} more of the name elsewhere in Japan`,
    };
  return {
    kind: 'linked',
    corporate_number: only.corporate_number,
    basis: 'only_in_prefecture',
    reason: `${place.office}${registered}${formChange(subject.legal_form, only.legal_form)}`,
    noteworthy: true,
  };
}

/** The record's legal form and the register's agree: the same, unknown on the record's side, or 有限会社 become 株式会社. */
function formsAgree(record: string | null, registered: string): boolean {
  return record === null || record === registered || (record === 'yugen_kaisha' && registered === 'kabushiki_kaisha');
}

function formChange(record: string | null, registered: string): string {
  if (record === null || record === registered) return '';
  const name = (code: string) => legalForms.get(code)?.name ?? code;
  return `; its legal form changed from ${name(record)} to ${name(registered)}`;
}

/** One entry per company: a company may hold its name twice in the index (a name and an alias of it). */
function unique(candidates: readonly LinkCandidate[]): LinkCandidate[] {
  const byNumber = new Map(candidates.map((c) => [c.corporate_number, c] as const));
  return [...byNumber.values()];
}

function cityOf(candidate: LinkCandidate): string {
  return candidate.city ?? 'its city';
}
