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
  const meta = {
    ...listMeta(request, store, { limit, returned: result.records.length, hasMore: result.hasMore, notices }),
    data_as_of: store.dataAsOf(endpoint.kind),
  };
  const records = result.records.map((record) => present(record, today));
  if (!endpoint.paged) return { records, meta };
  const cap = context.config.maxPage;
  const reachable = cap * limit;
  const matching = store.records.count(endpoint.table, query, reachable + 1);
  const maxPage = Math.max(1, Math.min(cap, Math.ceil(matching / limit)));
  if (matching > reachable) {
    notices.push(`More than ${reachable} records match and pages stop at ${cap}; add filters to see the rest.`);
  }
  return {
    records,
    meta: {
      ...listMeta(request, store, { limit, returned: records.length, hasMore: page < maxPage && result.hasMore, notices }),
      data_as_of: meta.data_as_of,
      page,
      max_page: maxPage,
    },
  };
}
