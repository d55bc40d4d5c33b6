import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { raiseFtsHash } from '../../src/store/fts-bulk-hash.js';
import type { Db } from '../../src/store/database.js';

/** A trigram index like the company terms', and enough text to pass FTS5's default 1 MiB hash several times. */
function filled(bulkHash: boolean): Db {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE terms (id INTEGER PRIMARY KEY, term TEXT);
    CREATE VIRTUAL TABLE terms_fts USING fts5(term, content='terms', content_rowid='id', tokenize='trigram');`);
  const insert = db.prepare('INSERT INTO terms (id, term) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= 40_000; i++) insert.run(i, `株式会社テスト${i.toString(36)}商事${(i * 7919).toString(36)}`);
  })();
  const index = () => db.exec('INSERT INTO terms_fts(rowid, term) SELECT id, term FROM terms');
  db.exec('BEGIN');
  const restore = bulkHash ? raiseFtsHash(db, ['terms_fts']) : () => undefined;
  index();
  restore();
  db.exec('COMMIT');
  return db;
}

const segments = (db: Db) =>
  (db.prepare('SELECT count(DISTINCT segid) AS n FROM terms_fts_idx').get() as { n: number }).n;
const hashSetting = (db: Db) => db.prepare("SELECT v FROM terms_fts_config WHERE k = 'hashsize'").pluck().get();
const matches = (db: Db, phrase: string) =>
  db.prepare('SELECT rowid FROM terms_fts WHERE terms_fts MATCH ? ORDER BY rowid').pluck().all(`"${phrase}"`);

describe('raiseFtsHash', () => {
  it('indexes a bulk in one segment where the default hash writes several, with the same matches', () => {
    const plain = filled(false);
    const bulk = filled(true);
    assert.ok(segments(plain) > 1, `the default hash wrote ${segments(plain)} segment(s): the test needs more text`);
    assert.equal(segments(bulk), 1);
    for (const phrase of ['テスト1', '商事a', 'ト2s商'])
      assert.deepEqual(matches(bulk, phrase), matches(plain, phrase));
    bulk.exec("INSERT INTO terms_fts(terms_fts, rank) VALUES ('integrity-check', 1)");
  });

  it('holds the raised hash until it is set back to FTS5 default', () => {
    assert.equal(hashSetting(filled(true)), 1024 * 1024);
    const db = filled(false);
    db.exec('BEGIN');
    const restore = raiseFtsHash(db, ['terms_fts']);
    assert.equal(hashSetting(db), 64 * 1024 * 1024);
    restore();
    assert.equal(hashSetting(db), 1024 * 1024);
    db.exec('ROLLBACK');
  });

  it('writes nothing outside the transaction when SQLite rolled it back during the indexing', () => {
    const db = filled(false);
    db.exec('BEGIN');
    const restore = raiseFtsHash(db, ['terms_fts']);
    // what SQLite does on a full disk: the transaction is gone when the error reaches the caller, who sets back
    db.exec('ROLLBACK');
    restore();
    assert.equal(db.inTransaction, false);
    assert.equal(hashSetting(db), undefined);
  });

  it('needs an open transaction', () => {
    const db = filled(false);
    assert.throws(() => raiseFtsHash(db, ['terms_fts']), /open transaction/u);
    assert.equal(hashSetting(db), undefined);
  });
});
