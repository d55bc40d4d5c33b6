// Upkeep after a bulk write: merge the full-text indexes and refresh the planner's statistics.
import { refreshCompanyTrigramDocs } from './company-trigram-docs.js';
import type { Db } from './database.js';
import { ALL_RECORD_TABLES } from './record-tables.js';

const FTS_TABLES = [
  'company_terms_fts',
  'company_grams',
  ...ALL_RECORD_TABLES.flatMap((t) => [t.textIndex, t.gramIndex, t.nameIndex]),
];

/**
 * Trigger-fed FTS5 tables are left in many small segments; merging them made trigram matches many times faster
 * on the demo data (bench/README.md). The trigram counts steer long company keys to their
 * rarest trigrams (company-trigram-docs.ts). ANALYZE lets the planner weigh the indexes.
 */
export function optimiseAfterBulkWrite(db: Db): void {
  for (const table of FTS_TABLES) db.prepare(`INSERT INTO ${table}(${table}) VALUES ('optimize')`).run();
  refreshCompanyTrigramDocs(db);
  db.exec('ANALYZE');
  dropStat4Samples(db);
}

/**
 * better-sqlite3 builds SQLite with STAT4, so ANALYZE also keeps sample rows of each index. A statement whose plan
 * could weigh a bound value against those samples is planned again every time a value is bound to it: every run,
 * since better-sqlite3 binds on each call. That re-planning was a noticeable share of a record answer's CPU and a
 * larger one of a company search's, for plans that came out the same: every read statement is driven by an index the
 * averages of sqlite_stat1 already choose (test/store/query-plans.test.ts). Without samples a bound value never
 * invalidates a plan.
 */
export function dropStat4Samples(db: Db): void {
  const held =
    db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat4'").get() !== undefined;
  if (!held || db.prepare('DELETE FROM sqlite_stat4').run().changes === 0) return;
  // the samples are read when the schema is loaded: this connection drops the ones it already holds
  db.exec('ANALYZE sqlite_schema');
}
