// The SQLite schema as an ordered list of migrations; PRAGMA user_version holds the applied version.
import { RANKED_COMPANY_COLUMNS, rankKeySql } from './company-rank.js';
import { latestVersion, type Migration } from './migrate.js';
import { INITIAL_SCHEMA } from './schema-initial.js';
import { changedColumn, listingColumns, recordNameIndex } from './schema-record-table.js';
import { MIGRATIONS_SINCE_19 } from './schema-since-19.js';

export const MIGRATIONS: readonly Migration[] = [
  INITIAL_SCHEMA,
  {
    version: 2,
    description: 'HTTP state of each collected source, for conditional requests',
    sql: `
-- What the publisher said about the list we last published from each source: sent back as
-- If-None-Match / If-Modified-Since, and the body hash for servers that ignore both.
CREATE TABLE source_http_state (
  source_id      TEXT PRIMARY KEY REFERENCES sources(id),
  etag           TEXT,
  last_modified  TEXT,
  content_sha256 TEXT NOT NULL,
  updated_at     TEXT NOT NULL
) WITHOUT ROWID;
`,
  },
  {
    version: 3,
    description: 'short-gram index of company terms, for partial matches of one- and two-character queries',
    sql: `
-- One document per company term (rowid = company_terms.id): its distinct one- and two-character substrings,
-- space separated (termGrams), so that 花王, 東レ or 花 find names that contain them, not only those that start
-- with them. Written by the company terms writer; the terms themselves are rebuilt when their version changes.
CREATE VIRTUAL TABLE company_grams USING fts5(grams, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');
-- the TERMS_VERSION the stored terms were written with (one row); other versions are rebuilt on open
CREATE TABLE company_terms_version (version INTEGER NOT NULL);
`,
  },
  {
    version: 4,
    description: 'the body each source counts for in the coverage ratio (a regional bureau counts for its ministry)',
    sql: `
-- The official totals count bodies (the 19 各省各庁), not publishers: a bureau's list counts for its ministry
-- (the registry's counts_for). NULL, as a source added by a record import has it, means the publisher itself.
ALTER TABLE sources ADD COLUMN counted_body TEXT REFERENCES authorities(code);
UPDATE sources SET counted_body = publisher_code;
`,
  },
  {
    version: 5,
    description: 'short-gram index of each record table, for q words of one and two characters',
    sql: `
-- One document per record (rowid = rid): the one- and two-character grams of each line of its search text
-- (recordSearchGrams), so that 談合, 指示 or 東レ find records whose summary, reason, labels or company name
-- contain them. Written by the record writer beside <table>_fts. detail=none keeps no positions: a query is
-- single grams, never a phrase of two tokens (freeText sends words of at most two characters here).
CREATE VIRTUAL TABLE enforcements_grams USING fts5(grams, content='', contentless_delete=1, detail=none, tokenize='unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE procurement_suspensions_grams USING fts5(grams, content='', contentless_delete=1, detail=none, tokenize='unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE license_actions_grams USING fts5(grams, content='', contentless_delete=1, detail=none, tokenize='unicode61 remove_diacritics 0');
-- the recordTextVersion() the stored text and grams were written at (one row); empty here, so that opening
-- the file for writing fills the new grams of the records it already holds
CREATE TABLE record_text_version (version TEXT NOT NULL);
`,
  },
  {
    version: 6,
    description: 'trigram counts, so long company keys are looked up by their rarest trigrams; a covering term index',
    sql: `
-- Counted from company_terms_fts after bulk writes (refreshCompanyTrigramDocs), only for trigrams held by many
-- terms; a long key is looked up by its rarest trigrams and checked whole, rather than walking the long lists
-- of every trigram it has. Stale counts cost speed, never results.
CREATE TABLE company_trigram_docs (trigram TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
-- the highest company_terms id when the counts were taken, so that an unchanged index is not counted again
CREATE TABLE company_trigram_docs_state (terms_max_id INTEGER NOT NULL);
-- The term index carries what ranking reads of each matching term, so that exact and prefix look-ups of a
-- common term (山本, a one-character prefix) never visit the table row by row.
DROP INDEX company_terms_by_term;
CREATE INDEX company_terms_by_term ON company_terms(term, company_id, field, alias_kind);
`,
  },
  {
    version: 7,
    description: "a run keeps its parser's warnings and the rows it skipped on purpose",
    sql: `
-- JSON arrays: warnings as sentences, skipped rows as 1-based row numbers; null for runs that read no list
ALTER TABLE collection_runs ADD COLUMN warnings TEXT;
ALTER TABLE collection_runs ADD COLUMN skipped_rows TEXT;
`,
  },
  {
    version: 8,
    description: 'laws and sectors keep the order the record gives them',
    sql: `
-- 0 for the primary code, then the order the source gave; null in rows written before (read back by code)
ALTER TABLE enforcement_laws ADD COLUMN position INTEGER;
ALTER TABLE license_action_sectors ADD COLUMN position INTEGER;
`,
  },
  {
    version: 9,
    description:
      'each company term carries what ranking reads of its company, so search ranks from the term index alone',
    sql: `
-- Copies of the company's legal form and rank key (company-rank.ts) on each of its terms: ranking a candidate
-- term then needs no look-up of its company. The terms writer fills them; the trigger keeps them in step.
ALTER TABLE company_terms ADD COLUMN legal_form TEXT;
ALTER TABLE company_terms ADD COLUMN rank_key INTEGER;
UPDATE company_terms SET legal_form = c.legal_form, rank_key = ${rankKeySql('c')}
  FROM companies c WHERE c.id = company_terms.company_id;
DROP INDEX company_terms_by_term;
CREATE INDEX company_terms_by_term ON company_terms(term, company_id, field, alias_kind, legal_form, rank_key);
CREATE TRIGGER companies_rank_au AFTER UPDATE OF ${RANKED_COMPANY_COLUMNS.join(', ')} ON companies
WHEN ${RANKED_COMPANY_COLUMNS.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')}
BEGIN
  UPDATE company_terms SET legal_form = new.legal_form, rank_key = ${rankKeySql('new')} WHERE company_id = new.id;
END;
`,
  },
  {
    version: 10,
    description: 'each record keeps its document, the record as a page returns it',
    sql: `
-- The record as JSON, read back with its child rows (store/record-docs.ts): a page reads this one value a record
-- instead of its columns and child rows. The writer fills it; opening the file for writing fills it for the records
-- already held (RECORD_TEXT_VERSION 2).
ALTER TABLE enforcements ADD COLUMN doc TEXT;
ALTER TABLE procurement_suspensions ADD COLUMN doc TEXT;
ALTER TABLE license_actions ADD COLUMN doc TEXT;
`,
  },
  {
    version: 11,
    description: 'no STAT4 samples: a bound value never makes SQLite plan a statement again',
    // Nothing changes in the tables: the samples an older build's ANALYZE left are dropped when a writer opens the
    // file (openWritable) and after every ANALYZE (store/maintenance.ts, dropStat4Samples), and sqlite_stat4 exists
    // only after an ANALYZE. The version makes the server's start upgrade a file that may still hold them.
    sql: `
SELECT 1;
`,
  },
  {
    version: 12,
    description:
      "records outlive their source's list: each keeps its listing (listed or delisted, first and last listed on)",
    // Records already held were read from one edition, their source's current one: listed, first and last on its
    // date (the list's own, else the day it was retrieved in Japan, as record-validation.ts gives a new record).
    // The listing index lets `listing=` narrow a walk down the order column (query-plans.test.ts).
    sql: `
${listingColumns('enforcements', 'date')}
${listingColumns('procurement_suspensions', 'period_from')}
${listingColumns('license_actions', 'date')}
`,
  },
  {
    version: 13,
    description: "records by their company's prefecture, for the prefecture filter",
    // The prefecture filter narrows the others, and the planner may lead with it when it is the rarer term:
    // its index keeps the list order after the prefecture, so that such a walk stops once the page is full.
    sql: `
CREATE INDEX IF NOT EXISTS enforcements_by_prefecture ON enforcements(company_prefecture_code, date);
CREATE INDEX IF NOT EXISTS procurement_suspensions_by_prefecture ON procurement_suspensions(company_prefecture_code, period_from);
CREATE INDEX IF NOT EXISTS license_actions_by_prefecture ON license_actions(company_prefecture_code, date);
`,
  },
  {
    version: 14,
    description: 'companies by their successor, for the records and record counts of the companies merged into one',
    // Few companies name a successor: a partial index holds only those, and a company with none costs one probe.
    sql: `
CREATE INDEX IF NOT EXISTS companies_by_successor ON companies(successor_corporate_number) WHERE successor_corporate_number IS NOT NULL;
`,
  },
  {
    version: 15,
    description: 'when each record reached Kohyo or last changed, for the Atom feeds',
    // The writer sets it (record-writer.ts). Records already held get the start, in Japan, of the first edition
    // that held them: the closest to their arrival the file knows.
    sql: `
${changedColumn('enforcements')}
${changedColumn('procurement_suspensions')}
${changedColumn('license_actions')}
`,
  },
  {
    version: 16,
    description: 'a run keeps why its records were linked to companies where more than name and city decided it',
    sql: `
-- JSON array of sentences (prepare-records.ts, link notes); null for runs that read no list or were recorded before
ALTER TABLE collection_runs ADD COLUMN link_notes TEXT;
`,
  },
  {
    version: 17,
    description: "records by any part of their company's name key, for `company=` on records no company was found for",
    // `company=` found a record no Corporate Number links only when its name key started with the query's
    // (company_name_norm's index): 若旦那 missed 便利屋若旦那. A trigram index of the name key alone finds
    // it anywhere in the name, as `q` finds company names; the text index also holds summaries and labels.
    sql: `
${recordNameIndex('enforcements')}
${recordNameIndex('procurement_suspensions')}
${recordNameIndex('license_actions')}
`,
  },
  {
    version: 18,
    description:
      "each run keeps its edition's date and how it was obtained, and what retention removed; an edition older than those merged is a skipped run",
    // SQLite cannot change a CHECK constraint in place: the table is written again with 'skipped' among the
    // outcomes, its rows copied under the same ids (the newest run is the highest id).
    sql: `
CREATE TABLE collection_runs_v18 (
  id                   INTEGER PRIMARY KEY,
  source_id            TEXT NOT NULL REFERENCES sources(id),
  started_at           TEXT NOT NULL,
  finished_at          TEXT,
  outcome              TEXT NOT NULL CHECK (outcome IN ('success', 'not_modified', 'skipped', 'failure')),
  http_status          INTEGER,
  bytes                INTEGER,
  records              INTEGER,
  period_from          TEXT,
  period_to            TEXT,
  error                TEXT,
  warnings             TEXT,
  skipped_rows         TEXT,
  link_notes           TEXT,
  -- the date of the edition a successful run merged, and how it was obtained (domain/edition-date.ts)
  edition_on           TEXT,
  edition_date_source  TEXT CHECK (edition_date_source IN ('printed', 'latest_record', 'last_modified', 'collected')),
  -- records of the source the run removed under KOHYO_DELISTED_RETENTION_DAYS
  removed_by_retention INTEGER
);
INSERT INTO collection_runs_v18(id, source_id, started_at, finished_at, outcome, http_status, bytes, records,
    period_from, period_to, error, warnings, skipped_rows, link_notes)
  SELECT id, source_id, started_at, finished_at, outcome, http_status, bytes, records,
    period_from, period_to, error, warnings, skipped_rows, link_notes FROM collection_runs;
DROP TABLE collection_runs;
ALTER TABLE collection_runs_v18 RENAME TO collection_runs;
CREATE INDEX collection_runs_by_source ON collection_runs(source_id, outcome, finished_at);
`,
  },
  ...MIGRATIONS_SINCE_19,
];

export const SCHEMA_VERSION = latestVersion(MIGRATIONS);
