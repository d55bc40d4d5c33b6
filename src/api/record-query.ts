// Turns a record endpoint's checked query (query-rules.ts) into the store's RecordQuery, each filter by its own
// `resolve` (store/record-filters.ts): this supplies what they ask of the dataset, the companies a `company` filter
// recalls and the companies merged into a Corporate Number.
import type { RecordQuery } from '../domain/record-query.js';
import type { Store } from '../store/store.js';
import type { CheckedRecordQuery } from './query-rules.js';
import { recallCompanies, type Recall } from './company-search.js';
import type { FilterResolution, QueryInProgress } from '../store/record-filters.js';

export interface ResolvedRecordQuery {
  readonly query: RecordQuery;
  readonly notices: string[];
  /** Set when `company` recalls more companies than are followed. */
  readonly recall?: Recall;
}

export function resolveRecordQuery(checked: CheckedRecordQuery, store: Store, today: string): ResolvedRecordQuery {
  const notices: string[] = [];
  let recall: Recall | undefined;
  const resolution: FilterResolution = {
    company: (value) => {
      const recalled = recallCompanies(store, value, notices);
      recall = recalled.recall;
      return recalled.filter;
    },
    predecessorsOf: (corporateNumber) => store.companies.predecessorsOf(corporateNumber),
  };
  const query: QueryInProgress = { today };
  for (const filter of checked.table) {
    const value = checked.filters[filter.name];
    if (value !== undefined) filter.resolve(query, value, checked.filters, resolution);
  }
  return recall === undefined ? { query, notices } : { query, notices, recall };
}
