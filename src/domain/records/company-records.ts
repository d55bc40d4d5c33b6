// Which records are a company's: the one rule that every answer about companies asks, whatever its surface.
//
// A company's own records are those linked to its Corporate Number, and those linked to a company merged into it (its
// predecessors, the companies whose successor chain leads to it, at any depth), listed as a predecessor's.
// What may be its own is offered apart: the records linked to no company that name one of its names (current,
// English, former, other; never its reading, in kana or romanized, which many names share: company-terms.ts
// READING_TERMS) and place that company nowhere or in its prefecture; a namesake's are as likely.
// The records linked to none naming one of its names that place it in another prefecture are not offered: they are
// counted elsewhere (`meta.named_elsewhere`), with the search of its name that lists every company of the name.
// An answer about one company (`company=N`, `/api/v1/search?q=N`, the company page, its Atom feed, MCP's tools taking
// a company) lists its own records first, newest first, then those that may be its own, newest first, across pages.
//
// A name's answer (`company=北辰建設`, `q=北辰建設`) holds the records linked to the companies it finds, the records
// linked to none that name one of their names wherever placed, and the records whose own printed company name holds
// the query (and, on `/api/v1/search`, those whose words match it, as `q=` finds them): a record linked to a company
// the name did not find is held only by those last parts, as `text`.
//
// `corporate_number=N` keeps the meaning the contract gives it: the records linked to N, and its predecessors' only
// with `include_predecessors=true`; it is a filter of the record endpoints, not an answer about the company.
import { recordNameKey } from './record-names.js';

/**
 * The records a company query stands for: those linked to the companies it found or to their predecessors, those
 * linked to none that name one of their names, and those whose printed company name holds the query's.
 */
export interface CompanyFilter {
  /** The companies found: the records linked to them. */
  readonly corporateNumbers: readonly string[];
  /** The companies merged into the one asked for by its Corporate Number: their records are its own too; absent, none. */
  readonly predecessors?: readonly string[];
  /**
   * The names of the companies found (current, English, former and other aliases, as company search folds them; not
   * their readings): the records linked to no company whose company-name key (record-names.ts) is one of them.
   */
  readonly nameKeys: readonly string[];
  /**
   * Where those records linked to none may be placed, for an answer about the company of a Corporate Number: nowhere
   * or in its prefecture (`own`), or, to count them apart, in another (`elsewhere`); a company of no prefecture has
   * none of its own. Absent, anywhere: a name's answer holds every company of the name.
   */
  readonly named?: NamedPlacement;
  /** The query as a printed name (printedNameKey): the records whose own printed company name holds it. */
  readonly nameParts: readonly string[];
}

/** Which records linked to no company, placed by the prefecture they give, a company filter takes. */
export interface NamedPlacement {
  readonly within: 'own' | 'elsewhere';
  readonly prefectureCode: string | null;
}

/** A filter that stands for no record. */
export const NO_RECORDS: CompanyFilter = { corporateNumbers: [], nameKeys: [], nameParts: [] };

/** A company as the register gives it to this rule: what its records are found by. */
export interface RegisteredCompany {
  readonly corporateNumber: string;
  /** Its registered name, which the search of every company of the name is asked by. */
  readonly name: string;
  /** Its name keys that some record linked to none carries. */
  readonly nameKeys: readonly string[];
  readonly prefectureCode: string | null;
  /** The Corporate Numbers of the companies merged into it, at any depth. */
  readonly predecessors: readonly string[];
}

/** The records naming a company linked to none placed in another prefecture, and the name whose search lists them. */
export interface NamedElsewhere {
  readonly filter: CompanyFilter;
  readonly name: string;
}

/**
 * What an answer about the company of a Corporate Number stands for: its own records and, apart, those that may be its
 * own; and, to count, those naming it placed elsewhere. A number no company has stands for the records linked to it.
 */
