// Migration 1: the dataset's first schema (companies, records of each kind, vocabularies, sources and collection
// runs); the migrations after it, in schema.ts, change it step by step.
import type { Migration } from './migrate.js';
import { recordTable } from './schema-record-table.js';

export const INITIAL_SCHEMA: Migration = {
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
};
