// Turns a file of this build back into the shape of an older schema, for the upgrade tests: a copy of the demo
// then stands for a file an older build wrote.
import type Database from 'better-sqlite3';
import { ALL_RECORD_TABLES } from '../../src/store/record-tables.js';

/** Undoes schemas 15 to 17 (records' change times, runs' link notes, the name index): the file is at schema 14. */
function backToSchema14(db: Database.Database): void {
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
