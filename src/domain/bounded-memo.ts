// The one bounded map under the memos and caches, and the memos over it: clients ask the same things again and
// again, and the work per request (hashes, normalisation, regular expressions, answers) need not be done again.

export interface MapBounds<K, V> {
  /** Entries held at most (two at least); 0 keeps nothing. */
  readonly entries: number;
  /** The weight held at most, as `weigh` counts it (bytes, say); unbounded without it. */
  readonly weight?: number;
  /** An entry's weight: asked when it is set and when it moves up, so it must be cheap (read a field). */
  readonly weigh?: (key: K, value: V) => number;
}

/**
 * Least recently used out first, approximately, in two generations of Maps (quick-lru's scheme): an entry is set in
 * the newer; when the newer is full it becomes the older and the older goes whole. A hit in the newer is one
 * Map.get and keeps no order up; a hit in the older moves the entry to the newer. So what is used again within a
 * generation stays, and a flood of new keys costs what it would without the map. Each generation holds half the
 * bounds, so an entry heavier than half the weight is not kept. `undefined` stands for absent: never set it.
 */
export class BoundedMap<K, V> {
  #newer = new Map<K, V>();
  #older = new Map<K, V>();
  #newerWeight = 0;
  #olderWeight = 0;
  readonly #perGeneration: number;
  readonly #weightPerGeneration: number;

  constructor(private readonly bounds: MapBounds<K, V>) {
    this.#perGeneration = bounds.entries <= 0 ? 0 : Math.max(1, Math.floor(bounds.entries / 2));
    this.#weightPerGeneration = (bounds.weight ?? Number.POSITIVE_INFINITY) / 2;
  }

  get size(): number {
    return this.#newer.size + this.#older.size;
  }

  /** The weight held now. */
  get weight(): number {
    return this.#newerWeight + this.#olderWeight;
  }

  /** The value of `key`, kept among the recently used. */
  get(key: K): V | undefined {
    const value = this.#newer.get(key);
    if (value !== undefined) return value;
    const old = this.#older.get(key);
    if (old === undefined) return undefined;
    this.#older.delete(key);
    this.#olderWeight -= this.#weigh(key, old);
    this.#add(key, old);
    return old;
  }

  /** The value of `key`, leaving it where it is. */
  peek(key: K): V | undefined {
    return this.#newer.get(key) ?? this.#older.get(key);
  }

  /** Keeps `value` among the recently used (replacing what `key` held). */
  set(key: K, value: V): void {
    this.delete(key);
    this.#add(key, value);
  }

  delete(key: K): boolean {
    const value = this.#newer.get(key);
    if (value !== undefined) {
      this.#newer.delete(key);
      this.#newerWeight -= this.#weigh(key, value);
      return true;
    }
    const old = this.#older.get(key);
    if (old === undefined) return false;
    this.#older.delete(key);
    this.#olderWeight -= this.#weigh(key, old);
    return true;
  }

  clear(): void {
    this.#newer = new Map();
    this.#older = new Map();
    this.#newerWeight = 0;
    this.#olderWeight = 0;
  }

  /** The keys and values, the older generation first. */
  *entries(): IterableIterator<[K, V]> {
    yield* this.#older;
    yield* this.#newer;
  }

  #weigh(key: K, value: V): number {
    return this.bounds.weigh?.(key, value) ?? 0;
  }

  #add(key: K, value: V): void {
    const weight = this.#weigh(key, value);
    if (this.#perGeneration === 0 || weight > this.#weightPerGeneration) return;
    if (this.#newer.size >= this.#perGeneration || this.#newerWeight + weight > this.#weightPerGeneration) {
      this.#older = this.#newer;
      this.#olderWeight = this.#newerWeight;
      this.#newer = new Map();
      this.#newerWeight = 0;
    }
    this.#newer.set(key, value);
    this.#newerWeight += weight;
  }
}

export interface MemoOptions {
  /** Keys held at most (BoundedMap). */
  readonly entries: number;
  /** Keys longer than this are computed every time and never held, so that memory stays bounded. */
  readonly maxKeyLength: number;
}

/** A memo keyed by text, over the bounded map. Only for pure functions of the key: a remembered answer is the answer. */
export class BoundedMemo<R> {
  readonly #held: BoundedMap<string, R>;

  constructor(private readonly options: MemoOptions) {
    this.#held = new BoundedMap({ entries: options.entries });
  }

  /** Keys held now. */
  get size(): number {
    return this.#held.size;
  }

  get(key: string, compute: () => R): R {
    const known = this.#held.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (key.length <= this.options.maxKeyLength) this.#held.set(key, value);
    return value;
  }
}

/**
 * `fn`, remembering its answers for the last few distinct arguments. A company's search terms fold the same
 * strings more than once (the reading's romanization is the romanized alias too; the romaji key normalises what
 * the alias term already did), and a row's romanization is worked out again for its terms: the point is the
 * repeats within a row, not a cache of the register. `fn` must be pure, so a remembered answer is the answer.
 */
export function memoRecent<R>(fn: (value: string) => R, entries = 8): (value: string) => R {
  const answers = new BoundedMemo<R>({ entries, maxKeyLength: Number.POSITIVE_INFINITY });
  return (value) => answers.get(value, () => fn(value));
}

/** `compute` remembered for each object it is given, for as long as the object itself is kept. Only for pure functions. */
export function memoPerObject<K extends object, R>(compute: (key: K) => R): (key: K) => R {
  const held = new WeakMap<K, R>();
  return (key) => {
    let value = held.get(key);
    if (value === undefined) {
      value = compute(key);
      held.set(key, value);
    }
    return value;
  };
}
