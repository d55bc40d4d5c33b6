// Rebuilds every company's search terms when the way names are folded changed (the records' name keys are rebuilt with
// their text: record-text-rebuild.ts, whose version holds this one's).
import { TERMS_VERSION } from '../../domain/companies/company-terms.js';
import type { CompanyAlias } from '../../domain/companies/company.js';
import {
  COMPANY_FTS_TABLES,
  createCompanyTermsWriter,
  defineRegisteredName,
  indexAllLongGrams,
  registeredNameSql,
} from './company-terms-writer.js';
import { deferIndexes } from './deferred-indexes.js';
import type { Db } from '../schema/database.js';

const BATCH = 5000;

interface CompanyNames {
  id: number;
  name: string;
  name_kana: string | null;
  name_en: string | null;
}

/**
 * Terms written by an older build of the normaliser would not meet the keys this build makes of a query,
 * so a file whose terms carry another version gets them rebuilt (once, inside one transaction). A file
 * without companies is simply marked current. True when something was rebuilt.
 */
export function ensureCompanyTermsCurrent(db: Db): boolean {
  if (companyTermsAreCurrent(db)) return false;
  const hasCompanies = db.prepare('SELECT 1 FROM companies LIMIT 1').get() !== undefined;
  db.transaction(() => {
    if (hasCompanies) rebuildTerms(db);
    db.prepare('DELETE FROM company_terms_version').run();
    db.prepare('INSERT INTO company_terms_version (version) VALUES (?)').run(TERMS_VERSION);
    // the terms writer wrote each name's registered mark with it: not to be written again
    markFilled(db, REGISTERED_NAMES_STATE);
  })();
  return hasCompanies;
}

function rebuildTerms(db: Db): void {
  const writer = createCompanyTermsWriter(db);
  writer.startBulk();
  db.exec('DELETE FROM company_terms');
  for (const index of COMPANY_FTS_TABLES) db.exec(`INSERT INTO ${index}(${index}) VALUES ('delete-all')`);
  const page = db.prepare<[number, number], CompanyNames>(
    'SELECT id, name, name_kana, name_en FROM companies WHERE id > ? ORDER BY id LIMIT ?',
  );
  const aliases = db.prepare<[number, number], CompanyAlias & { company_id: number }>(
    'SELECT company_id, kind, name FROM company_aliases WHERE company_id > ? AND company_id <= ? ORDER BY company_id, kind, name',
  );
  let after = 0;
  for (;;) {
    const companies = page.all(after, BATCH);
    const last = companies.at(-1)?.id;
    if (last === undefined) break;
    const byCompany = new Map<number, CompanyAlias[]>();
    for (const a of aliases.all(after, last)) {
      const list = byCompany.get(a.company_id) ?? [];
      list.push({ kind: a.kind, name: a.name });
      byCompany.set(a.company_id, list);
    }
    for (const c of companies) writer.insert(c.id, Object.assign(c, { aliases: byCompany.get(c.id) ?? [] }));
    after = last;
  }
  writer.finishBulk();
}

/** Whether the file's company terms were written by this build's normaliser (a read-only check). */
export function companyTermsAreCurrent(db: Db): boolean {
  const stored = db.prepare<[], { version: number }>('SELECT version FROM company_terms_version').get();
  return stored?.version === TERMS_VERSION;
}

/** The tables that hold one row once a fill of the terms' search data was done for the terms already stored. */
const LONG_GRAMS_STATE = 'company_long_grams_state';
const REGISTERED_NAMES_STATE = 'company_registered_names_state';

/** Whether the fill that `stateTable` keeps was done (a read-only check). */
function filledOnce(db: Db, stateTable: string): boolean {
  return db.prepare(`SELECT 1 FROM ${stateTable}`).get() !== undefined;
}

/** Marks the fill that `stateTable` keeps as done, if it was not. */
function markFilled(db: Db, stateTable: string): void {
  db.exec(`INSERT INTO ${stateTable} (filled) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM ${stateTable})`);
}

/** Runs `fill` once for the file, in one transaction with its mark in `stateTable`; true when `fill` wrote something. */
function fillOnce(db: Db, stateTable: string, fill: () => boolean): boolean {
  if (filledOnce(db, stateTable)) return false;
  return db.transaction(() => {
    const wrote = fill();
    markFilled(db, stateTable);
    return wrote;
  })();
}

/**
 * A file whose terms were stored before the long-gram index existed gets their documents made from them, once, in
 * one transaction; terms written again (ensureCompanyTermsCurrent, just before) already made theirs. True when it
 * made them.
 */
export function ensureCompanyLongGramsFilled(db: Db): boolean {
  return fillOnce(db, LONG_GRAMS_STATE, () => {
    const empty = db.prepare('SELECT 1 FROM company_long_grams LIMIT 1').get() === undefined;
    if (empty) indexAllLongGrams(db);
    return empty;
  });
}

/** Whether the long-gram index holds the documents of the terms stored before it (a read-only check). */
export function companyLongGramsFilled(db: Db): boolean {
  return filledOnce(db, LONG_GRAMS_STATE);
}

/**
 * A file whose name terms were stored without the mark of their company's registered name (registeredNameMark) gets
 * it on them, once, in one transaction, the term index (which holds it) set aside meanwhile and built once at the
 * end; terms written again (ensureCompanyTermsCurrent, just before) already have theirs. True when it wrote them.
 */
export function ensureCompanyRegisteredNamesFilled(db: Db): boolean {
  return fillOnce(db, REGISTERED_NAMES_STATE, () => {
    if (db.prepare('SELECT 1 FROM company_terms LIMIT 1').get() === undefined) return false;
    defineRegisteredName(db);
    const restore = deferIndexes(db, ['company_terms_by_term']);
    const mark = registeredNameSql({ field: 'company_terms.field', term: 'company_terms.term' }, 'c');
    db.exec(`UPDATE company_terms SET registered_name = ${mark}
      FROM companies c WHERE c.id = company_terms.company_id AND company_terms.field = 'name'`);
    restore();
    return true;
  });
}

/** Whether the name terms hold the marks of their registered names (a read-only check). */
export function companyRegisteredNamesFilled(db: Db): boolean {
  return filledOnce(db, REGISTERED_NAMES_STATE);
}
