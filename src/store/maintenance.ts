// Upkeep after a bulk write: merge the full-text indexes and refresh the planner's statistics.
import { refreshCompanyTrigramDocs } from './company-trigram-docs.js';
import type { Db } from './database.js';

const FTS_TABLES = [
  'company_terms_fts', 'company_grams',
  'enforcements_fts', 'procurement_suspensions_fts', 'license_actions_fts',
  'enforcements_grams', 'procurement_suspensions_grams', 'license_actions_grams',
];

/**
 * Trigger-fed FTS5 tables are left in many small segments; merging them made trigram matches about
 * nine times faster on the demo data (bench/README.md). The trigram counts steer long company keys to their
 * rarest trigrams (company-trigram-docs.ts). ANALYZE lets the planner weigh the indexes.
 */
export function optimiseAfterBulkWrite(db: Db): void {
  for (const table of FTS_TABLES) db.prepare(`INSERT INTO ${table}(${table}) VALUES ('optimize')`).run();
  refreshCompanyTrigramDocs(db);
  db.exec('ANALYZE');
}

/**
 * Folds the write-ahead log into the database file after a write made in place. While the server holds the
 * file open, closing the writer leaves the log beside it: the server's queries see the new rows, but the file
 * itself is unchanged, so the server does not notice it should reload what it reads once per file (dataset
 * version, coverage, data_as_of). The checkpoint writes the file, which the server watches.
 */
export function checkpointForReaders(db: Db): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
}
