// GET /api/v1/search: companies and enforcement records for one query, at most `limit` rows in all.
import { Type } from '@sinclair/typebox';
import { openDataset } from '../context.js';
import type { Endpoint } from '../endpoint.js';
import { DEFAULT_LIMIT, SearchQuery } from '../schemas/queries.js';
import { Company } from '../schemas/company.js';
import { Enforcement } from '../schemas/records.js';
import { Envelope, RecordListMeta } from '../schemas/common.js';
import { listMeta } from '../envelope.js';
import { presentCompany } from '../present/company.js';
import { presentEnforcement } from '../present/records.js';
import { searchCompanies } from '../company-search.js';
import { recordListMeta } from '../record-endpoint.js';
import { splitSearchLimit } from '../../domain/search-split.js';
import { COMPANY_FILTER_MATCHES } from '../../domain/record-filters.js';
import { japanDate } from '../../domain/dates.js';
import { searchEnforcements } from '../../store/search-enforcements.js';

export const SEARCH: Endpoint<typeof SearchQuery> = {
  path: '/api/v1/search',
  operationId: 'search',
  summary: 'Search companies and enforcement records together',
  description: () =>
    'Companies and enforcement records for one query (a company name in any script, a romanized or English name, or a ' +
    'Corporate Number): the companies as /api/v1/companies finds them, and enforcement records, first those of the ' +
    'companies `q` finds (as `company=` on /api/v1/enforcements), then those whose text matches `q` (as `q=` there: ' +
    'company name, summary, law and authority labels), without duplicates. `data.companies` and `data.enforcements` ' +
    'together hold at most `limit` rows: each list gets half (companies the odd one), and what one list does not use ' +
    'goes to the other.',
  tags: ['search'],
  query: () => SearchQuery,
  response: Envelope({ companies: Type.Array(Company), enforcements: Type.Array(Enforcement) }, RecordListMeta),
  counted: true,
  conditional: true,
  paged: false,
  listAnswer: true,
  needsDataset: true,
  tools: [{ name: 'search', title: 'Search companies and enforcement records' }],
  answer(context, query, requestId) {
    const store = openDataset(context);
    const limit = query.limit ?? DEFAULT_LIMIT;
    const q = query.q;
    const companies = searchCompanies(store, q, 'q', limit, COMPANY_FILTER_MATCHES);
    const today = japanDate(context.clock());
    const enforcements = searchEnforcements(store.records, companies.filter, q.normalize('NFKC'), today, limit);
    const split = splitSearchLimit(limit, companies.hits.length, enforcements.records.length);
    const shownCompanies = companies.hits.slice(0, split.companies);
    const shownEnforcements = enforcements.records.slice(0, split.enforcements);
    const hasMore =
      companies.hasMore ||
      enforcements.hasMore ||
      shownCompanies.length < companies.hits.length ||
      shownEnforcements.length < enforcements.records.length;
    return {
      data: { companies: shownCompanies.map(presentCompany), enforcements: shownEnforcements.map(presentEnforcement) },
      meta: Object.assign(
        listMeta(requestId, store, {
          limit,
          returned: shownCompanies.length + shownEnforcements.length,
          hasMore,
          notices: companies.notices,
        }),
        recordListMeta(store, context, 'enforcement', undefined),
      ),
    };
  },
};
