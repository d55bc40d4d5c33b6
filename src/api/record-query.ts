// Turns a record endpoint's checked query (query-rules.ts) into the store's RecordQuery: the companies a `company`
// filter recalls, the companies merged into a Corporate Number, free text folded in width (NFKC).
import type { RecordQuery } from '../domain/record-query.js';
import type { Store } from '../store/store.js';
import type { CheckedRecordQuery } from './query-rules.js';
import { recallCompanies, type Recall } from './company-search.js';
import { foldWidth } from '../domain/text-fold.js';

export interface ResolvedRecordQuery {
  readonly query: RecordQuery;
  readonly notices: string[];
  /** Set when `company` recalls more companies than are followed. */
  readonly recall?: Recall;
}

export function resolveRecordQuery(checked: CheckedRecordQuery, store: Store, today: string): ResolvedRecordQuery {
  const notices: string[] = [];
  const { company, q, corporate_number: corporateNumber, ...codes } = checked.filters;
  const query: { -readonly [K in keyof RecordQuery]: RecordQuery[K] } = { ...codes, today };
  let recall: Recall | undefined;
  if (company !== undefined) {
    const recalled = recallCompanies(store, company, notices);
    query.company = recalled.filter;
    recall = recalled.recall;
  }
  if (q !== undefined) query.q = foldWidth(q);
  if (corporateNumber !== undefined) {
    query.corporate_number = corporateNumber;
    if (checked.includePredecessors) query.predecessors = store.companies.predecessorsOf(corporateNumber);
  }
  return recall === undefined ? { query, notices } : { query, notices, recall };
}
