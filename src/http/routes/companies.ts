// GET /api/v1/companies: company search by name, kana, English or romanized name, or Corporate Number.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../../api/context.js';
import { CompaniesQuery } from '../../api/schemas/queries.js';
import { Company } from '../../api/schemas/company.js';
import { Envelope, ListMeta } from '../../api/schemas/common.js';
import { listMeta } from '../../api/envelope.js';
import { presentCompany, presentSharedCompany } from '../../api/present/company.js';
import { findCompanies } from '../../api/company-search.js';
import { ITEMS_SHARED, listAnswerSerializerCompiler } from '../list-answer-serializer.js';
import type { Store } from '../../store/store.js';

export const CompaniesResponse = Envelope({ companies: Type.Array(Company) }, ListMeta);

export function companiesRoutes(app: FastifyInstance, context: RouteContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/companies',
    endpointOptions(
      {
        operationId: 'searchCompanies',
        summary: 'Search companies',
        description:
          'Finds companies by Japanese name (株式会社 and its abbreviations before or after the name are ignored), kana, ' +
          'the English name registered with the National Tax Agency, a romanized or alias term, or a Corporate Number. ' +
          'Best match first: exact, then prefix, then partial; active before closed.',
        tags: ['companies'],
      },
      CompaniesQuery,
      CompaniesResponse,
      listAnswerSerializerCompiler,
    ),
    (request) => companiesAnswer(openDataset(context), request.query, request.id),
  );
}

export function companiesAnswer(store: Store, query: Static<typeof CompaniesQuery>, requestId: string) {
  const limit = query.limit ?? 10;
  const found = findCompanies(store, query.q, limit);
  return {
    data: { companies: found.hits.map(found.shared ? presentSharedCompany : presentCompany) },
    meta: listMeta(requestId, store, { limit, returned: found.hits.length, hasMore: found.hasMore, notices: found.notices }),
    [ITEMS_SHARED]: found.shared,
  };
}
