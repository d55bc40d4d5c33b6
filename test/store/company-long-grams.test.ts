// Keys of five letters or more are found through the long-gram index: over the demo (kana, romaji and English terms),
// the companies a long key finds, and their count, are those whose terms hold the key, as a scan of every term finds
// them (the real NTA file: company-count.test.ts); and a company written, renamed or removed is found, or not, by its
// long keys at once.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../../src/store/schema/database.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { CompanyQueries } from '../../src/store/read/company-queries.js';
import { createCompanyTermsWriter } from '../../src/store/write/company-terms-writer.js';
import { demoDatabase } from '../helpers/server.js';
import { companyIndexGaps } from '../helpers/company-indexes.js';
import { assertFoundAsScanned, longKeysOf } from '../helpers/long-keys.js';

let demoPath: string;
before(async () => {
  demoPath = await demoDatabase();
});

test('a long kana, romaji or English key finds the companies whose terms hold it, over the demo', () => {
  const demo = new Database(demoPath, { readonly: true });
  const keys = longKeysOf(demo, 1);
  for (const script of [/^[a-z]+$/u, /^[ァ-ヶー]+$/u])
    assert.ok(keys.filter((k) => script.test(k)).length > 100, `${script}: keys of the script`);
  assertFoundAsScanned(demo, keys);
  demo.close();
});

test('a company written, given other terms or removed is found by its long keys, or not, at once', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-long-grams-')), 'demo.sqlite');
  copyFileSync(demoPath, path);
  const db: Db = openWritable(path);
  const terms = createCompanyTermsWriter(db);
  const queries = new CompanyQueries(db);
  const id = db.prepare<[], number>('SELECT min(id) FROM companies').pluck().get()!;
  const written = (name: string) => ({
    name,
    name_kana: 'ロンググラムショウジ',
    name_en: 'Longgram Trading',
    aliases: [],
  });
  terms.remove(id);
  terms.insert(id, written('株式会社長語彙試験商事'));
  const found = (key: string) => queries.findByKeys([key], 10, null, 0).ids.includes(id);
  assert.ok(found('長語彙試験商事'), 'its name');
  assert.ok(found('ンググラムシヨウ'), 'its reading');
  assert.ok(found('longgramtr'), 'its English name');
  terms.remove(id);
  terms.insert(id, written('株式会社別名称試験商事'));
  assert.equal(found('長語彙試験商事'), false, 'its former terms');
  assert.ok(found('別名称試験商事'), 'its new name');
  terms.remove(id);
  assert.equal(found('別名称試験商事'), false, 'removed');
  assert.deepEqual(companyIndexGaps(db), []);
  db.close();
});
