// Company search for the routes: plan the query, run it, and say how it was read.
import { planCompanySearch } from '../domain/company-search-plan.js';
import type { CompanyHit } from '../store/company-queries.js';
import type { Store } from '../store/store.js';

export interface FoundCompanies {
  readonly hits: CompanyHit[];
  readonly hasMore: boolean;
  readonly notices: string[];
}

export function findCompanies(store: Store, q: string, limit: number): FoundCompanies {
  const plan = planCompanySearch(q);
  switch (plan.kind) {
    case 'corporate_number': {
      const company = store.companies.findByCorporateNumber(plan.number);
      const hits = company ? [{ company, match: { field: 'corporate_number' as const, kind: 'exact' as const, alias_kind: null } }] : [];
      return { hits, hasMore: false, notices: [] };
    }
    case 'invalid_corporate_number':
      return {
        hits: [],
        hasMore: false,
        notices: [`q "${q}" looks like a Corporate Number, but its check digit (the first digit) is wrong, so no company has it.`],
      };
    case 'nothing':
      return { hits: [], hasMore: false, notices: [`q "${q}" has nothing to search for once punctuation and legal forms are removed.`] };
    case 'terms': {
      const rows = store.companies.searchByKeys(plan.keys, limit + 1, plan.legalForm);
      return { hits: rows.slice(0, limit), hasMore: rows.length > limit, notices: [] };
    }
  }
}
