// GET /api/v1/license-actions: revocations, suspensions and similar actions on licences and registrations, paged.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../context.js';
import { LicenseAction } from '../schemas/records.js';
import { Envelope, PagedRecordListMeta } from '../schemas/common.js';
import { presentLicenseAction } from '../present/records.js';
import { answerPagedRecords, recordEndpointQuery, type RecordEndpoint } from '../record-endpoint.js';
import { MAX_DATE_RANGE_DAYS } from '../../domain/record-filters.js';
import { MAX_PERMITS_SHOWN } from '../../domain/record.js';

export const LicenseActionsResponse = Envelope({ license_actions: Type.Array(LicenseAction) }, PagedRecordListMeta);

export const LICENSE_ACTIONS: RecordEndpoint<'license_action', LicenseAction> = { kind: 'license_action', paged: true, present: presentLicenseAction };

export function licenseActionsRoutes(app: FastifyInstance, context: RouteContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/license-actions',
    endpointOptions(
      {
        summary: 'Licence and registration actions',
        description:
          'Revocations, suspensions, instructions and similar actions on licences and registrations, newest first. ' +
          '`sector` matches the primary sector or any affected sector (including the sectors of the permits concerned). ' +
          '`nature` separates voluntary closures from disciplinary violations. At least one filter is required; a date ' +
          `range alone counts only when both \`from\` and \`to\` are given and span at most ${MAX_DATE_RANGE_DAYS} days. ` +
          `A record lists at most ${MAX_PERMITS_SHOWN} permits; \`permits_total\` gives the full count.`,
        tags: ['records'],
      },
      recordEndpointQuery(LICENSE_ACTIONS, context),
      LicenseActionsResponse,
    ),
    async (request) => {
      const answer = answerPagedRecords(LICENSE_ACTIONS, context, openDataset(context), request, request.query);
      return { data: { license_actions: answer.records }, meta: answer.meta };
    },
  );
}
