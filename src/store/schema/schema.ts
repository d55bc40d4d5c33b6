// The SQLite schema as an ordered list of migrations; PRAGMA user_version holds the applied version.
import { FIELD_RANK_SQL, RANKED_COMPANY_COLUMNS, rankKeySql } from './company-rank.js';
import { latestVersion, type Migration } from './migrate.js';
import { INITIAL_SCHEMA } from './schema-initial.js';
import { changedColumn, listingColumns, printedNames, recordNameIndex } from './schema-record-table.js';
import { hasLinkedRecordsSql } from './record-tables.js';

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
  {
    version: 19,
    description: "one document per company in the company terms' trigram and short-gram indexes, not one per term",
    // A count of the companies a key finds read every matching term and joined it to its company, row by row: most of
    // a count's cost at a million companies. A document per company (rowid = companies.id) is counted from the index
    // alone. The file's terms are marked of no version, so they are written again, and both indexes filled, when it
    // is opened (company-terms-rebuild.ts); the terms' version moved with it too (company-terms.ts).
    sql: `
DROP TRIGGER IF EXISTS company_terms_ai;
DROP TRIGGER IF EXISTS company_terms_ad;
DROP TABLE company_terms_fts;
DROP TABLE company_grams;
-- a company's terms, space separated (no term holds a space), by trigram
CREATE VIRTUAL TABLE company_trigrams USING fts5(terms, content='', contentless_delete=1, tokenize='trigram');
-- the distinct one- and two-character substrings of a company's names (termGrams), for keys too short for trigrams
CREATE VIRTUAL TABLE company_grams USING fts5(grams, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');
DELETE FROM company_trigram_docs;
DELETE FROM company_trigram_docs_state;
DELETE FROM company_terms_version;
`,
  },
  {
    version: 20,
    description:
      "a company's terms indexed by the company with the terms themselves, so their checks read the index alone",
    // A partial look-up checks each company the trigram index finds for the whole key (instr over its terms), and a
    // followed company gives its names: each read the company's terms row by row from the table, three or four page
    // reads more for every company a common key finds.
    sql: `
DROP INDEX company_terms_by_company;
CREATE INDEX company_terms_by_company ON company_terms(company_id, term, field, alias_kind);
`,
  },
  {
    version: 21,
    description: "a record's documents in its kind's text indexes are keyed by its place in the list, not by its rid",
    // A page of the records whose text matches q sorted every match by date to show ten. Keyed by (date, rid)
    // (record-text-keys.ts), an index gives its matches in the list's order. The records' text is marked of no
    // version, so that every record's documents are written again under their keys when the file is opened
    // (record-text-rebuild.ts).
    sql: `
DELETE FROM record_text_version;
`,
  },
  {
    version: 22,
    description: "each company's long grams, for partial look-ups of long keys",
    // A long kana, romaji or English key was found by its trigrams, and common ones (ken, shi, set) are each in a
    // large share of all companies, whose whole lists FTS5 reads: the cost of such a key grew with the register. A
    // company's distinct runs of five letters and digits (companyLongGrams), one token each, are rare. Positions are
    // kept (detail=full) so that a gram the tokenizer parts in two (a letter its Unicode tables do not know) is
    // still found, as a phrase. Opening the file makes the documents from the stored terms, once
    // (company-terms-rebuild.ts): writing every term again would take many times as long at all Japan.
    sql: `
CREATE VIRTUAL TABLE company_long_grams USING fts5(grams, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');
-- one row once the index holds the documents of the terms stored before it existed; every writer keeps it in step after
CREATE TABLE company_long_grams_state (filled INTEGER NOT NULL);
`,
  },
  {
    version: 23,
    description: "each record's text as its kind's trigram index holds it, and counts of the index's common trigrams",
    // A word of q was found by the phrase of all its trigrams, and a company name's 株式会 and 式会社 are in almost
    // every record: FTS5 walked those lists for every full name asked, a cost that grew with the records. With the
    // text kept (folded as the index compares it) and the common trigrams counted, a long word is found by its rarest
    // trigrams and checked whole in the text (token-counts.ts). The records' text is marked of no version, so
    // that opening the file writes every record's text again, into the new tables too (record-text-rebuild.ts).
    sql: `
CREATE TABLE enforcements_texts (key INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE procurement_suspensions_texts (key INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE license_actions_texts (key INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE record_trigram_docs (
  text_index TEXT NOT NULL,
  trigram    TEXT NOT NULL,
  docs       INTEGER NOT NULL,
  PRIMARY KEY (text_index, trigram)
) WITHOUT ROWID;
DELETE FROM record_text_version;
`,
  },
  {
    version: 24,
    description: "counts of the company long-gram index's common grams, so that a long key is looked up by its rarest",
    // A long key was looked up by the long grams that cover it, and a romanized name's runs (kense, setsu) are each in a
    // large share of all companies: FTS5 read every one of those lists. Counted as the trigrams are (after each
    // company import's upkeep, write/token-counts.ts), the rarest two are read instead. The counts are marked as
    // never taken, so that opening the file takes them (database-upgrade.ts).
    sql: `
CREATE TABLE company_long_gram_docs (gram TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
DELETE FROM company_trigram_docs_state;
`,
  },
  {
    version: 25,
    description: "the term index in rank order within each term, so that an exact look-up reads a name's best first",
    // An exact look-up read a term's first 400 rows in company order and sorted them: a name more companies share
    // was ranked among an arbitrary 400 of them, and SQLite's sort of them cost a common name much of its look-up. The
    // field's rank is a generated column, not an expression of the index, so that the
    // change check reads the index back by its columns (index-readback.ts).
    sql: `
ALTER TABLE company_terms ADD COLUMN field_rank INTEGER GENERATED ALWAYS AS (${FIELD_RANK_SQL}) VIRTUAL;
DROP INDEX company_terms_by_term;
CREATE INDEX company_terms_by_term ON company_terms(term, field_rank, rank_key, field, alias_kind, company_id, legal_form);
`,
  },
  {
    version: 26,
    description: 'the Corporate Numbers of the companies with records, by id, for the records a search follows',
    // A search follows its best 50 companies into the records by the numbers of those with records linked to them. Most
    // of a common name's companies have none, and each was a read of its row on a random page of the largest table;
    // this index holds only the companies with records (a few percent), so a company without costs one probe of it.
    sql: `
CREATE INDEX companies_with_records ON companies(id, corporate_number) WHERE ${hasLinkedRecordsSql()};
`,
  },
  {
    version: 27,
    description:
      'records by their printed company name, office and all, and the records linked to none by name and place',
    // A record is found by the name its publisher printed (「リリカラ（株） 東京流通センター」, an office after the
    // company), which the linker's key (リリカラ) had replaced in the names index: the printed name's key, every legal
    // form left out wherever it stands (printedNameKey), is kept beside it. A company's records that name it without
    // a Corporate Number are read by name key and place from a partial index of the records linked to none: a record
    // linked to another company is never among them. The records' text is marked of no version, so that opening the
    // file writes every record's text and printed name again (record-text-rebuild.ts).
    sql: `
${printedNames('enforcements', 'date')}
${printedNames('procurement_suspensions', 'period_from')}
${printedNames('license_actions', 'date')}
DELETE FROM record_text_version;
`,
  },
];

export const SCHEMA_VERSION = latestVersion(MIGRATIONS);
