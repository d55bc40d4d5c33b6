// The MATCH expressions of a record query's free text (`q`): each FTS5 index gets the words it can serve, every
// word quoted.
import { TRIGRAM_MIN_LENGTH } from '../domain/text/index-keys.js';
import { termGrams } from '../domain/companies/company-terms.js';
import { normaliseCompanyName } from '../domain/companies/names.js';
import { foldWidth } from '../domain/text/text-fold.js';

/** The MATCH expressions of a `q`: each index gets the words it can serve, all of them required. */
export interface FreeText {
  /** Words of three characters or more, for the trigram index `<table>_fts`. */
  readonly trigram: string | null;
  /** Shorter words, for the short-gram index `<table>_grams`. */
  readonly grams: string | null;
}

/**
 * Splits `q` at white space after NFKC (the stored text is NFKC-folded too). Words of three characters or
 * more are looked up in the trigram index; shorter ones, which it cannot serve, in the short-gram index,
 * where a word matches as written or as a company-name key (so that とう finds the name key トウ and 髙 finds
 * 高). A short word without a letter or digit has no gram and is left out; null when no word is left, since
 * nothing can match then. Every word reaches FTS5 as a quoted phrase.
 */
export function freeText(q: string): FreeText | null {
  const words = foldWidth(q)
    .split(/\s+/u)
    .filter((w) => w !== '');
  const long = words.filter((w) => [...w].length >= TRIGRAM_MIN_LENGTH);
  const short = words.filter((w) => [...w].length < TRIGRAM_MIN_LENGTH && termGrams(w) !== '');
  if (long.length === 0 && short.length === 0) return null;
  return {
    trigram: long.length === 0 ? null : long.map(ftsPhrase).join(' AND '),
    grams: short.length === 0 ? null : short.map(shortWordMatch).join(' AND '),
  };
}

function shortWordMatch(word: string): string {
  const key = normaliseCompanyName(word);
  // at most two characters, so one token: the gram index keeps no positions and refuses phrases of two
  const alternative =
    key.toLowerCase() !== word.toLowerCase() && termGrams(key) !== '' && [...key].length < TRIGRAM_MIN_LENGTH;
  return alternative ? `(${ftsPhrase(word)} OR ${ftsPhrase(key)})` : ftsPhrase(word);
}

// FTS5 MATCH expressions made from user text: every token reaches the index as a quoted phrase, so no input is
// read as FTS5 syntax (Datasette's habit).
/**
 * An FTS5 MATCH expression that finds the key as a substring: one quoted phrase, quotes doubled. Control
 * characters are dropped: no stored text holds them, and a NUL ends the string SQLite reads (
 * `q=a%00b` answered 500 'unterminated string').
 */
export function ftsPhrase(key: string): string {
  return `"${key.replace(/\p{Cc}/gu, '').replace(/"/gu, '""')}"`;
}

/** An FTS5 MATCH expression that finds the terms holding every one of the trigrams, each quoted. */
export function ftsAllOf(trigrams: readonly string[]): string {
  return trigrams.map(ftsPhrase).join(' AND ');
}
