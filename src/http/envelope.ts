// The meta block of every success answer, built from the request's id and the open dataset.
import type { Store } from '../store/store.js';

export function baseMeta(requestId: string, store: Store) {
  return {
    request_id: requestId,
    dataset: { version: store.meta.version, kind: store.meta.kind },
  };
}

export function listMeta(requestId: string, store: Store, list: { limit: number; returned: number; hasMore: boolean; notices?: readonly string[] }) {
  const meta = {
    ...baseMeta(requestId, store),
    limit: list.limit,
    returned: list.returned,
    has_more: list.hasMore,
  };
  return list.notices && list.notices.length > 0 ? { ...meta, notice: list.notices.join(' ') } : meta;
}
