// The meta block of every success answer, built from the request's id and the open dataset.
import type { Store } from '../store/store.js';

export function baseMeta(requestId: string, store: Store) {
  return { request_id: requestId, dataset: datasetMeta(store) };
}

function datasetMeta(store: Store) {
  return { version: store.meta.version, kind: store.meta.kind };
}

// One object literal for each shape of the block, rather than baseMeta spread into a copy and that copy spread again.
export function listMeta(
  requestId: string,
  store: Store,
  list: { limit: number; returned: number; hasMore: boolean; notices?: readonly string[] },
) {
  const dataset = datasetMeta(store);
  const { limit, returned, hasMore: has_more, notices } = list;
  return notices !== undefined && notices.length > 0
    ? { request_id: requestId, dataset, limit, returned, has_more, notice: notices.join(' ') }
    : { request_id: requestId, dataset, limit, returned, has_more };
}
