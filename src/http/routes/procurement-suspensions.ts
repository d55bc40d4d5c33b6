// GET /api/v1/procurement-suspensions: bidding and designation suspensions, newest start first, paged.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../context.js';
import { ProcurementSuspension } from '../schemas/records.js';
import { Envelope, PagedRecordListMeta } from '../schemas/common.js';
import { presentProcurementSuspension } from '../present/records.js';
import { answerPagedRecords, recordEndpointQuery, type RecordEndpoint } from '../record-endpoint.js';

export const ProcurementSuspensionsResponse = Envelope({ procurement_suspensions: Type.Array(ProcurementSuspension) }, PagedRecordListMeta);

export const PROCUREMENT_SUSPENSIONS: RecordEndpoint<'procurement_suspension', ProcurementSuspension> = {
  kind: 'procurement_suspension',
  paged: true,
  present: presentProcurementSuspension,
};

export function procurementSuspensionsRoutes(app: FastifyInstance, context: RouteContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/procurement-suspensions',
    endpointOptions(
      {
        summary: 'Procurement suspensions',
        description:
          'Suspensions from bidding or from designation as a contractor, kept apart from enforcement records; newest ' +
          'start first. `status` is computed against today in Japan unless the source says the suspension was lifted. ' +
          'At least one filter is required; `page` is capped.',
        tags: ['records'],
      },
      recordEndpointQuery(PROCUREMENT_SUSPENSIONS, context),
      ProcurementSuspensionsResponse,
    ),
    async (request) => {
      const answer = answerPagedRecords(PROCUREMENT_SUSPENSIONS, context, openDataset(context), request, request.query);
      return { data: { procurement_suspensions: answer.records }, meta: answer.meta };
    },
  );
}
