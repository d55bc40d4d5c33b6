// GET /api/v1/search: companies and enforcement records for one query, at most `limit` rows in all.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../context.js';
import { SearchQuery } from '../schemas/queries.js';
import { Company } from '../schemas/company.js';
import { Enforcement } from '../schemas/records.js';
import { Envelope, RecordListMeta } from '../schemas/common.js';
import { listMeta } from '../envelope.js';
import { presentCompany } from '../present/company.js';
import { presentEnforcement } from '../present/records.js';
import { findCompanies } from '../company-search.js';
import { splitSearchLimit } from '../../domain/search-split.js';
import { planCompanySearch } from '../../domain/company-search-plan.js';
import { japanDate } from '../../domain/record-status.js';
import type { RecordQuery } from '../../domain/record-query.js';

export const SearchResponse = Envelope({ companies: Type.Array(Company), enforcements: Type.Array(Enforcement) }, RecordListMeta);

export function searchRoutes(app: FastifyInstance, context: RouteContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/search',
    endpointOptions(
      {
        summary: 'Search companies and enforcement records together',
        description:
          'Companies matching q and enforcement records whose company, summary, law or authority matches q. ' +
          'The two lists together hold at most `limit` rows: each gets half (companies the odd one), and what one list ' +
          'does not use goes to the other.',
        tags: ['search'],
      },
      SearchQuery,
      SearchResponse,
    ),
    async (request) => {
      const store = openDataset(context);
      const limit = request.query.limit ?? 10;
      const q = request.query.q;
      const companies = findCompanies(store, q, limit);
      const plan = planCompanySearch(q);
      const today = japanDate(context.clock());
      const recordQuery: RecordQuery =
        plan.kind === 'corporate_number'
          ? { corporateNumber: plan.number, today }
          : { company: { corporateNumbers: companies.hits.map((h) => h.company.corporate_number), nameKeys: plan.kind === 'terms' ? plan.keys.slice(0, 1) : [] }, today };
      const enforcements =
        plan.kind === 'invalid_corporate_number' || plan.kind === 'nothing'
          ? { records: [], hasMore: false }
          : store.records.enforcements(recordQuery, { limit, page: 1 });
      const split = splitSearchLimit(limit, companies.hits.length, enforcements.records.length);
      const shownCompanies = companies.hits.slice(0, split.companies);
      const shownEnforcements = enforcements.records.slice(0, split.enforcements);
      const hasMore =
        companies.hasMore || enforcements.hasMore ||
        shownCompanies.length < companies.hits.length || shownEnforcements.length < enforcements.records.length;
      return {
        data: { companies: shownCompanies.map(presentCompany), enforcements: shownEnforcements.map(presentEnforcement) },
        meta: {
          ...listMeta(request, store, { limit, returned: shownCompanies.length + shownEnforcements.length, hasMore, notices: companies.notices }),
          data_as_of: store.dataAsOf('enforcement'),
        },
      };
    },
  );
}
