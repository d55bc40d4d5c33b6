// GET /api/v1/search: companies and enforcement records for one query, at most `limit` rows in all.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../../api/context.js';
import { SearchQuery } from '../../api/schemas/queries.js';
import { Company } from '../../api/schemas/company.js';
import { Enforcement } from '../../api/schemas/records.js';
import { Envelope, RecordListMeta } from '../../api/schemas/common.js';
import { listMeta } from '../../api/envelope.js';
import { listAnswerSerializerCompiler } from '../list-answer-serializer.js';
import { presentCompany } from '../../api/present/company.js';
import { presentEnforcement } from '../../api/present/records.js';
import { searchCompanies } from '../../api/company-search.js';
import { splitSearchLimit } from '../../domain/search-split.js';
import { COMPANY_FILTER_MATCHES } from '../../domain/record-filters.js';
import { japanDate } from '../../domain/dates.js';
import { searchEnforcements } from '../../store/search-enforcements.js';
import type { Store } from '../../store/store.js';

export const SearchResponse = Envelope({ companies: Type.Array(Company), enforcements: Type.Array(Enforcement) }, RecordListMeta);

export function searchRoutes(app: FastifyInstance, context: RouteContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/search',
    endpointOptions(
      {
        operationId: 'search',
        summary: 'Search companies and enforcement records together',
        description:
          'Companies matching q (as /api/v1/companies finds them), and enforcement records: first those of the companies ' +
          'q finds (as `company=` on /api/v1/enforcements), then those whose text matches q (as `q=` there: company ' +
          'name, summary, law and authority labels), without duplicates. The two lists together hold at most `limit` ' +
          'rows: each gets half (companies the odd one), and what one list does not use goes to the other.',
        tags: ['search'],
      },
      SearchQuery,
      SearchResponse,
      listAnswerSerializerCompiler,
    ),
    (request) => searchAnswer(context, openDataset(context), request.query, request.id),
  );
}

export function searchAnswer(context: RouteContext, store: Store, query: Static<typeof SearchQuery>, requestId: string) {
  const limit = query.limit ?? 10;
  const q = query.q;
  const companies = searchCompanies(store, q, 'q', limit, COMPANY_FILTER_MATCHES);
  const today = japanDate(context.clock());
  const enforcements = searchEnforcements(store.records, companies.filter, q.normalize('NFKC'), today, limit);
  const split = splitSearchLimit(limit, companies.hits.length, enforcements.records.length);
  const shownCompanies = companies.hits.slice(0, split.companies);
  const shownEnforcements = enforcements.records.slice(0, split.enforcements);
  const hasMore =
    companies.hasMore || enforcements.hasMore ||
    shownCompanies.length < companies.hits.length || shownEnforcements.length < enforcements.records.length;
  return {
    data: { companies: shownCompanies.map(presentCompany), enforcements: shownEnforcements.map(presentEnforcement) },
    meta: Object.assign(
      listMeta(requestId, store, { limit, returned: shownCompanies.length + shownEnforcements.length, hasMore, notices: companies.notices }),
      { data_as_of: store.dataAsOf('enforcement') },
    ),
  };
}
