// A file of schema 18 held one document per company term in its trigram and short-gram indexes; opened by this build
// it holds one per company, filled from its terms, and search finds what it found. A file of schema 21 had no long-gram
// index; opened by this build it has one, filled from its terms. A file of schema 23 had no counts of the long grams;
// opened, it has them. A file of schema 24 kept its term index in company order; opened, it is in rank order. A file
// of schema 25 had no index of the companies with records; opened, it has one, holding exactly those. A file of schema
// 27 kept no registered spelling on its name terms; opened, each name term has the mark of its company's, and a full
// name asked finds the same companies in the same order; one of schema 29 kept the registered names whole, and gets
// their marks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { demoDatabase } from '../helpers/server.js';
import {
  backToSchema18,
  backToSchema21,
  backToSchema23,
  backToSchema24,
  backToSchema25,
  backToSchema27,
} from '../helpers/older-schema.js';
import { registeredNameKey, registeredNameMark } from '../../src/domain/companies/names.js';
import { planCompanySearch } from '../../src/domain/companies/company-search-plan.js';
import { derivedDataIsCurrent, openWritable } from '../../src/store/write/database-upgrade.js';
import { companyIndexGaps } from '../helpers/company-indexes.js';
import { CompanyQueries } from '../../src/store/read/company-queries.js';
import { SCHEMA_VERSION } from '../../src/store/schema/schema.js';

// a short key (the short-gram index), longer ones (the trigram index) and long ones (the long-gram index), partial
// matches among them
const KEYS = [['建設'], ['設'], ['ケンセツ'], ['unyu'], ['ホクシン'], ['kensetsu', 'kensetu'], ['construction']];

/** A copy of the demo turned back to an older schema by `back`, and what search found in it before. */
async function olderDemo(back: (db: Database.Database) => void) {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-older-')), 'old.sqlite');
  copyFileSync(await demoDatabase(), path);
  const before = search(new Database(path, { readonly: true }));
  const old = new Database(path);
  back(old);
  old.close();
  return { path, before };
}

const search = (db: Database.Database) => KEYS.map((k) => new CompanyQueries(db).searchByKeys(k, 20));

/** Every name term holds the mark of its company's registered name; a name of the demo is written each way. */
function assertRegisteredMarks(db: Database.Database): void {
  const names = db
    .prepare<[], { registered_name: string | null; name: string; term: string; legal_form: string | null }>(
      `SELECT t.registered_name, c.name, t.term, c.legal_form FROM company_terms t JOIN companies c ON c.id = t.company_id
       WHERE t.field = 'name'`,
    )
    .all();
  for (const row of names)
    assert.equal(
      row.registered_name,
      registeredNameMark(registeredNameKey(row.name), row.term, row.legal_form),
      row.name,
    );
  const marks = new Set(names.map((row) => row.registered_name));
  assert.ok(marks.has('<') && marks.has('>'), [...marks].join(' '));
}

test('a file of schema 29 that kept the registered names whole gets their marks when opened', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-older-')), 'old.sqlite');
  copyFileSync(await demoDatabase(), path);
  const old = new Database(path);
  old.function('registered_key', (name: unknown) => registeredNameKey(String(name)));
  old.exec(`UPDATE company_terms SET registered_name = registered_key(c.name) FROM companies c
    WHERE c.id = company_terms.company_id AND company_terms.field = 'name'`);
  old.pragma('user_version = 29');
  old.close();
  const db = openWritable(path);
  try {
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assertRegisteredMarks(db);
  } finally {
    db.close();
  }
});

test('a file of schema 27 gets the registered spelling on its name terms when opened, and full names find the same', async () => {
  const fullNames = (db: Database.Database) => {
    const queries = new CompanyQueries(db);
    return db
      .prepare<[], string>('SELECT name FROM companies WHERE legal_form IS NOT NULL ORDER BY id LIMIT 40')
      .pluck()
      .all()
      .map((name) => {
        const plan = planCompanySearch(name);
        assert.equal(plan.kind, 'terms');
        return queries.findByKeys(plan.keys, 20, plan.legalForm, 0, plan.registered).ranked;
      });
  };
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-older-')), 'old.sqlite');
  copyFileSync(await demoDatabase(), path);
  const current = new Database(path, { readonly: true });
  const before = fullNames(current);
  current.close();
  const old = new Database(path);
  backToSchema27(old);
  old.close();
  const db = openWritable(path);
  try {
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assertRegisteredMarks(db);
    const rows = db.prepare<[], { field: string; registered_name: string | null }>('SELECT * FROM company_terms').all();
    assert.ok(rows.filter((row) => row.field !== 'name').every((row) => row.registered_name === null));
    const found = fullNames(db);
    assert.deepEqual(found, before);
    // every full name asked finds its own company first
    assert.ok(found.every((ranked) => ranked.length > 0));
  } finally {
    db.close();
  }
  assert.equal(derivedDataIsCurrent(path), true);
});

