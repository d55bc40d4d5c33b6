// What the three record endpoints share: filter resolution, paging, the meta block with data_as_of.
import type { FastifyRequest } from 'fastify';
import type { Store } from '../store/store.js';
import type { RecordPage } from '../store/record-queries.js';
import type { RecordTable } from '../store/record-sql.js';
import type { RecordKind } from '../domain/record-input.js';
import type { RecordQuery } from '../domain/record-query.js';
import { resolveRecordQuery, type RecordFilterSpec } from './record-filters.js';
import { listMeta } from './envelope.js';
import { japanDate } from '../domain/record-status.js';
import type { CleanQuery } from './query-rules.js';
import type { RouteContext } from './context.js';

export interface RecordEndpoint<T> {
  readonly kind: RecordKind;
  readonly table: RecordTable;
  readonly filters: RecordFilterSpec;
  /** Present when the endpoint is paged. */
  readonly paged: boolean;
  readonly fetch: (store: Store, query: RecordQuery, page: { limit: number; page: number }) => RecordPage<T>;
}

export function answerRecords<T, P>(
  endpoint: RecordEndpoint<T>,
  context: RouteContext,
  store: Store,
  request: FastifyRequest,
  present: (record: T, today: string) => P,
) {
  const params = request.query as CleanQuery & { limit?: number; page?: number };
  const limit = params.limit ?? 10;
  const page = params.page ?? 1;
  const today = japanDate(context.clock());
  const { query, notices } = resolveRecordQuery(params, endpoint.filters, store.companies, today);
  const result = endpoint.fetch(store, query, { limit, page });
  const records = result.records.map((record) => present(record, today));
  const paging = endpoint.paged ? pagesOf(store, endpoint.table, query, context.config.maxPage, limit, notices) : null;
  const meta = {
    ...listMeta(request, store, {
      limit,
      returned: records.length,
      hasMore: paging === null ? result.hasMore : page < paging.maxPage && result.hasMore,
      notices,
    }),
    data_as_of: store.dataAsOf(endpoint.kind),
  };
  return { records, meta: paging === null ? meta : { ...meta, page, max_page: paging.maxPage } };
}

/**
 * The last page that holds rows, counted no further than the cap reaches; when more rows match than the
 * pages reach, a notice says so.
 */
function pagesOf(store: Store, table: RecordTable, query: RecordQuery, cap: number, limit: number, notices: string[]) {
  const reachable = cap * limit;
  const matching = store.records.count(table, query, reachable + 1);
  if (matching > reachable) {
    notices.push(`More than ${reachable} records match and pages stop at ${cap}; add filters to see the rest.`);
  }
  return { maxPage: Math.max(1, Math.min(cap, Math.ceil(matching / limit))) };
}
