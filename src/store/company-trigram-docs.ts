// Counts how many companies' terms hold each common trigram and each common long gram, from the trigram and long-gram
// indexes, for the partial look-up's choice of what to read a long key by.
import type { Db } from './database.js';
import { docsOfTokens, insertCommonTokens } from './trigram-docs.js';
import { keyTrigrams, longGrams } from '../domain/text/index-keys.js';

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

/**
 * Recounts when the terms changed since the last count (their highest id moved), so the upkeep after a bulk
 * write that touched no company is cheap. True when it counted. About two seconds for a million companies.
 */
export function refreshCompanyTrigramDocs(db: Db): boolean {
  const maxId = db.prepare<[], { m: number | null }>('SELECT max(id) AS m FROM company_terms').get()?.m ?? 0;
  const state = db.prepare<[], { terms_max_id: number }>('SELECT terms_max_id FROM company_trigram_docs_state').get();
  if (state?.terms_max_id === maxId) return false;
  db.transaction(() => {
    db.exec('DELETE FROM company_trigram_docs');
    insertCommonTokens(
      db,
      'company_trigrams',
      (vocab) => `INSERT INTO company_trigram_docs (trigram, docs) SELECT term, doc FROM ${vocab} WHERE doc >= ?`,
    );
    db.exec('DELETE FROM company_long_gram_docs');
    insertCommonTokens(
      db,
      'company_long_grams',
      (vocab) => `INSERT INTO company_long_gram_docs (gram, docs) SELECT term, doc FROM ${vocab} WHERE doc >= ?`,
    );
    db.exec('DELETE FROM company_trigram_docs_state');
    db.prepare('INSERT INTO company_trigram_docs_state (terms_max_id) VALUES (?)').run(maxId);
  })();
  return true;
}

/**
 * Takes the counts of a file whose terms were never counted (one upgraded to the long grams' counts, schema 24), so
 * that its long keys are looked up by their rarest tokens from the start. True when it counted.
 */
export function ensureCompanyTokensCounted(db: Db): boolean {
  return !companyTokensCounted(db) && refreshCompanyTrigramDocs(db);
}

/** Whether the counts need not be taken: they were, or the file has no terms to count (a read-only check). */
export function companyTokensCounted(db: Db): boolean {
  return companyCountsTaken(db) || db.prepare('SELECT 1 FROM company_terms LIMIT 1').get() === undefined;
}

/** Whether the counts were ever taken; before that a long key's look-up cannot be steered by them. */
export function companyCountsTaken(db: Db): boolean {
  return db.prepare('SELECT 1 FROM company_trigram_docs_state').get() !== undefined;
}
