// Memos of pure functions: a company's search terms fold the same strings more than once, and a row's romanization is
// worked out again for its terms; a presented company is kept with the company it shows.

/**
 * `fn`, remembering its answers for the last few distinct arguments (the oldest out first). The point is the repeats
 * within a row or a request, not a cache of the register: a Map of a few entries, which a cache library's bookkeeping
 * would outweigh. `fn` must be pure, so a remembered answer is the answer.
 */
export function memoRecent<R>(fn: (value: string) => R, entries = 8): (value: string) => R {
  // boxed, since `fn` may answer undefined
  const answers = new Map<string, { readonly answer: R }>();
  return (value) => {
    const held = answers.get(value);
    if (held !== undefined) return held.answer;
    const answer = fn(value);
    const oldest = answers.size >= entries ? answers.keys().next() : null;
    if (oldest?.done === false) answers.delete(oldest.value);
    answers.set(value, { answer });
    return answer;
  };
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
