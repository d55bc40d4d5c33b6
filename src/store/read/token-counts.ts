// Counts of the full-text indexes' common tokens (trigrams, long grams), as the look-ups read them: a long key of a
// company query, or a long word of `q`, is looked up by its rarest tokens. The counts are taken by
// ../write/token-counts.ts; a token missing from them is taken for a rare one.
import { LRUCache } from 'lru-cache';
import type { Db } from '../schema/database.js';
import { keyTrigrams, longGrams, textTrigrams } from '../../domain/text/index-keys.js';

/** Tokens held by fewer documents are not stored: a token missing from the counts is taken for a rare one. */
export const COMMON_TOKEN_DOCS = 32;

/**
 * For a key, how many documents hold each of its tokens (its trigrams, or its long grams), 0 for one too rare to be
 * counted, from a statement that gives the counted ones of a JSON array of tokens; the statement runs when a count is
 * first asked for.
 */
function docsOfTokens(
  counted: (tokens: string) => readonly { token: string; docs: number }[],
  tokens: readonly string[],
): (token: string) => number {
  let docs: Map<string, number> | undefined;
  return (token) => {
    docs ??= new Map(counted(JSON.stringify(tokens)).map((c) => [c.token, c.docs]));
    return docs.get(token) ?? 0;
  };
}

/** For a key, how many companies hold a token of it, 0 for one too rare to be counted. */
type DocsOfKey = (key: string) => (token: string) => number;

/**
 * The look-ups of the counts, one statement a key each: for a key, how many companies hold each of its trigrams, and
 * each of its long grams.
 */
export function companyTokenDocsOf(db: Db): { readonly trigrams: DocsOfKey; readonly longGrams: DocsOfKey } {
  const trigrams = db.prepare<[string], { token: string; docs: number }>(
    'SELECT trigram AS token, docs FROM company_trigram_docs WHERE trigram IN (SELECT value FROM json_each(?))',
  );
  const grams = db.prepare<[string], { token: string; docs: number }>(
    'SELECT gram AS token, docs FROM company_long_gram_docs WHERE gram IN (SELECT value FROM json_each(?))',
  );
  return {
    trigrams: (key) => docsOfTokens((tokens) => trigrams.all(tokens), keyTrigrams(key)),
    longGrams: (key) => docsOfTokens((tokens) => grams.all(tokens), longGrams(key)),
  };
}

/**
 * The company terms at the last count (by their highest id then) and those written since (ids hand out in order,
 * so the terms written since are the ids above it, rewritten ones included).
 */
export function companyTermsSinceCount(db: Db): { counted: number; written: number } {
  const maxId = db.prepare<[], number | null>('SELECT max(id) FROM company_terms').pluck().get() ?? 0;
  const counted = db.prepare<[], number>('SELECT terms_max_id FROM company_trigram_docs_state').pluck().get() ?? 0;
  return { counted, written: Math.max(0, maxId - counted) };
}

/** Whether the counts need not be taken: they were, or the file has no terms to count (a read-only check). */
export function companyTokensCounted(db: Db): boolean {
  return companyCountsTaken(db) || db.prepare('SELECT 1 FROM company_terms LIMIT 1').get() === undefined;
}

/** Whether the counts were ever taken; before that a long key's look-up cannot be steered by them. */
export function companyCountsTaken(db: Db): boolean {
  return db.prepare('SELECT 1 FROM company_trigram_docs_state').get() !== undefined;
}

/** Words' choices held, per store: a /search answer asks each kind's index the same word for its page and its count. */
const CHOICES_HELD = 4096;

/**
 * The trigrams a word of `q` is looked up by in a text index (textTrigrams), or null for the whole word as a phrase:
 * the counts read once for a word and an index, and only for a word of more than one trigram.
 */
export function recordTextTrigramsOf(db: Db): (textIndex: string, word: string) => string[] | null {
  const counted = db.prepare<[string, string], { token: string; docs: number }>(
    'SELECT trigram AS token, docs FROM record_trigram_docs WHERE text_index = ? AND trigram IN (SELECT value FROM json_each(?))',
  );
  const choices = new LRUCache<string, { readonly trigrams: string[] | null }>({ max: CHOICES_HELD });
  return (textIndex, word) => {
    const key = `${textIndex}\u0000${word}`;
    const held = choices.get(key);
    if (held !== undefined) return held.trigrams;
    const trigrams = textTrigrams(
      word,
      docsOfTokens((tokens) => counted.all(textIndex, tokens), keyTrigrams(word)),
    );
    choices.set(key, { trigrams });
    return trigrams;
  };
}