export function companyRecordsFilter(
  corporateNumber: string,
  company: RegisteredCompany | null,
): { readonly filter: CompanyFilter; readonly elsewhere?: NamedElsewhere } {
  const own = { ...NO_RECORDS, corporateNumbers: [corporateNumber], predecessors: company?.predecessors ?? [] };
  if (company === null || company.nameKeys.length === 0) return { filter: own };
  const { nameKeys, prefectureCode } = company;
  return {
    filter: { ...own, nameKeys, named: { within: 'own', prefectureCode } },
    elsewhere: {
      filter: { ...NO_RECORDS, nameKeys, named: { within: 'elsewhere', prefectureCode } },
      name: company.name,
    },
  };
}

/** Whether a filter is about the company of one Corporate Number, whose own records come first. */
export function listsOwnFirst(filter: CompanyFilter): boolean {
  return filter.named?.within === 'own';
}

/**
 * How a record an answer holds relates to what was asked: `linked` to a company it found, `predecessor`: linked to a
 * company merged into the one asked for, `named`: linked to no company and naming one it found (that company's or a
 * namesake's), or `text`: found by its own text (its printed company name or its words hold the query).
 */
export type Relation = 'linked' | 'predecessor' | 'named' | 'text';

/**
 * Where a record of this relation stands in an answer about companies, the one order every surface reads (the SQL's
 * tiers, the parts of a search, a feed): its own first (linked, or a predecessor's, together by date), then what may be
 * its own (named), then what its text found.
 */
export function relationRank(relation: Relation | undefined): number {
  return relation === 'named' ? 1 : relation === 'text' ? 2 : 0;
}

/** A comparison of two items of a list, for Array.prototype.sort. */
export type Comparison<T> = (a: T, b: T) => number;

/**
 * The order of a list of records that mixes relations: by relation (relationRank), then by `then`, in turn (which
 * says what comes first among records of one rank: the newest, the last to arrive).
 */
export function byRelation<T>(relation: (item: T) => Relation | undefined, ...then: Comparison<T>[]): Comparison<T> {
  return (a, b) => {
    const ranked = relationRank(relation(a)) - relationRank(relation(b));
    if (ranked !== 0) return ranked;
    for (const compare of then) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** The company a record names, as relationOf reads it. */
type NamedCompany = { readonly corporate_number: string | null; readonly name: string };

/** The relation of a record to a company filter's companies, by the company the record names. */
export function relationOf(company: NamedCompany, filter: CompanyFilter): Relation {
  const number = company.corporate_number;
  if (number !== null) {
    if (filter.corporateNumbers.includes(number)) return 'linked';
    return filter.predecessors?.includes(number) ? 'predecessor' : 'text';
  }
  return filter.nameKeys.includes(recordNameKey(company.name)) ? 'named' : 'text';
}

/**
 * The relation of a record a search found (store/read/search-records.ts): `text` when only a part of the search that
 * reads the records' own words found it (its printed name, its text), else by the company it names (relationOf).
 */
export function foundRelation(company: NamedCompany, filter: CompanyFilter, byText: boolean): Relation {
  return byText ? 'text' : relationOf(company, filter);
}

/** What of a record query (record-query.ts) its records relate to. */
interface RelatedQuery {
  readonly company?: CompanyFilter;
  readonly corporate_number?: string;
  readonly predecessors?: readonly string[];
  readonly q?: string;
}

/**
 * How the records a record query finds relate to it: by its company filter, linked to its Corporate Number (or to a
 * predecessor's, with `include_predecessors=true`), or found by its text; undefined for a query that names no company
 * and no text (an authority's, a law's), where no record relates to anything asked.
 */
export function queryRelation(query: RelatedQuery): ((company: NamedCompany) => Relation) | undefined {
  const { company, corporate_number: number } = query;
  if (company !== undefined) return (named) => relationOf(named, company);
  if (number !== undefined) {
    const { predecessors = [] } = query;
    return (named) =>
      named.corporate_number !== null && predecessors.includes(named.corporate_number) ? 'predecessor' : 'linked';
  }
  return query.q === undefined ? undefined : () => 'text';
}
