// What the three record endpoints share: filter resolution, paging, and the meta block with data_as_of. A route names
// its record kind; everything else follows from it.
import type { Store } from '../store/store.js';
import type { RecordKind, RecordOfKind } from '../domain/record.js';
import type { RecordQuery } from '../domain/record-query.js';
import { japanDate } from '../domain/dates.js';
import { answerCoverage } from '../domain/coverage.js';
import { SOURCES_COVERAGE_PATH } from './links.js';
import { resolveRecordQuery } from './record-query.js';
import { checkRecordQuery, type FilterParams } from './query-rules.js';
import { listMeta } from './envelope.js';
import { DEFAULT_LIMIT } from './schemas/queries.js';
import type { RouteContext } from './context.js';
import type { Recall } from './company-search.js';

export interface RecordEndpoint<K extends RecordKind, P> {
  readonly kind: K;
  readonly paged: boolean;
  readonly present: (record: RecordOfKind<K>, today: string) => P;
}

export type RecordParams = FilterParams & { readonly limit?: number; readonly page?: number };

/** The answer of an endpoint without pages. */
export function answerRecords<K extends RecordKind, P>(
  endpoint: RecordEndpoint<K, P>,
  context: RouteContext,
  store: Store,
  requestId: string,
  params: RecordParams,
) {
  const found = find(endpoint, context, store, params);
  return {
    records: found.records,
    meta: recordMeta(requestId, store, context, endpoint.kind, found, found.result.hasMore),
  };
}

/** The answer of a paged endpoint: `page`, and `max_page` from a count bounded by the page cap. */
export function answerPagedRecords<K extends RecordKind, P>(
  endpoint: RecordEndpoint<K, P>,
  context: RouteContext,
  store: Store,
  requestId: string,
  params: RecordParams,
) {
  const found = find(endpoint, context, store, params);
  const maxPage = lastPage(store, endpoint.kind, found.query, context.config.maxPage, found.limit, found.notices);
  // true at the page cap too while more rows match: the notice says why no further page is given
  const hasMore = found.result.hasMore;
  // added to the fresh meta object rather than spread into a copy (see present/records.ts)
  const meta = Object.assign(recordMeta(requestId, store, context, endpoint.kind, found, hasMore), {
    page: found.page,
    max_page: maxPage,
  });
  return { records: found.records, meta };
}

function find<K extends RecordKind, P>(
  endpoint: RecordEndpoint<K, P>,
  context: RouteContext,
  store: Store,
  params: RecordParams,
) {
  const limit = params.limit ?? DEFAULT_LIMIT;
  const page = params.page ?? 1;
  const today = japanDate(context.clock());
  const { query, notices, recall } = resolveRecordQuery(checkRecordQuery(endpoint.kind, params), store, today);
  const result = store.records.page(endpoint.kind, query, { limit, page });
  return {
    records: result.records.map((record) => endpoint.present(record, today)),
    result,
    query,
    notices,
    recall,
    page,
    limit,
  };
}

function recordMeta(
  requestId: string,
  store: Store,
  context: RouteContext,
  kind: RecordKind,
  found: {
    readonly limit: number;
    readonly records: readonly unknown[];
    readonly notices: readonly string[];
    readonly query: RecordQuery;
    readonly recall: Recall | undefined;
  },
  hasMore: boolean,
) {
  const meta = listMeta(requestId, store, {
    limit: found.limit,
    returned: found.records.length,
    hasMore,
    notices: found.notices,
  });
  return Object.assign(
    meta,
    recordListMeta(store, context, kind, found.query.authority),
    found.recall === undefined ? {} : { recall: found.recall },
  );
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
