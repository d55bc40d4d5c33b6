// A record endpoint, and its handler: the list of one kind's records for a query, read as the request goes (check,
// resolve, query, present, meta). The three record endpoints (./endpoints/records.ts) are this type, each named by
// its kind and its answer's schema; everything else follows from the kind.
import type { TArray, TObject } from '@sinclair/typebox';
import type { Store } from '../store/read/store.js';
import type { RecordKind, RECORD_LISTS } from '../domain/records/record.js';
import { japanDate } from '../domain/dates.js';
import { answerCoverage } from '../domain/coverage.js';
import { nameSearchPath, SOURCES_COVERAGE_PATH } from './links.js';
import { queryRelation, type CompanyFilter, type NamedElsewhere } from '../domain/records/company-records.js';
import { MATCHES_COUNTED_UP_TO } from '../domain/text/search-split.js';
import { resolveRecordQuery } from './query-rules.js';
import { checkRecordQuery, type FilterParams } from './query-rules.js';
import { listMeta } from './endpoint.js';
import { DEFAULT_LIMIT, type RecordQuerySchema } from './schemas/queries.js';
import { openDataset, type RouteContext } from './endpoint.js';
import type { Endpoint } from './endpoint.js';
import { presentRecord, type PresentedOfKind } from './present/records.js';

/**
 * An endpoint listing the records of kind K, answering R: its records under `data.<list>` (RECORD_LISTS), the list's
 * meta beside them. The answer is typed from R, the schema that serialises it, as Fastify's TypeBox type provider
 * types a route's reply.
 */
export interface RecordEndpoint<
  K extends RecordKind = RecordKind,
  R extends RecordListSchema<K> = RecordListSchema<K>,
> extends Endpoint<RecordQuerySchema, R> {
  readonly kind: K;
}

/** What a list of K's records answers: `data` holding the list under its name, and a meta block (one per kind). */
export type RecordListSchema<K extends RecordKind> = K extends RecordKind
  ? TObject<{ data: TObject<{ [L in (typeof RECORD_LISTS)[K]]: TArray<TObject> }>; meta: TObject }>
  : never;

export type RecordParams = FilterParams & { readonly limit?: number; readonly page?: number };

/**
 * The records of kind K that answer a query, newest first, at most `limit`, and the meta block of the list (a page for
 * people and a feed read the first rows of a list, paged or not); the dataset read and the query as resolved, for a
 * page's count.
 */
export function listRecords<K extends RecordKind>(
  kind: K,
  context: RouteContext,
  params: RecordParams,
  requestId: string,
) {
  const store = openDataset(context);
  const today = japanDate(context.clock());
  const limit = params.limit ?? DEFAULT_LIMIT;
  // check: the rules no schema can say (labels to codes, a Corporate Number's check digit, at least one filter)
  const checked = checkRecordQuery(kind, params);
  // resolve: what each filter stands for in the dataset (the companies `company` recalls, a number's predecessors)
  const { query, notices, recall, elsewhere } = resolveRecordQuery(checked, store, today);
  // query: one page, newest first
  const found = store.records.page(kind, query, { limit, page: params.page ?? 1 });
  // present: each record as the API shows it, statuses against today in Japan, and how it relates to the query
  const relate = queryRelation(query);
  const records: PresentedOfKind<K>[] = found.records.map((record) =>
    presentRecord(kind, record, today, relate?.(record.company)),
  );
  // meta: the list's counts and notices, the data's date, how the sources behind it stand
  const meta = Object.assign(
    listMeta(requestId, store, { limit, returned: records.length, hasMore: found.hasMore, notices }),
    recordListMeta(store, context, kind, query.authority),
    recall === undefined ? {} : { recall },
    namedElsewhereMeta(
      countNamedElsewhere(elsewhere, (filter) =>
        store.records.count(kind, { ...query, company: filter }, MATCHES_COUNTED_UP_TO),
      ),
    ),
  );
  return { records, meta, store, query };
}

