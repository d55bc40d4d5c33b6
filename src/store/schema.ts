// The SQLite schema as an ordered list of migrations; PRAGMA user_version holds the applied version.
import { RANKED_COMPANY_COLUMNS, rankKeySql } from './company-rank.js';
import { latestVersion } from './migrate.js';

export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'companies, records, vocabularies, sources and collection runs',
    sql: `
CREATE TABLE dataset_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE publisher_groups (
  code           TEXT PRIMARY KEY,
  name           TEXT NOT NULL,
  name_en        TEXT NOT NULL,
  sort_order     INTEGER NOT NULL,
  official_total INTEGER
) WITHOUT ROWID;

CREATE TABLE authorities (
  code       TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  name_en    TEXT NOT NULL,
  group_code TEXT NOT NULL REFERENCES publisher_groups(code)
) WITHOUT ROWID;

CREATE TABLE sources (
  id             TEXT PRIMARY KEY,
  publisher_code TEXT NOT NULL REFERENCES authorities(code),
  record_kind    TEXT NOT NULL CHECK (record_kind IN ('enforcement', 'procurement_suspension', 'license_action')),
  url            TEXT NOT NULL,
  title          TEXT NOT NULL,
  format         TEXT,
  parser         TEXT
) WITHOUT ROWID;
CREATE INDEX sources_by_kind ON sources(record_kind, publisher_code);
CREATE INDEX sources_by_publisher ON sources(publisher_code);

CREATE TABLE collection_runs (
  id          INTEGER PRIMARY KEY,
  source_id   TEXT NOT NULL REFERENCES sources(id),
  started_at  TEXT NOT NULL,
  finished_at TEXT,
  outcome     TEXT NOT NULL CHECK (outcome IN ('success', 'not_modified', 'failure')),
  http_status INTEGER,
  bytes       INTEGER,
  records     INTEGER,
  period_from TEXT,
  period_to   TEXT,
  error       TEXT
);
CREATE INDEX collection_runs_by_source ON collection_runs(source_id, outcome, finished_at);

CREATE TABLE companies (
  id                         INTEGER PRIMARY KEY,
  corporate_number           TEXT NOT NULL UNIQUE,
  name                       TEXT NOT NULL,
  name_kana                  TEXT,
  name_en                    TEXT,
  kind_code                  TEXT,
  legal_form                 TEXT NOT NULL,
  prefecture_code            TEXT,
  prefecture                 TEXT,
  city                       TEXT,
  city_code                  TEXT,
  street                     TEXT,
  postal_code                TEXT,
  address_outside            TEXT,
  address_en                 TEXT,
  status                     TEXT NOT NULL CHECK (status IN ('active', 'closed')),
  closed_on                  TEXT,
  close_cause                TEXT,
  successor_corporate_number TEXT,
  updated_on                 TEXT,
  -- the NTA change date of the row that set this state, so an older row never overwrites a newer one
  nta_changed_on             TEXT,
  enforcement_count            INTEGER NOT NULL DEFAULT 0,
  procurement_suspension_count INTEGER NOT NULL DEFAULT 0,
  license_action_count         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX companies_by_prefecture_city ON companies(prefecture_code, city);

CREATE TABLE company_aliases (
  company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  kind       TEXT NOT NULL CHECK (kind IN ('romanized', 'former_name', 'brand', 'english_unverified')),
  name       TEXT NOT NULL,
  PRIMARY KEY (company_id, kind, name)
) WITHOUT ROWID;

-- Every searchable form of a company (name, kana, English name, aliases), normalised.
-- Exact and prefix matches use the b-tree index; partial matches use the trigram index.
CREATE TABLE company_terms (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  field      TEXT NOT NULL CHECK (field IN ('name', 'name_kana', 'name_en', 'alias')),
  alias_kind TEXT,
  term       TEXT NOT NULL
);
CREATE INDEX company_terms_by_term ON company_terms(term);
CREATE INDEX company_terms_by_company ON company_terms(company_id);
CREATE VIRTUAL TABLE company_terms_fts USING fts5(term, content='company_terms', content_rowid='id', tokenize='trigram');
CREATE TRIGGER company_terms_ai AFTER INSERT ON company_terms BEGIN
  INSERT INTO company_terms_fts(rowid, term) VALUES (new.id, new.term);
END;
CREATE TRIGGER company_terms_ad AFTER DELETE ON company_terms BEGIN
  INSERT INTO company_terms_fts(company_terms_fts, rowid, term) VALUES ('delete', old.id, old.term);
END;

${recordTable(
  'enforcements',
  `
  law_code          TEXT NOT NULL,
  law_detail        TEXT,
  action_type       TEXT NOT NULL,
  date              TEXT NOT NULL,
  summary           TEXT NOT NULL,
  summary_en        TEXT,
  amount_jpy        INTEGER`,
  'date',
)}
CREATE INDEX enforcements_by_action_type ON enforcements(action_type, date);
-- every law a record cites (the first is enforcements.law_code), so a filter on any of them finds it
CREATE TABLE enforcement_laws (
  law_code TEXT NOT NULL,
  date     TEXT NOT NULL,
  rid      INTEGER NOT NULL REFERENCES enforcements(rid) ON DELETE CASCADE,
  PRIMARY KEY (law_code, date, rid)
) WITHOUT ROWID;
CREATE INDEX enforcement_laws_by_rid ON enforcement_laws(rid);

${recordTable(
  'procurement_suspensions',
  `
  reason_code       TEXT NOT NULL,
  reason_detail     TEXT NOT NULL,
  period_from       TEXT NOT NULL,
  period_to         TEXT,
  -- set when the source says the suspension was lifted (its date, or the publication date when it gives none)
  lifted_on         TEXT,
  scope             TEXT`,
  'period_from',
)}
CREATE INDEX procurement_suspensions_by_reason ON procurement_suspensions(reason_code, period_from);
CREATE INDEX procurement_suspensions_by_period_to ON procurement_suspensions(period_to);
CREATE INDEX procurement_suspensions_by_lifted ON procurement_suspensions(lifted_on) WHERE lifted_on IS NOT NULL;

${recordTable(
  'license_actions',
  `
  sector_code       TEXT NOT NULL,
  action_type       TEXT NOT NULL,
  nature            TEXT NOT NULL CHECK (nature IN ('violation', 'voluntary_closure', 'other')),
  date              TEXT NOT NULL,
  period_from       TEXT,
  period_to         TEXT,
  reason_detail     TEXT,
  -- a one-off action (no period) starts and ends on its date; a suspension runs over its period
  starts_on         TEXT GENERATED ALWAYS AS (COALESCE(period_from, date)) VIRTUAL,
  ends_on           TEXT GENERATED ALWAYS AS (CASE WHEN period_from IS NULL THEN date ELSE period_to END) VIRTUAL`,
  'date',
)}
CREATE INDEX license_actions_by_action_type ON license_actions(action_type, date);
CREATE INDEX license_actions_by_nature ON license_actions(nature, date);
CREATE INDEX license_actions_by_starts_on ON license_actions(starts_on);
CREATE INDEX license_actions_by_ends_on ON license_actions(ends_on);
-- sector_codes: every affected sector, the primary one included
CREATE TABLE license_action_sectors (
  sector_code TEXT NOT NULL,
  date        TEXT NOT NULL,
  rid         INTEGER NOT NULL REFERENCES license_actions(rid) ON DELETE CASCADE,
  PRIMARY KEY (sector_code, date, rid)
) WITHOUT ROWID;
CREATE INDEX license_action_sectors_by_rid ON license_action_sectors(rid);
CREATE TABLE license_action_permits (
  rid         INTEGER NOT NULL REFERENCES license_actions(rid) ON DELETE CASCADE,
  position    INTEGER NOT NULL,
  sector_code TEXT NOT NULL,
  number      TEXT,
  PRIMARY KEY (rid, position)
) WITHOUT ROWID;
`,
  },
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
];

