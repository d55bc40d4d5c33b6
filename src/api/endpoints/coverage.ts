// GET /api/v1/procurement-suspension-coverage (the suspension lists by publisher group) and GET /api/v1/coverage (every
// source of every record kind): which publishers' lists we hold, which edition, how many records, how fresh.
import { Type } from '@sinclair/typebox';
import { openDataset, type RouteContext } from '../endpoint.js';
import { DATASET_RESOURCE, type Endpoint } from '../endpoint.js';
import { NoQuery } from '../schemas/queries.js';
import { CoverageEntry, SourceCoverageEntry } from '../schemas/coverage.js';
import { Envelope, Meta } from '../schemas/common.js';
import { baseMeta } from '../endpoint.js';
import { buildCoverage } from '../../domain/coverage.js';
import { sourceCoverageList, type SourceCoverage } from '../../domain/source-coverage.js';
import { RECORD_KINDS } from '../../domain/records/record.js';
import { SOURCES_COVERAGE_PATH } from '../links.js';
import { PUBLISHER_GROUPS } from '../../domain/vocabularies/publisher-groups.js';

/** What both coverage endpoints are: one resource of the dataset, without parameters. */
const COVERAGE_ANSWER: typeof DATASET_RESOURCE & Pick<Endpoint<typeof NoQuery>, 'tags' | 'query'> = {
  ...DATASET_RESOURCE,
  tags: ['coverage'],
  query: () => NoQuery,
};

const CoverageAnswer = Envelope({ coverage: Type.Array(CoverageEntry) }, Meta);

export const COVERAGE: Endpoint<typeof NoQuery, typeof CoverageAnswer> = {
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
  ...COVERAGE_ANSWER,
  response: CoverageAnswer,
  landingLink: {
    name: 'coverage',
    title: 'Coverage',
    note: 'which procurement suspension lists are held and how fresh they are',
  },
  tools: [
    {
      name: 'get_procurement_suspension_coverage',
      // short: the tools list is read into an agent's context whole
      description:
        'Which publishers of procurement-suspension lists Kohyo collects, by publisher group (national bodies, ' +
        'agencies, public corporations, prefectures, designated cities): records, period, freshness, and how many ' +
        'of the official bodies are covered. Read it before saying a company has no suspension.',
    },
  ],
  answer(context, _query, requestId) {
    const store = openDataset(context);
    const coverage = buildCoverage(
      store.publisherGroups,
      store.sourcesOf.procurement_suspension,
      context.clock(),
      context.config.freshHours,
    );
    return { data: { coverage }, meta: baseMeta(requestId, store) };
  },
};

const SourcesAnswer = Envelope({ sources: Type.Array(SourceCoverageEntry) }, Meta);

export const SOURCES_COVERAGE: Endpoint<typeof NoQuery, typeof SourcesAnswer> = {
  path: SOURCES_COVERAGE_PATH,
  operationId: 'getCoverage',
  summary: 'Every source of every record kind',
  description: (config) =>
    'The evidence behind an empty answer: every source Kohyo collects, of every record kind (enforcements, ' +
    'procurement suspensions, licence actions), kind by kind: its publisher, address, the date of the edition of ' +
    'its list held (`edition_on`, with `edition_date_source`: `printed` by the publisher, `last_modified`, ' +
    "`latest_record`, or `collected`, a last resort) and that edition's age in days, the records held from it, the " +
    "last successful collection, the newest run's error if it failed, `freshness` and the records retention removed. " +
    `\`freshness\` says how recently the list was read successfully (\`fresh\` under ${config.freshHours} hours, ` +
    '`stale`, `never_collected`), not how current the publisher keeps it: a list read an hour ago may be an edition ' +
    'of months ago (`edition_age_days`). An edition older than the one held is skipped, not a failure. Takes no ' +
    'parameters. A source absent here is not collected: Kohyo knows nothing of its records.',
  ...COVERAGE_ANSWER,
  response: SourcesAnswer,
  landingLink: {
    name: 'sources',
    title: 'Sources',
    note: 'every source of every record kind, the edition held, and how fresh',
  },
  tools: [
    {
      name: 'get_coverage',
      // short: the tools list is read into an agent's context whole
      description:
        'Every source of every record kind: the edition of its list held (`edition_on`, how it was dated, ' +
        '`edition_age_days`), records held, last success, last error, `freshness` (read recently, not the list ' +
        'current) and records removed by retention. Read it before saying nothing was found.',
    },
  ],
  answer(context, _query, requestId) {
    return { data: { sources: everySource(context) }, meta: baseMeta(requestId, openDataset(context)) };
  },
};

/** Every source of every kind, kind by kind, as GET /api/v1/coverage and the page /coverage list them. */
export function everySource(context: RouteContext): SourceCoverage[] {
  const store = openDataset(context);
  const rows = RECORD_KINDS.flatMap((kind) => store.sourcesOf[kind].map((s) => ({ ...s, record_kind: kind })));
  return sourceCoverageList(rows, context.clock(), context.config.freshHours);
}
