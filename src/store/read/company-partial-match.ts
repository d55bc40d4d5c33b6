// The index a company key's partial look-up reads, and its MATCH expression: the short-gram, long-gram or trigram
// index, by the key's rarest grams where the counts of common tokens say which, chosen once a key and remembered.
import type { Db } from '../schema/database.js';
import { ftsAllOf, ftsPhrase } from './free-text.js';
import { keyLongGrams, rarestLongGrams, rarestTrigrams, TRIGRAM_MIN_LENGTH } from '../../domain/text/index-keys.js';
import { companyCountsTaken, companyTokenDocsOf } from './token-counts.js';
import { LRUCache } from 'lru-cache';

/** The indexes a partial look-up reads (company-terms-writer.ts). */
type PartialIndex = 'company_grams' | 'company_long_grams' | 'company_trigrams';

/** A partial look-up: its index, its MATCH expression, and whether every company it finds holds the key. */
export interface PartialMatch {
  readonly index: PartialIndex;
  readonly match: string;
  readonly exact: boolean;
}

/** Keys whose partial look-up is held, per reader, and the longest held. */
const PARTIAL_MATCHES_HELD = 4096;
const MAX_KEY_HELD = 256;

export class PartialMatches {
  /** How many companies hold each of a key's trigrams, and each of its long grams (token-counts.ts). */
  private readonly docsOf;
  /**
   * Whether the counts were ever taken; before that a long key is looked up by the long grams that cover it, or as one
   * phrase of trigrams.
   */
  private readonly counted: boolean;
  private readonly held = new LRUCache<string, PartialMatch>({ max: PARTIAL_MATCHES_HELD });

  constructor(db: Db) {
    this.docsOf = companyTokenDocsOf(db);
    this.counted = companyCountsTaken(db);
  }

  /**
   * The index that finds the companies a key is part of, and its MATCH expression: the short-gram index for a key too
   * short for trigrams (it is one gram), the long-gram index for a key with long grams (by its rarest: rarestLongGrams),
   * else the trigram index, by the key's rarest trigrams when it has many (token-counts.ts), by the whole key
   * as a phrase otherwise. `exact` is whether every company the expression finds holds the key in one of its terms;
   * long grams and the rarest trigrams may come from two of its terms.
   */
  of(key: string): PartialMatch {
    // an answer asks the same key for its count and its stages, and a public API is asked the same names again: the
    // choice is read from the counts once; counts taken since would change only which lists are read, never what is
    // found (each company found is checked, or the look-up is exact)
    const held = this.held.get(key);
    if (held !== undefined) return held;
    const chosen = this.choose(key);
    // a key is a client's words: only those of a name's length are held, so that the memory stays bounded
    if (key.length <= MAX_KEY_HELD) this.held.set(key, chosen);
    return chosen;
  }

  private choose(key: string): PartialMatch {
    if ([...key].length < TRIGRAM_MIN_LENGTH) return { index: 'company_grams', match: ftsPhrase(key), exact: true };
    const longGrams = this.counted ? rarestLongGrams(key, this.docsOf.longGrams(key)) : keyLongGrams(key);
    if (longGrams) return { index: 'company_long_grams', match: ftsAllOf(longGrams), exact: false };
    const rarest = this.counted ? rarestTrigrams(key, this.docsOf.trigrams(key)) : null;
    return rarest
      ? { index: 'company_trigrams', match: ftsAllOf(rarest), exact: false }
      : { index: 'company_trigrams', match: ftsPhrase(key), exact: true };
  }
}
