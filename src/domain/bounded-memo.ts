// Memos: one keyed by text, bounded in entries and key length, since clients ask the same things again and again and
// the work per request (hashes, normalisation, regular expressions) need not be done again; and one keyed by object,
// for objects handed out again and again (what the answer cache keeps), whose results go with their object.
import { LruMap } from './lru-map.js';

export interface MemoOptions {
  /** Keys held at most: past them the least recently used goes (LruMap). */
  readonly entries: number;
  /** Keys longer than this are computed every time and never held, so that memory stays bounded. */
  readonly maxKeyLength: number;
}

/** Only for pure functions of the key: a remembered answer is the answer. */
export class BoundedMemo<R> {
  readonly #held: LruMap<string, R>;

  constructor(private readonly options: MemoOptions) {
    this.#held = new LruMap({ entries: options.entries });
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
