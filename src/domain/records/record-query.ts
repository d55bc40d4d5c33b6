// What a record endpoint was asked for, once validated and resolved to codes: the input of the store's queries.
// Keyed by the filter names of the filter table (record-filters.ts).
import type { FilterName } from './filter-names.js';

/**
 * The records a company query stands for: those linked to the companies it found, those linked to none that name one
 * of their names, and those whose printed company name holds the query's. A record linked to a company is that
 * company's alone: no name another company shares finds it.
 */
export interface CompanyFilter {
  /** The companies found: the records linked to them. */
  readonly corporateNumbers: readonly string[];
  /**
   * The names of the companies followed (current, English, former and other aliases, as company search folds them): the
   * records linked to no company whose company-name key (record-names.ts) is one of them.
   */
  readonly nameKeys: readonly string[];
  /**
   * Where those records linked to none may be placed, when the query identifies one company (its Corporate Number):
   * nowhere or in its prefecture (`own`), or, to count them apart, in another (`elsewhere`); a company of no prefecture
   * has none of its own. Absent, anywhere: a name's answer holds every company of the name.
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

export type RecordQuery = {
  readonly company?: CompanyFilter;
} & {
  /** Codes for vocabulary filters, the checked number, YYYY-MM-DD dates, NFKC-normalised free text. */
  readonly [F in Exclude<FilterName, 'company'>]?: string;
} & {
  /** Today in Japan time (YYYY-MM-DD), against which statuses are computed. */
  readonly today: string;
  /** With `corporate_number` and `include_predecessors=true`: the companies merged into it, at any depth. */
  readonly predecessors?: readonly string[];
};

export interface Page {
  readonly limit: number;
  readonly page: number;
}
