// Taking the counts of the full-text indexes' common tokens (trigrams, long grams) that the look-ups read
// (../read/token-counts.ts): the companies' after their terms change, the records' after an import or a collection.
import type { Db } from '../schema/database.js';
import { ALL_RECORD_TABLES } from '../schema/record-tables.js';
import { COMMON_TOKEN_DOCS, companyTokensCounted } from '../read/token-counts.js';

/**
 * Runs `insertSelect`, an INSERT … SELECT from the table named `vocab` (each term of `index` with the number of
 * documents holding it: fts5vocab reads the index's own term list), with `params` and then COMMON_TOKEN_DOCS bound.
 */
function insertCommonTokens(
  db: Db,
  index: string,
  insertSelect: (vocab: string) => string,
  params: readonly string[] = [],
): void {
  const vocab = `temp.${index}_vocab`;
  db.exec(`CREATE VIRTUAL TABLE ${vocab} USING fts5vocab(main, ${index}, row)`);
  try {
    db.prepare(insertSelect(vocab)).run(...params, COMMON_TOKEN_DOCS);
  } finally {
    db.exec(`DROP TABLE ${vocab}`);
  }
}

/**
 * Recounts when the terms changed since the last count (their highest id moved), so the upkeep after a bulk
 * write that touched no company is cheap. True when it counted.
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
 * Takes the counts of a file whose terms were never counted (one upgraded from before the long grams' counts), so
 * that its long keys are looked up by their rarest tokens from the start. True when it counted.
 */
export function ensureCompanyTokensCounted(db: Db): boolean {
  return !companyTokensCounted(db) && refreshCompanyTrigramDocs(db);
}

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
