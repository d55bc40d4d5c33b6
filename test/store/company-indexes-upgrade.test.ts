// A file of schema 18 held one document per company term in its trigram and short-gram indexes; opened by this build
// it holds one per company, filled from its terms, and search finds what it found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { demoDatabase } from '../helpers/server.js';
import { backToSchema18 } from '../helpers/older-schema.js';
import { openWritable } from '../../src/store/database-upgrade.js';
import { companyIndexGaps } from '../helpers/company-indexes.js';
import { CompanyQueries } from '../../src/store/company-queries.js';
import { SCHEMA_VERSION } from '../../src/store/schema.js';

test('a file of schema 18 gets a document per company in both indexes, filled from its terms, when opened', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-schema18-')), 'old.sqlite');
  copyFileSync(await demoDatabase(), path);
  // a short key (the short-gram index) and longer ones (the trigram index), partial matches among them
  const keys = [['建設'], ['設'], ['ケンセツ'], ['unyu'], ['ホクシン']];
  const search = (db: Database.Database) => keys.map((k) => new CompanyQueries(db).searchByKeys(k, 20));
  const before = search(new Database(path, { readonly: true }));
  const old = new Database(path);
  backToSchema18(old);
  old.close();
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
  } finally {
    db.close();
  }
});
