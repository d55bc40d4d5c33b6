// GET /api/v1/enforcements: administrative enforcement records, newest first.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../context.js';
import { Enforcement } from '../schemas/records.js';
import { Envelope, RecordListMeta } from '../schemas/common.js';
import { presentEnforcement } from '../present/records.js';
import { answerRecords, recordEndpointQuery, type RecordEndpoint } from '../record-endpoint.js';

export const EnforcementsResponse = Envelope({ enforcements: Type.Array(Enforcement) }, RecordListMeta);

export const ENFORCEMENTS: RecordEndpoint<'enforcement', Enforcement> = { kind: 'enforcement', paged: false, present: presentEnforcement };

export function enforcementsRoutes(app: FastifyInstance, context: RouteContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/enforcements',
    endpointOptions(
      {
        summary: 'Enforcement records',
        description:
          'Public administrative enforcement records (orders, surcharges, recommendations, referrals to prosecutors …), ' +
          'newest first. At least one filter is required. An empty answer means nothing in what we held as of ' +
          '`meta.data_as_of`, not that the company is clean.',
        tags: ['records'],
      },
      recordEndpointQuery(ENFORCEMENTS, context),
      EnforcementsResponse,
    ),
    async (request) => {
      const answer = answerRecords(ENFORCEMENTS, context, openDataset(context), request, request.query);
      return { data: { enforcements: answer.records }, meta: answer.meta };
    },
  );
}
