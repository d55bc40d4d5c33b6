// Memos of pure functions, over lru-cache: a company's search terms fold the same strings more than once, and a row's
// romanization is worked out again for its terms; a presented company is kept with the company it shows.
import { LRUCache } from 'lru-cache';

/**
 * `fn`, remembering its answers for the last few distinct arguments (least recently used out first). The point is the
 * repeats within a row or a request, not a cache of the register. `fn` must be pure, so a remembered answer is the
 * answer.
 */
export function memoRecent<R>(fn: (value: string) => R, entries = 8): (value: string) => R {
  // boxed, since a cache holds no null or undefined and `fn` may answer either
  const answers = new LRUCache<string, { readonly answer: R }>({
    max: entries,
    memoMethod: (value) => ({ answer: fn(value) }),
  });
  return (value) => answers.memo(value).answer;
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
