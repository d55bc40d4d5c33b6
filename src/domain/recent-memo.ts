// A memo of a pure string function's last few answers: an import folds the same name or reading several times per row.
import { BoundedMemo } from './bounded-memo.js';

/**
 * `fn`, remembering its answers for the last few distinct arguments. A company's search terms fold the same
 * strings more than once (the reading's romanization is the romanized alias too; the romaji key normalises what
 * the alias term already did), and a row's romanization is worked out again for its terms. Only a handful are
 * held, and all dropped at once when full (BoundedMemo): the point is the repeats within a row, not a cache of the
 * register. `fn` must be pure, so a remembered answer is the answer.
 */
export function memoRecent<R>(fn: (value: string) => R, entries = 8): (value: string) => R {
  const answers = new BoundedMemo<R>({ entries, maxKeyLength: Number.POSITIVE_INFINITY });
  return (value) => answers.get(value, () => fn(value));
}
