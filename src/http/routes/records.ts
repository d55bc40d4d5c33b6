// GET /api/v1/enforcements, /procurement-suspensions and /license-actions: one route per record kind, each
// named by its kind; the filters come from the filter table, the resource from the domain's record.
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpointOptions, type EndpointDoc } from '../route-options.js';
import { openDataset, type RouteContext } from '../../api/context.js';
import { Enforcement, LicenseAction, ProcurementSuspension } from '../../api/schemas/records.js';
import { Envelope, PagedRecordListMeta, RecordListMeta } from '../../api/schemas/common.js';
import { listAnswerSerializerCompiler } from '../list-answer-serializer.js';
import { presentEnforcement, presentLicenseAction, presentProcurementSuspension } from '../../api/present/records.js';
import { answerPagedRecords, answerRecords, recordEndpointQuery, type RecordEndpoint, type RecordParams } from '../../api/record-endpoint.js';
import type { Store } from '../../store/store.js';
import { MAX_DATE_RANGE_DAYS } from '../../domain/record-filters.js';
import { MAX_PERMITS_SHOWN, type RecordKind } from '../../domain/record.js';

export interface RecordRoute<K extends RecordKind, P> extends RecordEndpoint<K, P> {
  readonly path: string;
  /** The key of `data` the records are listed under. */
  readonly list: string;
  readonly resource: TSchema;
  readonly doc: EndpointDoc;
}

export const ENFORCEMENTS: RecordRoute<'enforcement', Enforcement> = {
  kind: 'enforcement', paged: false, present: presentEnforcement, path: '/api/v1/enforcements', list: 'enforcements', resource: Enforcement,
  doc: {
    operationId: 'listEnforcements',
    summary: 'Enforcement records',
    description:
      'Public administrative enforcement records (orders, surcharges, recommendations, referrals to prosecutors …), ' +
      'newest first. At least one filter is required. An empty answer means nothing in what we held as of ' +
      '`meta.data_as_of`, not that the company is clean.',
    tags: ['records'],
  },
};

export const PROCUREMENT_SUSPENSIONS: RecordRoute<'procurement_suspension', ProcurementSuspension> = {
  kind: 'procurement_suspension', paged: true, present: presentProcurementSuspension, path: '/api/v1/procurement-suspensions',
  list: 'procurement_suspensions', resource: ProcurementSuspension,
  doc: {
    operationId: 'listProcurementSuspensions',
    summary: 'Procurement suspensions',
    description:
      'Suspensions from bidding or from designation as a contractor, kept apart from enforcement records; newest ' +
      'start first. `status` is computed against today in Japan unless the source says the suspension was lifted. ' +
      'At least one filter is required; `page` is capped.',
    tags: ['records'],
  },
};

export const LICENSE_ACTIONS: RecordRoute<'license_action', LicenseAction> = {
  kind: 'license_action', paged: true, present: presentLicenseAction, path: '/api/v1/license-actions', list: 'license_actions',
  resource: LicenseAction,
  doc: {
    operationId: 'listLicenseActions',
    summary: 'Licence and registration actions',
    description:
      'Revocations, suspensions, instructions and similar actions on licences and registrations, newest first. ' +
      '`sector` matches the primary sector or any affected sector (including the sectors of the permits concerned). ' +
      '`nature` separates voluntary closures from disciplinary violations. At least one filter is required; a date ' +
      `range alone counts only when both \`from\` and \`to\` are given and span at most ${MAX_DATE_RANGE_DAYS} days. ` +
      `A record lists at most ${MAX_PERMITS_SHOWN} permits; \`permits_total\` gives the full count.`,
    tags: ['records'],
  },
};

/** The answer schema of a record route: its records under `data.<list>`, the meta block with paging where paged. */
function responseOf(route: Pick<RecordRoute<RecordKind, unknown>, 'list' | 'resource' | 'paged'>) {
  return Envelope({ [route.list]: Type.Array(route.resource) }, route.paged ? PagedRecordListMeta : RecordListMeta);
}

export const EnforcementsResponse = responseOf(ENFORCEMENTS);
export const ProcurementSuspensionsResponse = responseOf(PROCUREMENT_SUSPENSIONS);
export const LicenseActionsResponse = responseOf(LICENSE_ACTIONS);

function recordRoute<K extends RecordKind, P>(app: FastifyInstance, context: RouteContext, route: RecordRoute<K, P>): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    route.path,
    endpointOptions(route.doc, recordEndpointQuery(route, context), responseOf(route), listAnswerSerializerCompiler),
    (request) => recordAnswer(route, context, openDataset(context), request.query, request.id),
  );
}

/** The answer of a record route to a checked query. */
export function recordAnswer<K extends RecordKind, P>(
  route: RecordRoute<K, P>, context: RouteContext, store: Store, query: RecordParams, requestId: string,
) {
  const answer = route.paged
    ? answerPagedRecords(route, context, store, requestId, query)
    : answerRecords(route, context, store, requestId, query);
  return { data: { [route.list]: answer.records }, meta: answer.meta };
}

export function recordRoutes(app: FastifyInstance, context: RouteContext): void {
  recordRoute(app, context, ENFORCEMENTS);
  recordRoute(app, context, PROCUREMENT_SUSPENSIONS);
  recordRoute(app, context, LICENSE_ACTIONS);
}
