// Long words of `q` looked up by their rarest trigrams and checked whole in the records' kept text
// (record-trigram-docs.ts, free-text.ts): they find and count exactly the records a scan of every kept text finds,
// and exactly what the whole word as a phrase found, on every page.
import { test } from 'node:test';
import type { Statement } from 'better-sqlite3';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openReadOnly, type Db } from '../../src/store/schema/database.js';
import { RecordQueries, recordCountSql, recordPageSql } from '../../src/store/read/record-queries.js';
import { recordWhere } from '../../src/store/read/record-filter-sql.js';
import { ALL_RECORD_TABLES, type RecordTable } from '../../src/store/schema/record-tables.js';
import { recordTextKey } from '../../src/store/read/record-text-keys.js';
import { upgradeDatasetFile } from '../../src/ingest/upgrade-dataset.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { foldAsTextIndex, foldWidth } from '../../src/domain/text/text-fold.js';
import { piecesAroundLegalForms } from '../../src/domain/companies/names.js';
import { keyTrigrams } from '../../src/domain/text/index-keys.js';
import { demoDatabase } from '../helpers/server.js';
import { backToSchema22 } from '../helpers/older-schema.js';

const today = '2026-11-21';
const CAP = 100_000;

/** Words cut from the kept texts: runs of 4 to 12 characters without white space, from lines' starts and middles. */
function wordsOf(db: Db, table: RecordTable): string[] {
  const texts = db.prepare(`SELECT text FROM ${table.texts} ORDER BY key LIMIT 30`).pluck().all() as string[];
  const words = new Set<string>();
  for (const line of texts.flatMap((text) => text.split(/\s+/u))) {
    const chars = [...line];
    for (const length of [4, 6, 9, 12]) {
      for (const at of [0, Math.floor(chars.length / 3)]) {
        if (at + length <= chars.length) words.add(chars.slice(at, at + length).join(''));
      }
    }
  }
  return [...words];
}

/**
 * The keys of the records whose kept text holds the word, by a scan of them all: every piece of it around the legal
 * forms it writes, which `q` asks for apart (free-text.ts).
 */
function scanned(db: Db, table: RecordTable, pieces: readonly string[]): bigint[] {
  const held = pieces.map(() => 'instr(text, ?) > 0').join(' AND ');
  const keys = db
    .prepare(`SELECT key FROM ${table.texts} WHERE ${held} ORDER BY key`)
    .safeIntegers()
    .pluck()
    .all(...pieces.map(foldAsTextIndex)) as bigint[];
  return keys;
}

/** The pieces `q` asks for of a word, when each is long enough for the trigram index (this test's words); else null. */
function longPieces(word: string): string[] | null {
  const pieces = piecesAroundLegalForms(foldWidth(word));
  return pieces.length > 0 && pieces.every((piece) => [...piece].length >= 3) ? pieces : null;
}

/**
 * Any of a word's trigrams may be chosen to find it by (the counts choose the rarest, and on the demo's few records
 * they seldom narrow at all): its first, its last, or both, in turn. Each record found is checked whole.
 */
function someTrigrams(): (textIndex: string, word: string) => string[] | null {
  let turn = 0;
  return (_index, word) => {
    const trigrams = keyTrigrams(word);
    const [first] = trigrams;
    const last = trigrams.at(-1);
    if (first === undefined || last === undefined || trigrams.length < 2) return null;
    turn++;
    return [[first], [last], [first, last]][turn % 3] ?? null;
  };
}

test('a long word found by some of its trigrams and checked whole finds what a scan of every text and the phrase find', async () => {
  const db = openReadOnly(await demoDatabase());
  // the store's own choice, from the counts, and the phrase alone: both must agree with the scan
  const served = new RecordQueries(db);
  // the words' statements differ in their parameters alone: a dozen statements, each compiled once
  const statements = new Map<string, Statement>();
  const prepared = (sql: string) => {
    const statement = statements.get(sql) ?? db.prepare(sql);
    statements.set(sql, statement);
    return statement;
  };
  const textTrigrams = someTrigrams();
  let checked = 0;
  for (const table of ALL_RECORD_TABLES) {
    const counted = db.prepare('SELECT count(*) FROM record_trigram_docs WHERE text_index = ?').pluck();
    assert.ok((counted.get(table.textIndex) as number) > 0, `${table.textIndex} has counts`);
    const ids = (fragment: { sql: string; params: readonly unknown[] }) =>
      (prepared(fragment.sql).all(...fragment.params) as { id: string }[]).slice(0, 5).map((row) => row.id);
    const count = (fragment: { sql: string; params: readonly unknown[] }) =>
      prepared(fragment.sql)
        .pluck()
        .get(...fragment.params);
    for (const word of wordsOf(db, table)) {
      const pieces = longPieces(word);
      if (pieces === null) continue;
      const expected = scanned(db, table, pieces).length;
      for (const q of [word, word.toUpperCase()]) {
        const query = { today, q };
        const where = recordWhere(table, query, { textTrigrams });
        if ((where.textMatch?.checks.length ?? 0) > 0) checked++;
        assert.equal(count(recordCountSql(table, query, CAP, { textTrigrams })), expected, `${table.table} q=${q}`);
        assert.equal(count(recordCountSql(table, query, CAP)), expected, `${table.table} q=${q} as a phrase`);
        assert.equal(served.count(table.kind, query, CAP), expected, `${table.table} q=${q} as served`);
        for (const page of [1, 2]) {
          // a page's statement reads one row more, to tell whether more follow
          const offset = (page - 1) * 5;
          assert.deepEqual(
            ids(recordPageSql(table, query, 5, offset, { textTrigrams })),
            ids(recordPageSql(table, query, 5, offset)),
            `${table.table} q=${q} page ${page}`,
          );
        }
      }
    }
  }
  assert.ok(checked > 500, `${checked} words were looked up by some of their trigrams and checked`);
  db.close();
});

test('a file of schema 22 gets every record its kept text and the trigram counts when it is upgraded', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-texts-')), 'demo.sqlite');
  copyFileSync(await demoDatabase(), path);
  const before = openWritable(path);
  backToSchema22(before);
  before.close();
  assert.equal(upgradeDatasetFile(path, { now: () => new Date('2026-11-21T00:00:00Z') }).kind, 'upgraded');
  const db = openReadOnly(path);
  for (const table of ALL_RECORD_TABLES) {
    const records = db.prepare(`SELECT rid, ${table.orderColumn} AS date FROM ${table.table} ORDER BY rid`).all() as {
      rid: number;
      date: string;
    }[];
    const keys = db.prepare(`SELECT key FROM ${table.texts}`).safeIntegers().pluck().all() as bigint[];
    assert.deepEqual(
      new Set(keys),
      new Set(records.map((r) => recordTextKey(r.date, r.rid))),
      `${table.texts} holds a text for each record`,
    );
    const counts = db.prepare('SELECT count(*) FROM record_trigram_docs WHERE text_index = ?').pluck();
    assert.ok((counts.get(table.textIndex) as number) > 0, table.textIndex);
  }
  db.close();
});
