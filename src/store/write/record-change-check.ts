// The check of a write of records (an import of records, a collection): the records' part read whole, table by table,
// and of the register only the companies whose record counts the write moved, read back through every index.
//
// Why this is enough, and what it leaves (docs/operating.md, "Importing records and collecting"): the draft starts as
// a byte copy of the live file, which passed a check when it was published, so what can be wrong is what the write
// changed. It writes the records' part (records, their child rows, kept text and full-text indexes, sources, runs, HTTP
// state, vocabularies, metadata, statistics) and, of the register, the record counts of the companies whose counts
// moved (refreshRecordCounts), whose search terms' rank copies the trigger companies_rank_au then rewrites. At all
// Japan the register is most of a file of several GB, and PRAGMA integrity_check of the whole file (most of an
// import's time) grows with it; the records' part is a small share of the file.
//
// So each table of the records' part, taken from the schema (dataset-parts.ts: a table not declared the register's is
// in the records' part), gets PRAGMA integrity_check(TABLE): the pages of its b-tree and of its indexes', each row found
// in each index, the indexes' entry counts, NOT NULL and CHECK constraints; for an FTS5 table its own check (FTS5 reads
// its index whole, as in the full check); for sqlite_schema the schema and the freelist. It leaves what only a check of
// the whole file sees: pages no b-tree uses, and a page two b-trees share when one of them is the register's. Each
// names index, kept by the writer itself in bulk (record-writer.ts), is also compared with its records' names (FTS5's
// integrity-check against its content table, which PRAGMA integrity_check does not run). Of the register, the moved
// companies and their terms are read back through every index (index-readback.ts), which also reads every page on the
// way from each b-tree's root to them: a fault elsewhere in the register is not read, as it was not written.
import { SqliteError } from 'better-sqlite3';
import { integrityProblems, type Db } from '../schema/database.js';
import { recordPartTables } from './dataset-parts.js';
import { rowsThroughIndexes } from './index-readback.js';
import type { ChangeCheck } from './publish.js';
import { ALL_RECORD_TABLES, type RecordTable } from '../schema/record-tables.js';

/**
 * The check of a draft a write of records changed, for DraftOptions.changeCheck: `moved` holds the companies whose
 * counts the write moved (what refreshRecordCounts returned), read when the check runs, once the write is done.
 */
export function recordChangeCheck(moved: ReadonlySet<number>): ChangeCheck {
  return (db) => recordChangeProblems(db, moved);
}

/** What is wrong with the records' part and the companies `moved` (in integrity_check's words); empty when nothing is. */
export function recordChangeProblems(db: Db, moved: Iterable<number>): string[] {
  return [...recordPartProblems(db), ...movedCompanyProblems(db, [...moved])];
}

/** Each table of the records' part: its own integrity check, then each names index against its records. */
function recordPartProblems(db: Db): string[] {
  return [
    ...recordPartTables(db).flatMap((t) => integrityProblems(db, 'integrity_check', t.name)),
    ...ALL_RECORD_TABLES.flatMap((t) => namesAgainstRecords(db, t)),
  ];
}

/**
 * The names index compared with the names of its records (FTS5 tokenizes each record's name again): an index that
 * lacks a record, or holds one its table no longer does, fails it with SQLITE_CORRUPT_VTAB.
 */
function namesAgainstRecords(db: Db, { nameIndex, table }: RecordTable): string[] {
  try {
    db.prepare(`INSERT INTO ${nameIndex}(${nameIndex}, rank) VALUES ('integrity-check', 1)`).run();
    return [];
  } catch (error) {
    if (error instanceof SqliteError && error.code === 'SQLITE_CORRUPT_VTAB') {
      return [`the full-text index ${nameIndex} disagrees with the names of ${table}`];
    }
    throw error;
  }
}

/**
 * The companies whose counts moved, and their search terms (whose rank copies the trigger rewrote, moving their entries
 * in company_terms_by_term), each read by its rowid and found again through every index of its table. In id order, so
 * that the reads go along each b-tree.
 */
function movedCompanyProblems(db: Db, moved: readonly number[]): string[] {
  const companies = [...moved].sort((a, b) => a - b);
  const termsOf = db.prepare<[number], number>('SELECT id FROM company_terms WHERE company_id = ?').pluck();
  const terms = companies.flatMap((id) => termsOf.all(id)).sort((a, b) => a - b);
  return [...rowsThroughIndexes(db, 'companies', companies), ...rowsThroughIndexes(db, 'company_terms', terms)];
}
