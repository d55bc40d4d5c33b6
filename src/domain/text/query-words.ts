// The words of a free-text query, and how many a query may hold: each word of `q` is a look-up in each record kind's
// text indexes, all of them required, so a query's cost grows with its words; a name, an address or a phrase a person
// types holds far fewer than the bound.
import { foldWidth } from './text-fold.js';

/** The most words a `q` may hold: a long English name ("National Federation of …") and a place beside it fit. */
export const MAX_QUERY_WORDS = 10;

/**
 * A query of at most MAX_QUERY_WORDS words, as a JSON Schema pattern (the OpenAPI document's, for clients to check):
 * `\s` is JavaScript's white space, as queryWords splits at it. An optional `q` may be blank (read as absent); a
 * required one holds a word.
 */
export function queryWordsPattern(required: boolean): string {
  return `^\\s*(?:\\S+\\s+){0,${MAX_QUERY_WORDS - 1}}\\S${required ? '+' : '*'}\\s*$`;
}

/**
 * The words of a query as the search splits it: at white space as it was written, each word then folded by NFKC
 * (text-fold.ts). A character NFKC turns into a space and a mark (゛ U+309B, ¸ U+00B8) stays in its word, so that the
 * words are those the document's pattern counts, and a word is looked up as the text it was written in is kept.
 */
export function queryWords(q: string): string[] {
  return q
    .split(/\s+/u)
    .filter((word) => word !== '')
    .map(foldWidth);
}
