// /api/v1/search answered in-process over a dataset of bench/out/, as the served endpoint answers it, for the
// benches that time answers without HTTP (scale-parts.ts, dearest-answers.ts).
import { endpointAt } from '../src/api/catalogue.js';
import { loadConfig } from '../src/config.js';
import { openStore, type Store } from '../src/store/read/store.js';

/** The day the answers are given on: the synthetic records' statuses depend on it. */
export const ANSWER_DAY = '2026-11-21';

export interface InProcessSearch {
  readonly store: Store;
  /** The answer to `q` as the endpoint serialises it. */
  readonly answer: (q: string) => string;
}

/**
 * Opens the dataset as the server does, with the served connection's page cache (KOHYO_DB_CACHE_MB's default, so that
 * pages past the memory map cost as served) and no answer cache (each answer is worked out).
 */
export function openInProcessSearch(dataset: string): InProcessSearch {
  const store = openStore(dataset, { answerCacheEntries: 0, cacheMiB: loadConfig({}).dbCacheMiB });
  const endpoint = endpointAt('/api/v1/search');
  if (endpoint === undefined) throw new Error('no /api/v1/search in the catalogue');
  const context = { config: loadConfig({}), dataset: () => store, clock: () => new Date(`${ANSWER_DAY}T03:00:00Z`) };
  return { store, answer: (q) => JSON.stringify(endpoint.answer(context, { q }, 'bench')) };
}

/** An answer with what differs from one request to the next (its request id) left out, to compare builds' answers. */
export function comparableAnswer(q: string, answer: string): unknown {
  const { meta, ...rest } = JSON.parse(answer) as { meta: Record<string, unknown> };
  const { request_id: _id, ...kept } = meta;
  return { q, ...rest, meta: kept };
}
