// Counts how many records of each kind hold each common trigram of their text, from the kind's trigram index, so
// that a long word of `q` is looked up by its rarest trigrams (textTrigrams) and checked whole in the kept text.
import type { Db } from './database.js';
import { ALL_RECORD_TABLES } from './record-tables.js';
import { docsOfTokens, insertCommonTokens } from './trigram-docs.js';
import { keyTrigrams, textTrigrams } from '../domain/text/index-keys.js';
import { LRUCache } from 'lru-cache';

/**
 * Counts every kind's common trigrams again. A count a later write made stale never changes an answer, only which
 * trigrams a word is looked up by: records are written by imports and collections, whose upkeep calls this.
 */
export function refreshRecordTrigramDocs(db: Db): void {
  db.transaction(() => {
    db.exec('DELETE FROM record_trigram_docs');
    for (const { textIndex } of ALL_RECORD_TABLES) {
      insertCommonTokens(
        db,
        textIndex,
        (vocab) =>
          `INSERT INTO record_trigram_docs (text_index, trigram, docs) SELECT ?, term, doc FROM ${vocab} WHERE doc >= ?`,
        [textIndex],
      );
    }
  })();
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
