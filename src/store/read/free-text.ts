// The MATCH expressions of a record query's free text (`q`) and the SQL of their matches: each FTS5 index gets the
// words it can serve, every word quoted.
import { TRIGRAM_MIN_LENGTH } from '../../domain/text/index-keys.js';
import { termGrams } from '../../domain/companies/company-terms.js';
import { normaliseCompanyName, piecesAroundLegalForms } from '../../domain/companies/names.js';
import { foldAsTextIndex } from '../../domain/text/text-fold.js';
import { queryWords } from '../../domain/text/query-words.js';
import { memoRecent } from '../../lib/memo.js';
import type { SqlFragment } from './sql-fragment.js';
import { ridOfTextKey } from './record-text-keys.js';

/** The words of a `q` for each index: each index gets the words it can serve, all of them required. */
export interface FreeText {
  /**
   * Words of three characters or more, for the trigram index `<table>_fts` (trigramMatch): folded as the index holds
   * the text (foldAsTextIndex), without control characters (ftsPhrase says why).
   */
  readonly words: readonly string[];
  /** The MATCH expression of the shorter words, for the short-gram index `<table>_grams`. */
  readonly grams: string | null;
}

/**
 * Splits `q` at white space after NFKC (the stored text is NFKC-folded too), and at the legal forms a word writes,
 * which are left out: a record may write its company's form another way (㈱, 株式会社) or at another place (an office
 * after it), so 「リリカラ（株）東京流通センター」 asks for リリカラ and 東京流通センター; a `q` of forms and marks alone
 * (「．（株）」, a name the list printed without its words) is asked as written. Words of three characters or more are looked up in the trigram index; shorter ones, which it
 * cannot serve, in the short-gram index, where a word matches as written or as a company-name key (so that とう finds
 * the name key トウ and 髙 finds 高). A short word without a letter or digit has no gram and is left out; null when
 * no word is left, since nothing can match then. Every word reaches FTS5 as a quoted phrase. Remembered for the last
 * few `q`: an answer of /search reads it for each part of each kind.
 */
export const freeText: (q: string) => FreeText | null = memoRecent(readFreeText);

function readFreeText(q: string): FreeText | null {
  const written = queryWords(q);
  const pieces = written.flatMap(piecesAroundLegalForms).filter((piece) => /[\p{L}\p{N}]/u.test(piece));
  const words = pieces.length > 0 ? pieces : written;
  const long = words.filter((w) => [...w].length >= TRIGRAM_MIN_LENGTH);
  const short = words.filter((w) => [...w].length < TRIGRAM_MIN_LENGTH && termGrams(w) !== '');
  if (long.length === 0 && short.length === 0) return null;
  return {
    words: long.map((word) => foldAsTextIndex(withoutControls(word))),
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
  return `"${withoutControls(key).replace(/"/gu, '""')}"`;
}

function withoutControls(text: string): string {
  return text.replace(/\p{Cc}/gu, '');
}

/** The trigrams to look a word up by in a text index, or null for the whole word as a phrase (textTrigrams). */
export type TextTrigramChoice = (word: string) => string[] | null;

/** The trigram index's MATCH expression for the long words of a `q`, and the words each record it finds must hold. */
export interface TrigramMatch {
  readonly match: string;
  /** Words looked up by some of their trigrams (textTrigrams), to be found whole in each record's kept text. */
  readonly checks: readonly string[];
}

/**
 * Each word as a phrase, or, where the counts show common trigrams in it (a company name's 株式会), by its rarest
 * trigrams (`choose`, absent without counts) and then checked whole: every word required.
 */
export function trigramMatch(words: readonly string[], choose: TextTrigramChoice | undefined): TrigramMatch {
  const parts: string[] = [];
  const checks: string[] = [];
  for (const word of words) {
    const trigrams = choose === undefined ? null : choose(word);
    parts.push(trigrams === null ? ftsPhrase(word) : ftsAllOf(trigrams));
    if (trigrams !== null) checks.push(word);
  }
  return { match: parts.join(' AND '), checks };
}

/** An FTS5 MATCH expression that finds the terms holding every one of the trigrams, each quoted. */
export function ftsAllOf(trigrams: readonly string[]): string {
  return trigrams.map(ftsPhrase).join(' AND ');
}

/**
 * One text index's matches: the index and its MATCH value, and the words each match's kept text must hold (none for
 * an exact MATCH); the index's rowids list them in order (record-text-keys.ts).
 */
export interface TextMatch {
  readonly index: string;
  readonly match: string;
  /** The kept text of the index's documents (RecordTable.texts), read when there are checks. */
  readonly texts: string;
  readonly checks: readonly string[];
}

/** The FROM and WHERE of a query's text matches, and their parameters. */
export interface TextMatchSql {
  readonly from: string;
  readonly where: string;
  readonly params: readonly string[];
}

/**
 * The FROM and WHERE of a text index's matches, each record's kept text checked for the words when there are any: the
 * index first (CROSS JOIN), then one look-up of the text for each document it finds.
 */
export function textMatchSql({ index, match, texts, checks }: TextMatch): TextMatchSql {
  const join = checks.length === 0 ? '' : ` CROSS JOIN ${texts} x ON x.key = ${index}.rowid`;
  const held = checks.map(() => ' AND instr(x.text, ?) > 0').join('');
  return { from: `${index}${join}`, where: `${index} MATCH ?${held}`, params: [match, ...checks] };
}

/** The record ids of a text index's matches. */
export function textMatchRids(textMatch: TextMatch): SqlFragment {
  const { from, where, params } = textMatchSql(textMatch);
  return {
    sql: `SELECT ${ridOfTextKey(`${textMatch.index}.rowid`)} AS rid FROM ${from} WHERE ${where}`,
    params: [...params],
  };
}
