// Memos: one keyed by text, bounded in entries and key length, since clients ask the same things again and again and
// the work per request (hashes, normalisation, regular expressions) need not be done again; and one keyed by object,
// for objects handed out again and again (what the answer cache keeps), whose results go with their object.

export interface MemoOptions {
  /** Keys held before the memo starts afresh. */
  readonly entries: number;
  /** Keys longer than this are computed every time and never held, so that memory stays bounded. */
  readonly maxKeyLength: number;
}

/**
 * At the cap the whole memo is dropped at once rather than the oldest entry (no ordering to keep up on every hit):
 * a flood of distinct keys then costs what it would without the memo. Only for pure functions of the key.
 */
export class BoundedMemo<R> {
  readonly #held = new Map<string, R>();

  constructor(private readonly options: MemoOptions) {}

  /** Keys held now. */
  get size(): number {
    return this.#held.size;
  }

  get(key: string, compute: () => R): R {
    const known = this.#held.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (key.length <= this.options.maxKeyLength) {
      if (this.#held.size >= this.options.entries) this.#held.clear();
      this.#held.set(key, value);
    }
    return value;
  }
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
