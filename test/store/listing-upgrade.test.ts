// Schema 12 on a dataset an older build wrote: every record it holds was read from its source's current edition,
// so it becomes listed, first and last on that edition's date; the documents pages return carry the listing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { demoDatabase } from '../helpers/server.js';
import { backToSchema11 } from '../helpers/older-schema.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { japanDate } from '../../src/domain/dates.js';
import { ALL_RECORD_TABLES } from '../../src/store/schema/record-tables.js';
import { recordFromDoc } from '../../src/store/read/record-docs.js';

test('an existing dataset upgraded: records listed from their edition day (published_on, else the Japan day of retrieval)', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-listing-')), 'old.sqlite');
  copyFileSync(await demoDatabase(), path);
  const old = new Database(path);
  backToSchema11(old);
  // one record without its list's date, retrieved late in the evening UTC: already the next day in Japan
  old
    .prepare(
      `UPDATE enforcements SET published_on = NULL, retrieved_at = '2026-03-31T20:00:00Z' WHERE rid = (SELECT min(rid) FROM enforcements)`,
    )
    .run();
  old.close();

  const db = openWritable(path);
  try {
    for (const { table } of ALL_RECORD_TABLES) {
      const rows = db
        .prepare(
          `SELECT published_on, retrieved_at, listing_status, first_listed_on, last_listed_on, changed_at, doc FROM ${table}`,
        )
        .all() as {
        published_on: string | null;
        retrieved_at: string;
        listing_status: string;
        first_listed_on: string;
        last_listed_on: string;
        changed_at: string;
        doc: string;
      }[];
      assert.ok(rows.length > 0, table);
      for (const row of rows) {
        const day = row.published_on ?? japanDate(new Date(row.retrieved_at));
        const listing = { status: 'listed', first_listed_on: day, last_listed_on: day };
        assert.deepEqual(
          { status: row.listing_status, first_listed_on: row.first_listed_on, last_listed_on: row.last_listed_on },
          listing,
        );
        assert.deepEqual(recordFromDoc(row.doc).listing, listing, `${table}: the document is rebuilt with the listing`);
        // schema 15: a record already held changed last, as far as the file knows, when its first edition began
        assert.equal(Date.parse(row.changed_at), Date.parse(`${day}T00:00:00+09:00`), `${table}: its change time`);
      }
    }
    const unpublished = db.prepare('SELECT first_listed_on FROM enforcements WHERE published_on IS NULL').get() as {
      first_listed_on: string;
    };
    assert.equal(unpublished.first_listed_on, '2026-04-01');
    // schema 15: the name index holds the records the file already had
    for (const { table, nameIndex } of ALL_RECORD_TABLES) {
      const indexed = db.prepare(`SELECT count(*) AS n FROM ${nameIndex} WHERE ${nameIndex} MATCH ?`);
      const named = db.prepare(`SELECT company_name_norm AS key FROM ${table} WHERE length(company_name_norm) >= 4`);
      const row = named.get() as { key: string } | undefined;
      assert.ok(row, table);
      const part = row.key.slice(1, 4);
      const expected = db
        .prepare(`SELECT count(*) AS n FROM ${table} WHERE instr(company_name_norm, ?) > 0`)
        .get(part) as { n: number };
      assert.deepEqual(indexed.get(`"${part}"`), expected, `${table}: ${part}`);
    }
  } finally {
    db.close();
  }
});
