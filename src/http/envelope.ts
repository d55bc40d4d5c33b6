// The meta block of every success answer, built from the request's id and the open dataset.
import type { Store } from '../store/store.js';

export function baseMeta(requestId: string, store: Store) {
  return {
    request_id: requestId,
    dataset: { version: store.meta.version, kind: store.meta.kind },
  };
}

// Written out rather than spread from baseMeta: object spreads on every answer cost more than the rest of it.
export function listMeta(requestId: string, store: Store, list: { limit: number; returned: number; hasMore: boolean; notices?: readonly string[] }) {
  const dataset = { version: store.meta.version, kind: store.meta.kind };
  const { limit, returned, hasMore: has_more, notices } = list;
  return notices !== undefined && notices.length > 0
    ? { request_id: requestId, dataset, limit, returned, has_more, notice: notices.join(' ') }
    : { request_id: requestId, dataset, limit, returned, has_more };
}
