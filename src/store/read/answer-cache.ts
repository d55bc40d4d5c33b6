// The answer cache of company search: a bounded map of the answers of the dataset being served.
import { LRUCache } from 'lru-cache';

// A bounded cache of answers for the dataset being served: a public API is asked the same companies again and
// again, and an answer never changes while the dataset does not. One cache belongs to one open dataset, so a new
// dataset starts empty. Least recently used first out (lru-cache), bounded in entries and in (estimated) bytes.
export interface AnswerCacheOptions {
  /** 0 turns the cache off (KOHYO_ANSWER_CACHE_ENTRIES). */
  readonly maxEntries: number;
  readonly maxBytes: number;
}

/** What a cache holds at most besides the entry count: answers are a few kilobytes, so entries bind first. */
export const ANSWER_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export class AnswerCache<V> {
  /** Null when answers are not kept (maxEntries 0). */
  readonly #entries: LRUCache<string, { readonly value: V; readonly bytes: number }> | null;
  hits = 0;
  misses = 0;

  constructor(private readonly options: AnswerCacheOptions) {
    this.#entries =
      options.maxEntries <= 0
        ? null
        : new LRUCache({
            max: options.maxEntries,
            maxSize: options.maxBytes,
            sizeCalculation: (entry) => entry.bytes,
          });
  }

  /** Whether answers are kept at all: when they are, what `get` returns is handed out again to later callers. */
  get keeps(): boolean {
    return this.options.maxEntries > 0;
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }

  get bytes(): number {
    return this.#entries?.calculatedSize ?? 0;
  }

  /** The cached answer for `key`, kept among the recently used; undefined when none is kept. Answers are shared: never change one. */
  peek(key: string): V | undefined {
    const entry = this.#entries?.get(key);
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
    this.#entries?.set(key, { value, bytes: 2 * (key.length + JSON.stringify(value).length) });
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