/** The records listRecords answers, and how many the query finds in all (up to MATCHES_COUNTED_UP_TO): a page's list. */
export function listRecordsCounted<K extends RecordKind>(
  kind: K,
  context: RouteContext,
  params: RecordParams,
  requestId: string,
) {
  const listed = listRecords(kind, context, params, requestId);
  return { ...listed, total: listed.store.records.count(kind, listed.query, MATCHES_COUNTED_UP_TO) };
}

/** How many records name a company linked to none placed elsewhere, and its name. */
export interface NamedElsewhereCount {
  readonly total: number;
  readonly name: string;
}

/**
 * How many records `count` finds of those naming an identified company placed in another prefecture, with the name
 * that searches them; undefined when there are none (or the answer is about no one company).
 */
export function countNamedElsewhere(
  elsewhere: NamedElsewhere | undefined,
  count: (filter: CompanyFilter) => number,
): NamedElsewhereCount | undefined {
  if (elsewhere === undefined) return undefined;
  const total = count(elsewhere.filter);
  return total === 0 ? undefined : { total, name: elsewhere.name };
}

/** `meta.named_elsewhere`: the count and the search of the name that lists them; nothing when there are none. */
export function namedElsewhereMeta(counted: NamedElsewhereCount | undefined) {
  return counted === undefined
    ? {}
    : { named_elsewhere: { total: counted.total, search: nameSearchPath(counted.name) } };
}

/**
 * Page `page` of a paged list: its records, and its meta with `page` and the last page that holds rows, counted no
 * further than the cap reaches; when more rows match than the pages reach, a notice says so, and why (`has_more` says
 * it on the last page too).
 */
export function listRecordPage<K extends RecordKind>(
  kind: K,
  context: RouteContext,
  params: RecordParams,
  requestId: string,
) {
  const { records, meta, store, query } = listRecords(kind, context, params, requestId);
  const cap = context.config.maxPage;
  const limit = meta.limit;
  const reachable = cap * limit;
  const matching = store.records.count(kind, query, reachable + 1);
  const pages = { page: params.page ?? 1, max_page: Math.max(1, Math.min(cap, Math.ceil(matching / limit))) };
  if (matching <= reachable) return { records, meta: Object.assign(meta, pages) };
  const beyond =
    `More than ${reachable} records match and pages stop at ${cap}: no page past ${cap} is given, since Kohyo ` +
    'answers questions about companies and does not hand out its lists whole; add filters (from and to, ' +
    'authority) to see the rest.';
  // the last of the answer's notices, as the resolved query's come first; added to the fresh meta object rather than
  // spread into a copy (see present/records.ts)
  const notice = 'notice' in meta ? `${meta.notice} ${beyond}` : beyond;
  return { records, meta: Object.assign(meta, pages, { notice }) };
}

/** What every record list's meta adds: the data's date, and how the sources behind it stand. */
export function recordListMeta(store: Store, context: RouteContext, kind: RecordKind, authority: string | undefined) {
  const held = answerCoverage(store.sourcesOf[kind], authority, context.clock(), context.config.freshHours);
  const { not_current: notCurrent, not_searched: notSearched } = held;
  // written out rather than copied with a rest pattern (`{ not_current, ...counts }`), which V8 runs slowly, three
  // times an answer of /search
  return {
    data_as_of: store.dataAsOf[kind],
    coverage: {
      sources: held.sources,
      collected: held.collected,
      fresh: held.fresh,
      stale: held.stale,
      failing: held.failing,
      never_collected: held.never_collected,
      oldest_success_at: held.oldest_success_at,
      not_current: { total: notCurrent.total, sources: [...notCurrent.sources], all_at: SOURCES_COVERAGE_PATH },
      not_searched: { total: notSearched.total, sources: [...notSearched.sources], all_at: SOURCES_COVERAGE_PATH },
    },
  };
}
