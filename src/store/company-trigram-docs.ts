// Counts how many companies' terms hold each common trigram, from the trigram index, for the partial look-up's choice of trigrams.
import type { Db } from './database.js';
import { docsOfKey, insertCommonTrigrams } from './trigram-docs.js';

/**
 * A look-up of the counts, one statement a key: for a key, how many companies hold each of its trigrams, 0 for one too
 * rare to be counted.
 */
export function trigramDocsOf(db: Db): (key: string) => (trigram: string) => number {
  const counted = db.prepare<[string], { trigram: string; docs: number }>(
    'SELECT trigram, docs FROM company_trigram_docs WHERE trigram IN (SELECT value FROM json_each(?))',
  );
  return (key) => docsOfKey((trigrams) => counted.all(trigrams), key);
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
    insertCommonTrigrams(
      db,
      'company_trigrams',
      (vocab) => `INSERT INTO company_trigram_docs (trigram, docs) SELECT term, doc FROM ${vocab} WHERE doc >= ?`,
    );
    db.exec('DELETE FROM company_trigram_docs_state');
    db.prepare('INSERT INTO company_trigram_docs_state (terms_max_id) VALUES (?)').run(maxId);
  })();
  return true;
}
