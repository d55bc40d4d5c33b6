// Turns a file of this build back into the shape of an older schema, for the upgrade tests: a copy of the demo
// then stands for a file an older build wrote.
import type Database from 'better-sqlite3';
import { ALL_RECORD_TABLES } from '../../src/store/schema/record-tables.js';
import { recordNameIndex } from '../../src/store/schema/schema-record-table.js';

/**
 * Undoes schemas 28 and 29 (the registered spelling on the name terms, in the term index; the rank copies in the index by
 * company): schema 27.
 */
export function backToSchema27(db: Database.Database): void {
  db.exec(`DROP INDEX company_terms_by_company;
    CREATE INDEX company_terms_by_company ON company_terms(company_id, term, field, alias_kind);
    DROP INDEX company_terms_by_term;
    CREATE INDEX company_terms_by_term ON company_terms(term, field_rank, rank_key, field, alias_kind, company_id, legal_form);
    ALTER TABLE company_terms DROP COLUMN registered_name;
    DROP TABLE company_registered_names_state;`);
  db.pragma('user_version = 27');
}

/**
 * Undoes schemas 27 to 29 (the records' printed names and the index of those linked to none, the registered
 * spellings, the rank copies in the index by company): schema 26, its names index over the linker's key again, its record text of an older version.
 */
function backToSchema26(db: Database.Database): void {
  backToSchema27(db);
  for (const { table } of ALL_RECORD_TABLES) {
    db.exec(`DROP INDEX ${table}_by_unlinked_name;
      DROP TRIGGER ${table}_names_ai;
      DROP TRIGGER ${table}_names_ad;
      DROP TRIGGER ${table}_names_au;
      DROP TABLE ${table}_names;
      ALTER TABLE ${table} DROP COLUMN company_name_printed;
      ${recordNameIndex(table)}`);
  }
  db.prepare("UPDATE record_text_version SET version = '4.older'").run();
  db.pragma('user_version = 26');
}

/** Undoes schemas 26 to 29 (the index of the companies with records, the printed names, the registered spellings): schema 25. */
export function backToSchema25(db: Database.Database): void {
  backToSchema26(db);
  db.exec('DROP INDEX companies_with_records');
  db.pragma('user_version = 25');
}

/** Undoes schemas 25 to 29 (the term index in rank order, the index of the companies with records, the printed names, the registered spellings): the file is at schema 24. */
export function backToSchema24(db: Database.Database): void {
  backToSchema25(db);
  db.exec(`DROP INDEX company_terms_by_term;
    ALTER TABLE company_terms DROP COLUMN field_rank;
    CREATE INDEX company_terms_by_term ON company_terms(term, company_id, field, alias_kind, legal_form, rank_key);`);
  db.pragma('user_version = 24');
}

/** Undoes schemas 24 to 29 (the counts of the company long grams): schema 23, its company tokens counted. */
export function backToSchema23(db: Database.Database): void {
  backToSchema24(db);
  db.exec('DROP TABLE company_long_gram_docs');
  db.pragma('user_version = 23');
}

/** Undoes schemas 23 to 29 (the records' kept text and their trigram counts): the file is at schema 22. */
export function backToSchema22(db: Database.Database): void {
  backToSchema23(db);
  for (const { texts } of ALL_RECORD_TABLES) db.exec(`DROP TABLE ${texts}`);
  db.exec('DROP TABLE record_trigram_docs');
  db.pragma('user_version = 22');
}

/** Undoes schemas 22 to 29 (the long-gram index of the company terms, the records' kept text): schema 21. */
export function backToSchema21(db: Database.Database): void {
  backToSchema22(db);
  db.exec('DROP TABLE company_long_grams; DROP TABLE company_long_grams_state;');
  db.pragma('user_version = 21');
}

/** Undoes schemas 19 to 29 (a document per company in the company terms' indexes): schema 18, its indexes empty. */
export function backToSchema18(db: Database.Database): void {
  backToSchema21(db);
  db.exec(`DROP TABLE company_trigrams;
    DROP TABLE company_grams;
    CREATE VIRTUAL TABLE company_terms_fts USING fts5(term, content='company_terms', content_rowid='id', tokenize='trigram');
    CREATE VIRTUAL TABLE company_grams USING fts5(grams, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');`);
  db.pragma('user_version = 18');
}

/** Undoes schemas 15 to 19 (records' change times, runs' link notes, the name index, the company indexes): schema 14. */
function backToSchema14(db: Database.Database): void {
  backToSchema18(db);
  for (const { table } of ALL_RECORD_TABLES) {
    db.exec(`DROP TRIGGER ${table}_names_ai;
      DROP TRIGGER ${table}_names_ad;
      DROP TRIGGER ${table}_names_au;
      DROP TABLE ${table}_names;
      ALTER TABLE ${table} DROP COLUMN changed_at;`);
  }
  db.exec('ALTER TABLE collection_runs DROP COLUMN link_notes');
  db.pragma('user_version = 14');
}

/**
 * Undoes schemas 12 to 17 (records' listing columns and their index, the prefecture index, the successor index, the
 * change times, the runs' link notes, the name index) and says the file is at schema 11, its record documents
 * (which now hold the listing) written by an older build.
 */
export function backToSchema11(db: Database.Database): void {
  backToSchema14(db);
  for (const { table } of ALL_RECORD_TABLES) {
    db.exec(`DROP INDEX ${table}_by_listing;
      DROP INDEX ${table}_by_prefecture;
      ALTER TABLE ${table} DROP COLUMN listing_status;
      ALTER TABLE ${table} DROP COLUMN first_listed_on;
      ALTER TABLE ${table} DROP COLUMN last_listed_on;`);
  }
  db.exec('DROP INDEX companies_by_successor');
  db.prepare("UPDATE record_text_version SET version = 'older'").run();
  db.pragma('user_version = 11');
}