test('a file of schema 25 gets the index of the companies with records when opened, and follows the same ones', async () => {
  const { path } = await olderDemo(backToSchema25);
  const ids = new Database(path, { readonly: true }).prepare('SELECT id FROM companies ORDER BY id').pluck().all();
  const db = openWritable(path);
  try {
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    const withRecords = db
      .prepare(
        'SELECT id, corporate_number FROM companies WHERE enforcement_count + procurement_suspension_count + license_action_count > 0 ORDER BY id',
      )
      .raw()
      .all();
    assert.ok(withRecords.length > 0 && withRecords.length < ids.length);
    // the index holds those companies and no other: its entries as ANALYZE counts them
    db.exec('ANALYZE companies_with_records');
    const stat = db.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'companies_with_records'").pluck().get();
    assert.equal(String(stat).split(' ')[0], String(withRecords.length));
    const numbers = new CompanyQueries(db).followed(ids as number[]).corporateNumbers;
    assert.deepEqual(
      numbers,
      withRecords.map((row) => (row as [number, string])[1]),
    );
  } finally {
    db.close();
  }
});

test('a file of schema 24 gets its term index in rank order when opened, and search finds the same', async () => {
  const { path, before } = await olderDemo(backToSchema24);
  const db = openWritable(path);
  try {
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    const columns = db.prepare("SELECT name FROM pragma_index_info('company_terms_by_term')").pluck().all();
    assert.deepEqual(columns, [
      'term',
      'field_rank',
      'rank_key',
      'field',
      'alias_kind',
      'company_id',
      'legal_form',
      'registered_name',
    ]);
    assert.deepEqual(companyIndexGaps(db), []);
    assert.deepEqual(search(db), before);
  } finally {
    db.close();
  }
});

test('a file of schema 23 gets the common long grams of its company terms counted when opened', async () => {
  const { path, before } = await olderDemo(backToSchema23);
  const db = openWritable(path);
  try {
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assert.equal(derivedDataIsCurrent(path), true);
    // the demo's kensetsu and kensetu are in more companies than are counted (COMMON_TOKEN_DOCS)
    const counted = db.prepare('SELECT gram, docs FROM company_long_gram_docs ORDER BY gram').raw().all();
    assert.deepEqual(counted, [
      ['enset', 50],
      ['kense', 41],
      ['nsetu', 50],
    ]);
    assert.ok(Number(db.prepare('SELECT count(*) FROM company_trigram_docs').pluck().get()) > 10, 'trigrams too');
    assert.deepEqual(search(db), before);
  } finally {
    db.close();
  }
});

test('a file of schema 21 gets its long-gram index filled from its terms when opened, and search finds the same', async () => {
  const { path, before } = await olderDemo(backToSchema21);
  const termsOf = (db: Database.Database) => db.prepare('SELECT max(id), count(*) FROM company_terms').raw().get();
  const old = new Database(path, { readonly: true });
  const termsBefore = termsOf(old);
  old.close();
  const db = openWritable(path);
  try {
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    // made from the stored terms, not by writing them again
    assert.deepEqual(termsOf(db), termsBefore);
    assert.equal(derivedDataIsCurrent(path), true);
    const withLongGrams = db.prepare('SELECT count(*) FROM company_long_grams').pluck().get();
    assert.ok(Number(withLongGrams) > 300, `${String(withLongGrams)} documents`);
    assert.deepEqual(companyIndexGaps(db), []);
    assert.deepEqual(search(db), before);
    assert.ok(before.slice(5).every((hits) => hits.some((hit) => hit.match.kind === 'partial')));
  } finally {
    db.close();
  }
});

test('a file of schema 18 gets a document per company in both indexes, filled from its terms, when opened', async () => {
  const { path, before } = await olderDemo(backToSchema18);
  const db = openWritable(path);
  try {
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    const companiesWithTerms = db.prepare('SELECT count(DISTINCT company_id) FROM company_terms').pluck().get();
    assert.ok(Number(companiesWithTerms) > 300);
    assert.equal(db.prepare('SELECT count(*) FROM company_trigrams').pluck().get(), companiesWithTerms);
    assert.deepEqual(companyIndexGaps(db), []);
    assert.deepEqual(search(db), before);
    assert.ok(before.every((hits) => hits.length > 0));
    assert.ok(before.flat().some((hit) => hit.match.kind === 'partial'));
    // the terms written again carry their registered marks, which are not written a second time
    assertRegisteredMarks(db);
  } finally {
    db.close();
  }
});
