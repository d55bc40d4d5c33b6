// GET /api/v1/enforcements: administrative enforcement records, newest first.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../context.js';
import { EnforcementsQuery } from '../schemas/queries.js';
import { Enforcement } from '../schemas/records.js';
import { Envelope, RecordListMeta } from '../schemas/common.js';
import { presentEnforcement } from '../present/records.js';
import { answerRecords, type RecordEndpoint } from '../record-endpoint.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { laws } from '../../domain/vocabularies/laws.js';
import { enforcementActionTypes } from '../../domain/vocabularies/enums.js';
import type { EnforcementRecord } from '../../store/record-queries.js';

export const EnforcementsResponse = Envelope({ enforcements: Type.Array(Enforcement) }, RecordListMeta);

const endpoint: RecordEndpoint<EnforcementRecord> = {
  kind: 'enforcement',
  table: 'enforcements',
  filters: { enums: { law: laws, authority: authorities, action_type: enforcementActionTypes }, dateRange: false },
  paged: false,
  fetch: (store, query, page) => store.records.enforcements(query, page),
};

export function enforcementsRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
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
      EnforcementsQuery,
      EnforcementsResponse,
    ),
    async (request) => {
      const answer = answerRecords(endpoint, context, openDataset(context), request, presentEnforcement);
      return { data: { enforcements: answer.records }, meta: answer.meta };
    },
  );
}
