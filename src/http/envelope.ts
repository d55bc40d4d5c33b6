// The meta block of every success answer, built from the request and the open dataset.
import type { FastifyRequest } from 'fastify';
import type { Store } from '../store/store.js';

export function baseMeta(request: FastifyRequest, store: Store) {
  return {
    request_id: request.id,
    dataset: { version: store.meta.version, kind: store.meta.kind },
  };
}

export function listMeta(request: FastifyRequest, store: Store, list: { limit: number; returned: number; hasMore: boolean; notices?: readonly string[] }) {
  const meta = {
    ...baseMeta(request, store),
    limit: list.limit,
    returned: list.returned,
    has_more: list.hasMore,
  };
  return list.notices && list.notices.length > 0 ? { ...meta, notice: list.notices.join(' ') } : meta;
}
