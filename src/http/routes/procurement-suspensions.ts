// GET /api/v1/procurement-suspensions: bidding and designation suspensions, newest start first, paged.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../context.js';
import { procurementSuspensionsQuery } from '../schemas/queries.js';
import { ProcurementSuspension } from '../schemas/records.js';
import { Envelope, PagedRecordListMeta } from '../schemas/common.js';
import { presentProcurementSuspension } from '../present/records.js';
import { answerRecords, type RecordEndpoint } from '../record-endpoint.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { procurementReasons, procurementStatuses } from '../../domain/vocabularies/enums.js';
import type { ProcurementSuspensionRecord } from '../../store/record-queries.js';

export const ProcurementSuspensionsResponse = Envelope({ procurement_suspensions: Type.Array(ProcurementSuspension) }, PagedRecordListMeta);

const endpoint: RecordEndpoint<ProcurementSuspensionRecord> = {
  kind: 'procurement_suspension',
  table: 'procurement_suspensions',
  filters: { enums: { authority: authorities, reason: procurementReasons, status: procurementStatuses }, dateRange: false },
  paged: true,
  fetch: (store, query, page) => store.records.procurementSuspensions(query, page),
};

export function procurementSuspensionsRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
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
      procurementSuspensionsQuery(context.config.maxPage),
      ProcurementSuspensionsResponse,
    ),
    async (request) => {
      const answer = answerRecords(endpoint, context, openDataset(context), request, presentProcurementSuspension);
      return { data: { procurement_suspensions: answer.records }, meta: answer.meta };
    },
  );
}
