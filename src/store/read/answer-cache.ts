// The answer cache of company search: a bounded map of the answers of the dataset being served.
import { LRUCache } from 'lru-cache';

// A bounded cache of answers for the dataset being served: a public API is asked the same companies again and
// again, and an answer never changes while the dataset does not. One cache belongs to one open dataset, so a new
// dataset starts empty. Least recently used first out (lru-cache), bounded in entries and in (estimated) bytes.
export interface AnswerCacheOptions {
  /** At least 1 (KOHYO_ANSWER_CACHE_ENTRIES; at 0 the store has no cache). */
  readonly maxEntries: number;
  readonly maxBytes: number;
}

/** What a cache holds at most besides the entry count: answers are a few kilobytes, so entries bind first. */
export const ANSWER_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export class AnswerCache<V> {
  readonly #entries: LRUCache<string, { readonly value: V; readonly bytes: number }>;
  hits = 0;
  misses = 0;

  constructor(options: AnswerCacheOptions) {
    this.#entries = new LRUCache({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => entry.bytes,
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  /** The cached answer for `key`, kept among the recently used; undefined when none is kept. Answers are shared: never change one. */
  peek(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return entry.value;
  }

  /** Keeps an answer (replacing the one kept for `key`); past the bounds the least recently used go. */
  put(key: string, value: V): void {
    // UTF-16 code units, twice over for the key and the value's text: an estimate, not an exact heap size
    this.#entries.set(key, { value, bytes: 2 * (key.length + JSON.stringify(value).length) });
  }

  /** The cached answer for `key`, else `compute()`'s, kept. */
  get(key: string, compute: () => V): V {
    const cached = this.peek(key);
    if (cached !== undefined) return cached;
    const value = compute();
    this.put(key, value);
    return value;
  }
}
