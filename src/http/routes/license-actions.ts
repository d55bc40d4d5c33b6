// GET /api/v1/license-actions: revocations, suspensions and similar actions on licences and registrations, paged.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../context.js';
import { licenseActionsQuery } from '../schemas/queries.js';
import { LicenseAction } from '../schemas/records.js';
import { Envelope, PagedRecordListMeta } from '../schemas/common.js';
import { presentLicenseAction } from '../present/records.js';
import { answerRecords, type RecordEndpoint } from '../record-endpoint.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { licenseActionTypes, licenseStatuses, natures, sectors } from '../../domain/vocabularies/enums.js';
import type { LicenseActionRecord } from '../../store/record-queries.js';

export const LicenseActionsResponse = Envelope({ license_actions: Type.Array(LicenseAction) }, PagedRecordListMeta);

const endpoint: RecordEndpoint<LicenseActionRecord> = {
  kind: 'license_action',
  table: 'license_actions',
  filters: {
    enums: { sector: sectors, action_type: licenseActionTypes, nature: natures, status: licenseStatuses, authority: authorities },
    dateRange: true,
  },
  paged: true,
  fetch: (store, query, page) => store.records.licenseActions(query, page),
};

export function licenseActionsRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
    '/api/v1/license-actions',
    endpointOptions(
      {
        summary: 'Licence and registration actions',
        description:
          'Revocations, suspensions, instructions and similar actions on licences and registrations, newest first. ' +
          '`sector` matches the primary sector or any affected sector (including the sectors of the permits concerned). ' +
          '`nature` separates voluntary closures from disciplinary violations. At least one filter is required; a date ' +
          'range alone counts only when both `from` and `to` are given and span at most 366 days.',
        tags: ['records'],
      },
      licenseActionsQuery(context.config.maxPage),
      LicenseActionsResponse,
    ),
    async (request) => {
      const answer = answerRecords(endpoint, context, openDataset(context), request, presentLicenseAction);
      return { data: { license_actions: answer.records }, meta: answer.meta };
    },
  );
}
