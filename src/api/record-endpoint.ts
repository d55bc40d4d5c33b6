// A record endpoint, and its handler: the list of one kind's records for a query, read as the request goes (check,
// resolve, query, present, meta). The three record endpoints (./endpoints/records.ts) are this type, each named by
// its kind; everything else follows from the kind.
import type { TObject } from '@sinclair/typebox';
import type { Store } from '../store/store.js';
import type { RecordKind, RECORD_LISTS } from '../domain/record.js';
import type { RecordQuery } from '../domain/record-query.js';
import { japanDate } from '../domain/dates.js';
import { answerCoverage } from '../domain/coverage.js';
import { SOURCES_COVERAGE_PATH } from './links.js';
import { resolveRecordQuery } from './record-query.js';
import { checkRecordQuery, type FilterParams } from './query-rules.js';
import { listMeta } from './envelope.js';
import { DEFAULT_LIMIT, type RecordQuerySchema } from './schemas/queries.js';
import { openDataset, type RouteContext } from './context.js';
import type { Endpoint } from './endpoint.js';
import { presentRecord, type PresentedOfKind } from './present/records.js';

/** An endpoint listing the records of kind K: under `data.<list>`, each as `resource` shows it. */
export interface RecordEndpoint<K extends RecordKind = RecordKind> extends Endpoint<RecordQuerySchema> {
  readonly kind: K;
  /** The key of `data` the records are listed under (RECORD_LISTS). */
  readonly list: (typeof RECORD_LISTS)[K];
  /** The schema of one record of the list. */
  readonly resource: TObject;
}

export type RecordParams = FilterParams & { readonly limit?: number; readonly page?: number };

/**
 * The records of `endpoint`'s kind that answer a query, and the meta block of the answer: `page` and `max_page` too
 * where the endpoint is paged and `paged` is not turned off (a page for people shows the first rows of each kind).
 */
export function listRecords<K extends RecordKind>(
  endpoint: RecordEndpoint<K>,
  context: RouteContext,
  params: RecordParams,
  requestId: string,
  paged = endpoint.paged,
) {
  const store = openDataset(context);
  const today = japanDate(context.clock());
  const { kind } = endpoint;
  const limit = params.limit ?? DEFAULT_LIMIT;
  const page = params.page ?? 1;
  // check: the rules no schema can say (labels to codes, a Corporate Number's check digit, at least one filter)
  const checked = checkRecordQuery(kind, params);
  // resolve: what each filter stands for in the dataset (the companies `company` recalls, a number's predecessors)
  const { query, notices, recall } = resolveRecordQuery(checked, store, today);
  // query: one page, newest first, and for a paged list how many pages hold rows
  const found = store.records.page(kind, query, { limit, page });
  const maxPage = paged ? lastPage(store, kind, query, context.config.maxPage, limit, notices) : null;
  // present: each record as the API shows it, statuses against today in Japan
  const records: PresentedOfKind<K>[] = found.records.map((record) => presentRecord(kind, record, today));
  // meta: the list's counts and notices, the data's date, how the sources behind it stand
  const meta = Object.assign(
    listMeta(requestId, store, { limit, returned: records.length, hasMore: found.hasMore, notices }),
    recordListMeta(store, context, kind, query.authority),
    recall === undefined ? {} : { recall },
  );
  // added to the fresh meta object rather than spread into a copy (see present/records.ts)
  return { records, meta: maxPage === null ? meta : Object.assign(meta, { page, max_page: maxPage }) };
}

/** What every record list's meta adds: the data's date, and how the sources behind it stand. */
export function recordListMeta(store: Store, context: RouteContext, kind: RecordKind, authority: string | undefined) {
  const held = answerCoverage(store.sourcesOf(kind), authority, context.clock(), context.config.freshHours);
  const { not_current: notCurrent, not_searched: notSearched } = held;
  // written out rather than copied with a rest pattern (`{ not_current, ...counts }`), which V8 runs slowly: about
  // 4 µs a call, three times an answer of /search
  return {
    data_as_of: store.dataAsOf(kind),
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

/**
 * The last page that holds rows, counted no further than the cap reaches; when more rows match than the
 * pages reach, a notice says so, and why (`has_more` says it on the last page too).
 */
function lastPage(
  store: Store,
  kind: RecordKind,
  query: RecordQuery,
  cap: number,
  limit: number,
  notices: string[],
): number {
  const reachable = cap * limit;
  const matching = store.records.count(kind, query, reachable + 1);
  if (matching > reachable) {
    notices.push(
      `More than ${reachable} records match and pages stop at ${cap}: no page past ${cap} is given, since Kohyo ` +
        'answers questions about companies and does not hand out its lists whole; add filters (from and to, ' +
        'authority) to see the rest.',
    );
  }
  return Math.max(1, Math.min(cap, Math.ceil(matching / limit)));
}
