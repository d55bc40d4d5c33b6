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

/**
 * A file whose terms were stored before the long-gram index existed gets their documents made from them, once, in
 * one transaction; terms written again (ensureCompanyTermsCurrent, just before) already made theirs. True when it
 * made them.
 */
export function ensureCompanyLongGramsFilled(db: Db): boolean {
  if (companyLongGramsFilled(db)) return false;
  const empty = db.prepare('SELECT 1 FROM company_long_grams LIMIT 1').get() === undefined;
  db.transaction(() => {
    if (empty) indexAllLongGrams(db);
    db.exec('INSERT INTO company_long_grams_state (filled) VALUES (1)');
  })();
  return empty;
}

/** Whether the long-gram index holds the documents of the terms stored before it (a read-only check). */
export function companyLongGramsFilled(db: Db): boolean {
  return db.prepare('SELECT 1 FROM company_long_grams_state').get() !== undefined;
}

/**
 * A file whose terms were stored before they kept the registered spelling of their company's name gets it on the name's
 * rows, once, in one transaction (the term index, which holds it, set aside meanwhile and built once at the end). True when it wrote
 * them.
 */
export function ensureCompanyRegisteredNamesFilled(db: Db): boolean {
  if (companyRegisteredNamesFilled(db)) return false;
  const hasTerms = db.prepare('SELECT 1 FROM company_terms LIMIT 1').get() !== undefined;
  db.transaction(() => {
    if (hasTerms) {
      defineRegisteredName(db);
      const restore = deferIndexes(db, ['company_terms_by_term']);
      db.exec(`UPDATE company_terms SET registered_name = ${registeredNameSql({ field: 'company_terms.field', term: 'company_terms.term' }, 'c')}
        FROM companies c WHERE c.id = company_terms.company_id AND company_terms.field = 'name'`);
      restore();
    }
    db.exec('INSERT INTO company_registered_names_state (filled) VALUES (1)');
  })();
  return hasTerms;
}

/** Whether the name terms hold their registered spelling (a read-only check). */
export function companyRegisteredNamesFilled(db: Db): boolean {
  return db.prepare('SELECT 1 FROM company_registered_names_state').get() !== undefined;
}
