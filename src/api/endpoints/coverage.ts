// GET /api/v1/procurement-suspension-coverage: which publishers' lists we hold, how many records, how fresh.
import { Type } from '@sinclair/typebox';
import { openDataset } from '../context.js';
import type { Endpoint } from '../endpoint.js';
import { NoQuery } from '../schemas/queries.js';
import { CoverageEntry } from '../schemas/coverage.js';
import { Envelope, Meta } from '../schemas/common.js';
import { baseMeta } from '../envelope.js';
import { buildCoverage } from '../../domain/coverage.js';
import { PUBLISHER_GROUPS } from '../../domain/vocabularies/publisher-groups.js';

export const COVERAGE: Endpoint<typeof NoQuery> = {
  path: '/api/v1/procurement-suspension-coverage',
  operationId: 'getProcurementSuspensionCoverage',
  summary: 'Coverage of procurement suspension lists',
  description: (config) =>
    "Which publishers' procurement suspension lists Kohyo holds: one entry per publisher group, in this order: " +
    `${PUBLISHER_GROUPS.map((g) => `\`${g.code}\``).join(', ')}. Each entry has its sources, observed record counts, ` +
    'covered period, last successful collection (a group is as fresh as its stalest source), `freshness` (`fresh` ' +
    `under ${config.freshHours} hours, \`stale\`, \`never_collected\`), covered bodies, the official number of bodies and ` +
    '`coverage_ratio` (null where no official number is known). Takes no parameters. Read it before saying a company ' +
    'has no suspensions: Kohyo cannot know about a publisher it does not collect.',
  tags: ['coverage'],
  query: () => NoQuery,
  response: Envelope({ coverage: Type.Array(CoverageEntry) }, Meta),
  counted: true,
  conditional: true,
  paged: false,
  listAnswer: false,
  needsDataset: true,
  landingLink: {
    name: 'coverage',
    title: 'Coverage',
    note: 'which procurement suspension lists are held and how fresh they are',
  },
  tools: [{ name: 'get_procurement_suspension_coverage' }],
  answer(context, _query, requestId) {
    const store = openDataset(context);
    const coverage = buildCoverage(
      store.publisherGroups,
      store.procurementSources,
      context.clock(),
      context.config.freshHours,
    );
    return { data: { coverage }, meta: baseMeta(requestId, store) };
  },
};
