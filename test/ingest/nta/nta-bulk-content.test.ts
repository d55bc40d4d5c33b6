import { companyIndexGaps } from '../../helpers/company-indexes.js';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import iconv from 'iconv-lite';
import { NtaCsvSplitter } from '../../../src/ingest/nta/nta-csv.js';
import { importNtaFiles, type NtaImportOptions } from '../../../src/ingest/nta/nta-importer.js';
import type { Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { ntaLine, REAL_FILE, withFields } from './nta-fixtures.js';

// The bulk write of an import (triggers and indexes set aside, terms batched, the full-text indexes built at the end,
// the rows read on another thread) must leave what writing row by row leaves: the same rows, the same full-text
// index content, the same schema. Term ids are the one thing allowed to differ: row by row, SQLite hands a deleted
// last row's id out again; in bulk the writer never does.

const dir = mkdtempSync(join(tmpdir(), 'kohyo-nta-bulk-'));
const NOW = new Date('2026-02-02T00:00:00Z');
let n = 0;

/** Every row of the tables an import writes, keyed by content rather than by term id, in a stable order. */
function contentOf(db: Db): Record<string, unknown[]> {
  const all = (sql: string) => db.prepare(sql).raw().all();
  const vocab = (table: string) => {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${table}_v USING fts5vocab(main, ${table}, row)`);
    return all(`SELECT term, doc, cnt FROM temp.${table}_v ORDER BY term`);
  };
  return {
    companies: all('SELECT * FROM companies ORDER BY id'),
    aliases: all('SELECT company_id, kind, name FROM company_aliases ORDER BY 1, 2, 3'),
    terms: all(
      'SELECT company_id, field, alias_kind, term, legal_form, rank_key FROM company_terms ORDER BY 1, 2, 3, 4',
    ),
    // the companies each index finds, and whether every term finds its company
    trigrams: all(`SELECT rowid FROM company_trigrams WHERE company_trigrams MATCH 'ab OR 株式会' ORDER BY 1`),
    grams: all(`SELECT rowid FROM company_grams WHERE company_grams MATCH '株 OR ab' ORDER BY 1`),
    gaps: companyIndexGaps(db),
    trigramVocab: vocab('company_trigrams'),
    shortGramVocab: vocab('company_grams'),
    longGramVocab: vocab('company_long_grams'),
    trigramDocs: all('SELECT * FROM company_trigram_docs ORDER BY trigram'),
    schema: all("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"),
  };
}

/** The real daily file's rows, renamed and moved on a day: a second file that changes what the first wrote. */
function renamingFile(rows: readonly (readonly string[])[]): string {
  const renamed = rows
    // the current rows (column 24) that do not delete (column 3): updated and changed on a later day (5, 6), every
    // other one under a new name (7)
    .filter((fields) => fields[23] === '1' && fields[2] !== '99')
    .slice(0, 400)
    .map((fields, i) =>
      withFields(fields, { 5: '2026-02-01', 6: '2026-02-01', 7: `${fields[6]}${i % 2 === 0 ? '改' : ''}` }),
    )
    .map(ntaLine);
  const path = join(dir, `renamed-${n++}.csv`);
  writeFileSync(path, `${renamed.join('\n')}\n`);
  return path;
}

describe('an import in bulk leaves what an import row by row leaves', () => {
  const ROWS = 5000;
  // the first rows of the real daily file: renames, closures, history rows, English names (the whole file takes four
  // times as long for nothing more)
  const rows = (() => {
    const splitter = new NtaCsvSplitter();
    const text = iconv.decode(readFileSync(REAL_FILE), 'cp932');
    return [...splitter.push(text), ...splitter.end()].map((r) => r.fields).slice(0, ROWS);
  })();
  const excerpt = join(dir, 'excerpt.csv');
  writeFileSync(excerpt, `${rows.map(ntaLine).join('\n')}\n`);
  const second = renamingFile(rows);
  const imported = async (options: NtaImportOptions) => {
    const db = openWritable(join(dir, `db${n++}.sqlite`));
    await importNtaFiles(db, [excerpt], { now: () => NOW, ...options });
    const first = contentOf(db);
    await importNtaFiles(db, [second], { now: () => NOW, ...options });
    return { first, second: contentOf(db) };
  };
  let bulk: Awaited<ReturnType<typeof imported>>;
  let rowByRow: Awaited<ReturnType<typeof imported>>;

  before(async () => {
    // in bulk on the reading thread, as a file of the NTA's size is read; row by row on this one
    bulk = await imported({ parseThreadMinBytes: 0 });
    rowByRow = await imported({ inBulk: false, parseThreadMinBytes: Number.POSITIVE_INFINITY });
  });

  it('into a new dataset: the same companies, aliases, terms, full-text index content and schema', () => {
    assert.ok(bulk.first.companies!.length > 4000);
    assert.ok(bulk.first.aliases!.some((a) => Array.isArray(a) && a[1] === 'former_name'));
    for (const [part, content] of Object.entries(rowByRow.first)) assert.deepEqual(bulk.first[part], content, part);
  });

  it('into that dataset again, renaming companies it holds: the same again', () => {
    assert.notDeepEqual(bulk.second.companies, bulk.first.companies);
    for (const [part, content] of Object.entries(rowByRow.second)) assert.deepEqual(bulk.second[part], content, part);
  });
});