export const SCHEMA_VERSION = latestVersion(MIGRATIONS);

/**
 * A record table's listing columns, filled for the records it holds: their source's date, else the Japan day of
 * their retrieval (UTC + 9 hours).
 */
function listingColumns(table: string, orderColumn: string): string {
  const editionDay = "coalesce(published_on, date(retrieved_at, '+9 hours'))";
  return `
ALTER TABLE ${table} ADD COLUMN listing_status TEXT NOT NULL DEFAULT 'listed' CHECK (listing_status IN ('listed', 'delisted'));
ALTER TABLE ${table} ADD COLUMN first_listed_on TEXT;
ALTER TABLE ${table} ADD COLUMN last_listed_on TEXT;
UPDATE ${table} SET first_listed_on = ${editionDay}, last_listed_on = ${editionDay};
CREATE INDEX ${table}_by_listing ON ${table}(listing_status, ${orderColumn});`;
}

/** A record table's change time (an RFC 3339 instant in UTC), filled for the records it holds. */
function changedColumn(table: string): string {
  return `
ALTER TABLE ${table} ADD COLUMN changed_at TEXT;
UPDATE ${table} SET changed_at = strftime('%Y-%m-%dT%H:%M:%SZ', first_listed_on, '-9 hours');`;
}

/**
 * The trigram index of a record table's company name key, kept in step by triggers (records are written a few
 * thousand at a time, and the key changes when names are folded anew: company-terms-rebuild.ts), filled for the
 * records the table already holds.
 */
