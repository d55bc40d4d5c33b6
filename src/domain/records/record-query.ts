// What a record endpoint was asked for, once validated and resolved to codes: the input of the store's queries.
// Keyed by the filter names of the filter table (src/api/record-filters.ts).
import type { FilterName } from './filter-names.js';
import type { CompanyFilter } from './company-records.js';

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
