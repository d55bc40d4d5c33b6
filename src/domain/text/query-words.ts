// The words of a free-text query, and how many a query may hold: each word of `q` is a look-up in each record kind's
// text indexes, all of them required, so a query's cost grows with its words; a name, an address or a phrase a person
// types holds far fewer than the bound.
import { foldWidth } from './text-fold.js';

/** The most words a `q` may hold: a long English name ("National Federation of …") and a place beside it fit. */
export const MAX_QUERY_WORDS = 10;

/** A query of at most MAX_QUERY_WORDS words, as a JSON Schema pattern (the OpenAPI document's, for clients to check). */
export const QUERY_WORDS_PATTERN = `^\\s*(?:\\S+\\s+){0,${MAX_QUERY_WORDS - 1}}\\S*\\s*$`;

/** The words of a query as the search splits it: at white space, after NFKC (text-fold.ts). */
export function queryWords(q: string): string[] {
  return foldWidth(q)
    .split(/\s+/u)
    .filter((word) => word !== '');
}