function recordNameIndex(table: string): string {
  const index = `${table}_names`;
  return `
CREATE VIRTUAL TABLE ${index} USING fts5(company_name_norm, content='${table}', content_rowid='rid', tokenize='trigram');
INSERT INTO ${index}(${index}) VALUES ('rebuild');
CREATE TRIGGER ${index}_ai AFTER INSERT ON ${table} BEGIN
  INSERT INTO ${index}(rowid, company_name_norm) VALUES (new.rid, new.company_name_norm);
END;
CREATE TRIGGER ${index}_ad AFTER DELETE ON ${table} BEGIN
  INSERT INTO ${index}(${index}, rowid, company_name_norm) VALUES ('delete', old.rid, old.company_name_norm);
END;
CREATE TRIGGER ${index}_au AFTER UPDATE OF company_name_norm ON ${table} BEGIN
  INSERT INTO ${index}(${index}, rowid, company_name_norm) VALUES ('delete', old.rid, old.company_name_norm);
  INSERT INTO ${index}(rowid, company_name_norm) VALUES (new.rid, new.company_name_norm);
END;`;
}

/** The columns every record kind shares, its indexes, and its trigram index for `q`. */
function recordTable(table: string, columns: string, orderColumn: string): string {
  return `
CREATE TABLE ${table} (
  rid                       INTEGER PRIMARY KEY,
  id                        TEXT NOT NULL UNIQUE,
  source_id                 TEXT NOT NULL REFERENCES sources(id),
  source_key                TEXT NOT NULL,
  company_corporate_number  TEXT,
  company_name              TEXT NOT NULL,
  company_name_norm         TEXT NOT NULL,
  company_name_en           TEXT,
  company_link              TEXT CHECK (company_link IN ('source', 'name_address')),
  company_prefecture_code   TEXT,
  company_address           TEXT,
  authority_code            TEXT NOT NULL REFERENCES authorities(code),
  source_url                TEXT NOT NULL,
  source_title              TEXT NOT NULL,
  published_on              TEXT,
  retrieved_at              TEXT NOT NULL,${columns}
);
CREATE INDEX ${table}_by_company ON ${table}(company_corporate_number, ${orderColumn});
CREATE INDEX ${table}_by_company_name ON ${table}(company_name_norm, ${orderColumn});
CREATE INDEX ${table}_by_authority ON ${table}(authority_code, ${orderColumn});
CREATE INDEX ${table}_by_${orderColumn} ON ${table}(${orderColumn});
CREATE INDEX ${table}_by_source ON ${table}(source_id);
-- free text for q: company name, summary or reason, law and authority labels (filled by the writer)
CREATE VIRTUAL TABLE ${table}_fts USING fts5(text, content='', contentless_delete=1, tokenize='trigram');
`;
}
