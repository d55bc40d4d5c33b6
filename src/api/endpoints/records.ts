// GET /api/v1/enforcements, /procurement-suspensions and /license-actions: one endpoint per record kind, each
// named by its kind; the filters come from the filter table, the resource from the domain's record.
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config.js';
import { openDataset, type ToolSpec } from '../endpoint.js';
import { checkRecordQuery } from '../query-rules.js';
import { recordQueryFollows } from '../feed-follows.js';
import { Enforcement, LicenseAction, ProcurementSuspension } from '../schemas/records.js';
import { Envelope, PagedRecordListMeta, RecordListMeta } from '../schemas/common.js';
import { recordQuerySchema } from '../schemas/queries.js';
import { listRecordPage, listRecords, type RecordEndpoint, type RecordListSchema } from '../record-endpoint.js';
import { MAX_DATE_RANGE_DAYS } from '../../domain/records/filter-names.js';
import { RECORD_PATHS } from '../links.js';
import { MAX_PERMITS_SHOWN, type RecordKind } from '../../domain/records/record.js';

/** What every record endpoint says of `listing`, the field and the filter. */
const LISTING =
  "A record outlives its source's list: `listing.status` is `listed` while the latest edition of the list holds it and " +
  '`delisted` once a later one dropped it (the case still happened), with `first_listed_on` and `last_listed_on`, the ' +
  'dates of the first and last editions that held it; `listing=listed|delisted` narrows to either (absent, both).';

/** What tells two companies of one name apart, and what an authority filter covers. */
const WHICH_COMPANY =
  '`company.address` and `company.prefecture_code` say where the source places the company; `prefecture` narrows to ' +
  'one prefecture (never a filter alone). `authority` also matches every office under it (`mhlw`: the labour bureaus).';

/** What every record endpoint says of `from` and `to` (../record-filters.ts dateRange). */
const DATES =
  '`from` and `to` (YYYY-MM-DD) narrow to a range of the date records are listed by; a range alone counts as a filter ' +
  `only when both ends are given and span at most ${MAX_DATE_RANGE_DAYS} days. Where \`has_more\` is true, narrow by ` +
  'dates rather than page: consecutive ranges hold each record once.';

/** What every record endpoint says of its Atom feed. */
const FEED =
  "The same query answers an Atom feed of its records (at most `limit`; a company's own first, then the last to " +
  'reach Kohyo or change first; each title saying whose record it is) for ' +
  "`Accept: application/atom+xml` or `format=atom`, each entry linking the record's page and its source; poll it " +
  'with `If-None-Match`: a 304 does not count against the limits.';

/**
 * A record endpoint from what sets it apart: its kind (which decides its address and its list), its answer's schema
 * and the answer, words. Each answer is written where its kind is known, so that the type check holds it to the
 * schema that serialises it.
 */
function recordEndpoint<K extends RecordKind, R extends RecordListSchema<K>>(spec: {
  readonly kind: K;
  readonly paged: boolean;
  readonly response: R;
  readonly operationId: string;
  readonly summary: string;
  /** What its records are; what every record endpoint shares is added. */
  readonly what: (config: Config) => string;
  readonly tool: ToolSpec;
  readonly answer: RecordEndpoint<K, R>['answer'];
}): RecordEndpoint<K, R> {
  return {
    kind: spec.kind,
    path: RECORD_PATHS[spec.kind],
    operationId: spec.operationId,
    summary: spec.summary,
    tags: ['records'],
    description: (config) => `${spec.what(config)} ${DATES} ${WHICH_COMPANY} ${LISTING} ${FEED}`,
    query: (config) => recordQuerySchema(spec.kind, spec.paged ? config.maxPage : null),
    response: spec.response,
    counted: true,
    conditional: true,
    paged: spec.paged,
    listAnswer: true,
    needsDataset: true,
    // a feed lists the first `limit` records, paged or not, and its title says what its filters follow
    feed: {
      lists: spec.summary,
      records: (context, query, requestId) => listRecords(spec.kind, context, query, requestId).records,
      follows: (context, query) => recordQueryFollows(checkRecordQuery(spec.kind, query), openDataset(context)),
    },
    // a tool answers JSON only, so its description leaves the feed out; `listing`, `prefecture` and `authority` are
    // said by the tool's parameters (an agent's context holds every tool's description at once)
    tools: [{ description: spec.what, ...spec.tool }],
    answer: spec.answer,
  };
}

export const ENFORCEMENTS = recordEndpoint({
  kind: 'enforcement',
  paged: false,
  response: Envelope({ enforcements: Type.Array(Enforcement) }, RecordListMeta),
  operationId: 'listEnforcements',
  summary: 'Enforcement records',
  what: () =>
    'Public administrative enforcement records (orders, surcharges, recommendations, referrals to prosecutors …), newest ' +
    'first, in `data.enforcements`; filter by company (name or Corporate Number), law, authority, action type, text or ' +
    'date (`from`, `to`: the date of the action). ' +
    'At least one filter is required. Not paged.',
  tool: { name: 'list_enforcements', title: 'List enforcement records' },
  answer(context, query, requestId) {
    const { records, meta } = listRecords('enforcement', context, query, requestId);
    return { data: { enforcements: records }, meta };
  },
});

export const PROCUREMENT_SUSPENSIONS = recordEndpoint({
  kind: 'procurement_suspension',
  paged: true,
  response: Envelope({ procurement_suspensions: Type.Array(ProcurementSuspension) }, PagedRecordListMeta),
  operationId: 'listProcurementSuspensions',
  summary: 'Procurement suspensions',
  what: () =>
    'Suspensions from public bidding or from designation as a contractor, kept apart from enforcement records; newest ' +
    'start first, paged (`page` is capped), in `data.procurement_suspensions`. At least one filter is required. ' +
    '`from` and `to` bound the first day of the suspension (`period.from`), not whether its period overlaps the range. ' +
    '`status` (`scheduled`, `active`, `ended`) is computed against today in Japan, unless the source says `lifted`. ' +
    'Read /api/v1/procurement-suspension-coverage before saying a company has none.',
  tool: { name: 'list_procurement_suspensions', title: 'List procurement suspensions' },
  answer(context, query, requestId) {
    const { records, meta } = listRecordPage('procurement_suspension', context, query, requestId);
    return { data: { procurement_suspensions: records }, meta };
  },
});

export const LICENSE_ACTIONS = recordEndpoint({
  kind: 'license_action',
  paged: true,
  response: Envelope({ license_actions: Type.Array(LicenseAction) }, PagedRecordListMeta),
  operationId: 'listLicenseActions',
  summary: 'Licence and registration actions',
  what: () =>
    'Revocations, suspensions, instructions and similar actions on licences and registrations; newest first, paged, in ' +
    '`data.license_actions`. `sector` matches the primary `sector_code` or any of `sector_codes` (including the sectors ' +
    'of the permits concerned). `nature` separates `violation` (a disciplinary action) from `voluntary_closure` ' +
    "(closure, surrender or lapse at the holder's own initiative) and `other`. At least one filter is required. " +
    `A record lists at most ${MAX_PERMITS_SHOWN} \`permits\`; \`permits_total\` gives the full count.`,
  tool: { name: 'list_license_actions', title: 'List licence and registration actions' },
  answer(context, query, requestId) {
    const { records, meta } = listRecordPage('license_action', context, query, requestId);
    return { data: { license_actions: records }, meta };
  },
});

export const RECORD_ENDPOINTS: readonly RecordEndpoint[] = [ENFORCEMENTS, PROCUREMENT_SUSPENSIONS, LICENSE_ACTIONS];
