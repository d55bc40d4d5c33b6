// A bounded cache of answers for the dataset being served: a public API is asked the same companies again and
// again, and an answer never changes while the dataset does not. One cache belongs to one open dataset, so a new
// dataset starts empty. Least recently used first out, bounded in entries and in (estimated) bytes.

export interface AnswerCacheOptions {
  /** 0 turns the cache off (KOHYO_ANSWER_CACHE_ENTRIES). */
  readonly maxEntries: number;
  readonly maxBytes: number;
}

/** What a cache holds at most besides the entry count: answers are a few kilobytes, so entries bind first. */
export const ANSWER_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export class AnswerCache<V> {
  readonly #entries = new Map<string, { readonly value: V; readonly bytes: number }>();
  #bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly options: AnswerCacheOptions) {}

  /** Whether answers are kept at all: when they are, what `get` returns is handed out again to later callers. */
  get keeps(): boolean {
    return this.options.maxEntries > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The cached answer for `key`, now the most recently used; undefined when none is kept. Answers are shared: never change one. */
  peek(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Map keeps insertion order: re-inserting makes this the most recently used
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps an answer (replacing the one kept for `key`), then drops the least recently used past the bounds. */
  put(key: string, value: V): void {
    if (this.options.maxEntries === 0) return;
    // UTF-16 code units, twice over for the key and the value's text: an estimate, not an exact heap size
    const bytes = 2 * (key.length + JSON.stringify(value).length);
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    if (bytes > this.options.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.options.maxEntries && this.#bytes <= this.options.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
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
