import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { holdReadTransaction } from '../../src/store/read/store.js';

/** A rollback-journal file, as publishing leaves one, with one row. */
function rollbackJournalFile(): { path: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-held-read-'));
  const path = join(dir, 'data.sqlite');
  const db = new Database(path);
  db.pragma('journal_mode = DELETE');
  db.exec("CREATE TABLE t(v TEXT); INSERT INTO t VALUES ('first')");
  db.close();
  return { path, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Another process writing the file in place, as a new build's schema upgrade does; it waits for no lock. */
function writeFromAnotherProcess(path: string): 'written' | 'busy' {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1], { timeout: 0 });
    try { db.exec("INSERT INTO t VALUES ('second')"); console.log('written'); }
    catch (error) { console.log(error.code === 'SQLITE_BUSY' ? 'busy' : String(error)); }`;
  return execFileSync(process.execPath, ['-e', script, path], { encoding: 'utf8' }).trim() as 'written' | 'busy';
}

function manualTimer() {
  const ticks: (() => void)[] = [];
  return {
    timer: (tick: () => void) => {
      ticks.push(tick);
      return { stop: () => ticks.splice(0) };
    },
    tick: () => ticks.forEach((tick) => tick()),
    running: () => ticks.length > 0,
  };
}

test('a held read transaction keeps an in-place writer out only until it is renewed, and then sees its write', () => {
  const file = rollbackJournalFile();
  const db = new Database(file.path, { readonly: true });
  const clock = manualTimer();
  const end = holdReadTransaction(db, 100, clock.timer);
  try {
    const count = db.prepare('SELECT count(*) AS n FROM t');
    assert.deepEqual(count.get(), { n: 1 });
    assert.equal(writeFromAnotherProcess(file.path), 'busy', 'the read lock is held between statements');
    clock.tick();
    assert.equal(writeFromAnotherProcess(file.path), 'written', 'a renewal lets the writer in');
    assert.deepEqual(count.get(), { n: 2 }, 'and the renewed transaction sees what it wrote');
  } finally {
    end();
    db.close();
    file.done();
  }
});

test('ending a held read transaction stops its renewals and leaves the connection in autocommit', () => {
  const file = rollbackJournalFile();
  const db = new Database(file.path, { readonly: true });
  const clock = manualTimer();
  const end = holdReadTransaction(db, 100, clock.timer);
  try {
    assert.equal(db.inTransaction, true);
    end();
    assert.equal(db.inTransaction, false);
    assert.equal(clock.running(), false);
    db.prepare('SELECT count(*) FROM t').get();
    assert.equal(writeFromAnotherProcess(file.path), 'written', 'no lock is left behind');
  } finally {
    db.close();
    file.done();
  }
});
