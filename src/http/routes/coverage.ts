// GET /api/v1/procurement-suspension-coverage: which publishers' lists we hold, how many records, how fresh.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { endpointOptions } from '../route-options.js';
import { openDataset, type RouteContext } from '../../api/context.js';
import { NoQuery } from '../../api/schemas/queries.js';
import { CoverageEntry } from '../../api/schemas/coverage.js';
import { Envelope, Meta } from '../../api/schemas/common.js';
import { baseMeta } from '../../api/envelope.js';
import { buildCoverage } from '../../domain/coverage.js';
import type { Store } from '../../store/store.js';

export const CoverageResponse = Envelope({ coverage: Type.Array(CoverageEntry) }, Meta);

export function coverageRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
    '/api/v1/procurement-suspension-coverage',
    endpointOptions(
      {
        operationId: 'getProcurementSuspensionCoverage',
        summary: 'Coverage of procurement suspension lists',
        description:
          'One entry per publisher group (national, independent_agency, public_corporation, prefecture, ' +
          'designated_city): the public sources, observed record counts, covered period, last successful collection, ' +
          'freshness, and the coverage ratio (null where no official count of bodies is known). Takes no parameters.',
        tags: ['coverage'],
      },
      NoQuery,
      CoverageResponse,
    ),
    (request) => coverageAnswer(context, openDataset(context), request.id),
  );
}

export function coverageAnswer(context: RouteContext, store: Store, requestId: string) {
  const coverage = buildCoverage(store.publisherGroups, store.procurementSources, context.clock(), context.config.freshHours);
  return { data: { coverage }, meta: baseMeta(requestId, store) };
}
