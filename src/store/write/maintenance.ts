// Upkeep after a bulk write: merge the full-text indexes and refresh the planner's statistics.
import { COMPANY_FTS_TABLES } from './company-terms-writer.js';
import { companyTermsSinceCount } from '../read/token-counts.js';
import type { Db } from '../schema/database.js';
import { recordPartTables } from './dataset-parts.js';
import { ALL_RECORD_TABLES } from '../schema/record-tables.js';
import { refreshCompanyTrigramDocs, refreshRecordTrigramDocs } from './token-counts.js';

const RECORD_FTS_TABLES = ALL_RECORD_TABLES.flatMap((t) => [t.textIndex, t.gramIndex, t.nameIndex]);

/** Told each step of an upkeep as it begins: at all Japan each reads the whole of what it keeps up. */
type StepSink = (step: string) => void;

/**
 * Trigger-fed FTS5 tables are left in many small segments; merging them makes trigram matches many times faster.
 * The counts of trigrams and long grams steer long company keys and long words of
 * the records' text to their rarest tokens (write/token-counts.ts). ANALYZE lets the planner
 * weigh the indexes.
 */
export function optimiseAfterBulkWrite(db: Db, onStep: StepSink = () => undefined): void {
  onStep('merging the full-text indexes');
  mergeWhole(db, [...COMPANY_FTS_TABLES, ...RECORD_FTS_TABLES]);
  onStep('counting the common trigrams and long grams');
  refreshCompanyTrigramDocs(db);
  refreshRecordTrigramDocs(db);
  onStep('refreshing the statistics');
  refreshStatistics(db);
}

/**
 * The upkeep after records were written (a collection, an import of records): their own full-text indexes, the counts
 * of their text's trigrams and their tables' statistics. The companies' indexes, trigram counts and statistics are the
 * company import's to keep up (upkeepAfterCompanyImport): merging them whole here would undo what it leaves for later,
 * and ANALYZE of every table read all Japan's company tables again at each collection.
 */
export function upkeepAfterRecordWrite(db: Db, onStep: StepSink = () => undefined): void {
  onStep("merging the records' full-text indexes");
  mergeWhole(db, RECORD_FTS_TABLES);
  onStep("counting the common trigrams of the records' text");
  refreshRecordTrigramDocs(db);
  onStep("refreshing the records' statistics");
  refreshStatistics(db, recordStatisticsTables(db));
}

/**
 * The tables a write of records changes and whose statistics the planner reads: the records' part's own tables (the
 * records', their children and kept text, their sources and runs, the vocabularies). A record moves only its company's
 * counts, which no index of the company tables holds (the term index's rank copies change value, not the shape its
 * statistics describe). Not the full-text indexes' tables, which no statement of ours plans a look-up in, nor SQLite's.
 */
function recordStatisticsTables(db: Db): string[] {
  return recordPartTables(db)
    .filter((t) => t.type === 'table' && !t.name.startsWith('sqlite_'))
    .map((t) => t.name);
}

/**
 * Company terms written since the last upkeep (write/token-counts.ts keeps where it was), as a share of those
 * there were then, below which an import of companies leaves the upkeep to a later one.
 */
const COMPANY_UPKEEP_AFTER = 0.05;

/**
 * The upkeep after an import of companies, when enough has changed since the last one. A daily change file
 * writes a few thousandths of all Japan's terms: merging each full-text index whole, counting its trigrams and
 * ANALYZE would read or rewrite every index for statistics that barely move, while FTS5 merges the new segment
 * with the others as they pile up (its automerge). The changes add up, and the upkeep runs once they pass
 * COMPANY_UPKEEP_AFTER of the terms. True when it ran.
 */
export function upkeepAfterCompanyImport(db: Db, onStep?: StepSink): boolean {
  const since = companyTermsSinceCount(db);
  if (since.counted > 0 && since.written < since.counted * COMPANY_UPKEEP_AFTER) return false;
  optimiseAfterBulkWrite(db, onStep);
  return true;
}

/** Each table's segments merged into one ('optimize': nothing to do for one already whole). */
function mergeWhole(db: Db, tables: readonly string[]): void {
  for (const table of tables) db.prepare(`INSERT INTO ${table}(${table}) VALUES ('optimize')`).run();
}

/** ANALYZE of these tables (each with its indexes), or of every table. */
function refreshStatistics(db: Db, tables?: readonly string[]): void {
  if (tables === undefined) db.exec('ANALYZE');
  else for (const table of tables) db.exec(`ANALYZE "${table}"`);
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
