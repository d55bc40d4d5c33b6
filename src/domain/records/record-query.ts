// What a record endpoint was asked for, once validated and resolved to codes: the input of the store's queries.
// Keyed by the filter names of the filter table (record-filters.ts).
import type { FilterName } from './record-filters.js';

/**
 * The records a company query stands for: those linked to the companies it recalled, those naming one of their names
 * (linked or not), and those whose name holds the query's own name key.
 */
export interface CompanyFilter {
  /** The companies recalled: the records linked to them. */
  readonly corporateNumbers: readonly string[];
  /**
   * The names of the companies followed (current, English, former and other aliases, as company search folds them): the
   * records whose company-name key (record-names.ts) is one of them, linked or not.
   */
  readonly nameKeys: readonly string[];
  /** The query's own name keys: the records whose company-name key holds one (若旦那 finds 便利屋若旦那). */
  readonly nameParts: readonly string[];
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
