// The one bounded map of the memos and caches: what clients ask again is kept, and past the bound the least recently
// used entry goes first. A Map keeps its keys in the order they were set, so setting a key again on each use keeps
// the least recently used at its front.

export interface LruBounds<K, V> {
  /** Entries held at most. */
  readonly entries: number;
  /** The weight held at most, as `weigh` counts it (bytes, say); unbounded without it. */
  readonly weight?: number;
  readonly weigh?: (key: K, value: V) => number;
}

export class LruMap<K, V> {
  readonly #held = new Map<K, { readonly value: V; readonly weight: number }>();
  #weight = 0;

  constructor(private readonly bounds: LruBounds<K, V>) {}

  get size(): number {
    return this.#held.size;
  }

  /** The weight held now. */
  get weight(): number {
    return this.#weight;
  }

  /** The value of `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const entry = this.#held.get(key);
    if (entry === undefined) return undefined;
    this.#held.delete(key);
    this.#held.set(key, entry);
    return entry.value;
  }

  /** The value of `key`, leaving the order as it is. */
  peek(key: K): V | undefined {
    return this.#held.get(key)?.value;
  }

  has(key: K): boolean {
    return this.#held.has(key);
  }

  /**
   * Keeps `value` as the most recently used, then lets the least recently used go while past a bound. A value
   * heavier than the whole weight bound is not kept (and what `key` held goes).
   */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.bounds.weigh?.(key, value) ?? 0;
    if (weight > (this.bounds.weight ?? Number.POSITIVE_INFINITY)) return;
    this.#held.set(key, { value, weight });
    this.#weight += weight;
    for (const [oldest, entry] of this.#held) {
      if (this.#held.size <= this.bounds.entries && this.#weight <= (this.bounds.weight ?? Number.POSITIVE_INFINITY))
        break;
      this.#held.delete(oldest);
      this.#weight -= entry.weight;
    }
  }

  delete(key: K): boolean {
    const entry = this.#held.get(key);
    if (entry === undefined) return false;
    this.#held.delete(key);
    this.#weight -= entry.weight;
    return true;
  }

  clear(): void {
    this.#held.clear();
    this.#weight = 0;
  }

  /** The keys and values, the least recently used first. */
  *entries(): IterableIterator<[K, V]> {
    for (const [key, entry] of this.#held) yield [key, entry.value];
  }
}
