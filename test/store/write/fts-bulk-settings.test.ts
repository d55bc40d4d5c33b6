import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { ftsForBulk, NO_MERGING, type BulkFtsOptions } from '../../../src/store/write/fts-bulk-settings.js';
import type { Db } from '../../../src/store/schema/database.js';

const KEEP_MERGING: BulkFtsOptions = { mergeAtEnd: false };

/**
 * A trigram index like the company terms', and enough text to pass FTS5's default 1 MiB hash several times, indexed
 * in `stretches` statements (each one segment at least) as an import indexes its stretches; `beforeEnd` sees it before
 * the settings are set back.
 */
function filled(bulk: BulkFtsOptions | null, stretches = 1, beforeEnd: (db: Db) => void = () => undefined): Db {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE terms (id INTEGER PRIMARY KEY, term TEXT);
    CREATE VIRTUAL TABLE terms_fts USING fts5(term, content='terms', content_rowid='id', tokenize='trigram');`);
  const insert = db.prepare('INSERT INTO terms (id, term) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= 40_000; i++) insert.run(i, `株式会社テスト${i.toString(36)}商事${(i * 7919).toString(36)}`);
  })();
  const size = 40_000 / stretches;
  const index = db.prepare('INSERT INTO terms_fts(rowid, term) SELECT id, term FROM terms WHERE id > ? AND id <= ?');
  db.exec('BEGIN');
  const restore = bulk ? ftsForBulk(db, ['terms_fts'], bulk) : () => undefined;
  for (let from = 0; from < 40_000; from += size) index.run(from, from + size);
  beforeEnd(db);
  restore();
  db.exec('COMMIT');
  return db;
}

/** A value made at its first use, then shared: the filled indexes the tests only read, or write and roll back. */
function shared<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
const plainFilled = shared(() => filled(null));
const bulkFilled = shared(() => filled(KEEP_MERGING));

const segments = (db: Db) =>
  (db.prepare('SELECT count(DISTINCT segid) AS n FROM terms_fts_idx').get() as { n: number }).n;
const setting = (db: Db, name: string) => db.prepare('SELECT v FROM terms_fts_config WHERE k = ?').pluck().get(name);
const hashSetting = (db: Db) => setting(db, 'hashsize');
const matches = (db: Db, phrase: string) =>
  db.prepare('SELECT rowid FROM terms_fts WHERE terms_fts MATCH ? ORDER BY rowid').pluck().all(`"${phrase}"`);

describe('ftsForBulk', () => {
  it('indexes a bulk in one segment where the default hash writes several, with the same matches', () => {
    const plain = plainFilled();
    const bulk = bulkFilled();
    assert.ok(segments(plain) > 1, `the default hash wrote ${segments(plain)} segment(s): the test needs more text`);
    assert.equal(segments(bulk), 1);
    for (const phrase of ['テスト1', '商事a', 'ト2s商'])
      assert.deepEqual(matches(bulk, phrase), matches(plain, phrase));
    bulk.exec("INSERT INTO terms_fts(terms_fts, rank) VALUES ('integrity-check', 1)");
  });

  it('leaves the segments of many statements to be merged whole at its end when asked, then sets merging back', () => {
    const merged = filled(KEEP_MERGING, 20);
    let inBulk = 0;
    const atEnd = filled({ mergeAtEnd: true }, 20, (db) => (inBulk = segments(db)));
    // FTS5 merged the stretches' segments as they piled up; asked not to, it keeps one a statement until the end (it
    // writes a statement's postings out as the next statement begins: the last one's are pending still)
    assert.ok(segments(merged) > 1 && segments(merged) < 19, `merging as they came left ${segments(merged)} segments`);
    assert.equal(inBulk, 19);
    assert.equal(segments(atEnd), 1);
    assert.deepEqual([setting(atEnd, 'automerge'), setting(atEnd, 'crisismerge')], [4, 16]);
    for (const phrase of ['テスト1', '商事a', 'ト2s商'])
      assert.deepEqual(matches(atEnd, phrase), matches(merged, phrase));
    atEnd.exec("INSERT INTO terms_fts(terms_fts, rank) VALUES ('integrity-check', 1)");
  });

  it('merges at once a bulk of more statements than FTS5 holds segments for, rather than failing', () => {
    // FTS5 holds 2,000 segments an index; past the crisis merge's bound they are merged as one
    let inBulk = 0;
    const many = filled({ mergeAtEnd: true }, NO_MERGING.crisismerge, (db) => (inBulk = segments(db)));
    assert.ok(inBulk < NO_MERGING.crisismerge, `${inBulk} segments`);
    many.exec("INSERT INTO terms_fts(terms_fts, rank) VALUES ('integrity-check', 1)");
    assert.deepEqual(matches(many, 'テスト1'), matches(bulkFilled(), 'テスト1'));
  });

  it('holds the raised hash until it is set back to FTS5 default', () => {
    assert.equal(hashSetting(bulkFilled()), 1024 * 1024);
    const db = plainFilled();
    db.exec('BEGIN');
    const restore = ftsForBulk(db, ['terms_fts'], KEEP_MERGING);
    assert.equal(hashSetting(db), 64 * 1024 * 1024);
    restore();
    assert.equal(hashSetting(db), 1024 * 1024);
    db.exec('ROLLBACK');
  });

  it('writes nothing outside the transaction when SQLite rolled it back during the indexing', () => {
    const db = plainFilled();
    db.exec('BEGIN');
    const restore = ftsForBulk(db, ['terms_fts'], KEEP_MERGING);
    // what SQLite does on a full disk: the transaction is gone when the error reaches the caller, who sets back
    db.exec('ROLLBACK');
    restore();
    assert.equal(db.inTransaction, false);
    assert.equal(hashSetting(db), undefined);
  });

  it('needs an open transaction', () => {
    const db = plainFilled();
    assert.throws(() => ftsForBulk(db, ['terms_fts'], KEEP_MERGING), /open transaction/u);
    assert.equal(hashSetting(db), undefined);
  });
});
