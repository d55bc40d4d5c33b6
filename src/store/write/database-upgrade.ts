// Bringing a database file up to this build: schema migrations, then the search data (company terms, record
// text and grams) that an older normaliser wrote. Writers open files through openWritable, which asks for both.
import { openDatabase, readFile, type Db } from '../schema/database.js';
import { migrate, userVersion } from '../schema/migrate.js';
import { MIGRATIONS } from '../schema/schema.js';
import {
  companyLongGramsFilled,
  companyRegisteredNamesFilled,
  companyTermsAreCurrent,
  ensureCompanyLongGramsFilled,
  ensureCompanyRegisteredNamesFilled,
  ensureCompanyTermsCurrent,
} from './company-terms-rebuild.js';
import { ensureRecordTextCurrent, recordTextIsCurrent } from './record-text-rebuild.js';
import { companyTokensCounted } from '../read/token-counts.js';
import { ensureCompanyTokensCounted } from './token-counts.js';
import { dropStat4Samples } from './maintenance.js';
import { writeNewDatabase } from './new-file.js';

/** Opens (creating if need be) a database for writing, with its schema and search data brought up to date. */
export function openWritable(path: string): Db {
  return openUpgraded(path).db;
}

/**
 * openWritable, telling whether bringing the file up to date wrote to it (a migration applied, search data rebuilt):
 * then a draft of it changed more than its writer says it did (publish.ts).
 */
export function openUpgraded(path: string): { readonly db: Db; readonly upgraded: boolean } {
  const created = writeNewDatabase(path);
  const db = openDatabase(path);
  const version = userVersion(db);
  const migrated = created || migrate(db, MIGRATIONS) !== version;
  // a file an older build analysed holds samples that would make every bound statement plan again
  dropStat4Samples(db);
  const rebuilt = rebuildStaleSearchData(db);
  return { db, upgraded: migrated || rebuilt };
}

/**
 * Rebuilds the search data a new normaliser changes without a schema change: terms written by an older one
 * would not meet today's query keys, and likewise record text and grams (which a file from before the
 * short-gram index lacks); and takes the counts of the company indexes' tokens where they were never taken. True when
 * something was rebuilt.
 */
function rebuildStaleSearchData(db: Db): boolean {
  const terms = ensureCompanyTermsCurrent(db);
  const longGrams = ensureCompanyLongGramsFilled(db);
  const registeredNames = ensureCompanyRegisteredNamesFilled(db);
  const text = ensureRecordTextCurrent(db);
  const counts = ensureCompanyTokensCounted(db);
  return terms || longGrams || registeredNames || text || counts;
}

/**
 * Whether a file of the current schema also holds search terms and record text written by this build;
 * read without changing the file.
 */
export function derivedDataIsCurrent(path: string): boolean {
  return readFile(
    path,
    (db) =>
      companyTermsAreCurrent(db) &&
      companyLongGramsFilled(db) &&
      companyRegisteredNamesFilled(db) &&
      recordTextIsCurrent(db) &&
      companyTokensCounted(db),
  );
}
