// The two parts of a dataset: the register (companies and their search data, written by an import of companies) and
// everything else (records, their sources and runs, vocabularies, metadata), written by the writers of records. The
// upkeep after records (maintenance.ts) and the check of what they changed (record-change-check.ts) both read it here.
import { COMPANY_FTS_TABLES } from './company-terms-writer.js';
import type { Db } from '../schema/database.js';

/** The register's own tables: at all Japan most of the file, and not written by a write of records but for counts. */
const COMPANY_TABLES = [
  'companies',
  'company_aliases',
  'company_terms',
  'company_terms_version',
  'company_trigram_docs',
  'company_trigram_docs_state',
  'company_long_gram_docs',
  'company_long_grams_state',
  'company_registered_names_state',
];

/** The tables FTS5 keeps an index in, by suffix of the index's name. */
const FTS5_SHADOWS = ['data', 'idx', 'config', 'docsize', 'content'];

/**
 * The register's part, declared: a table not named here is in the records' part, so that a new table is read whole by the
 * check of a write of records until it is declared the register's (the safe side to miss it on).
 */
const REGISTER_PART: ReadonlySet<string> = new Set([
  ...COMPANY_TABLES,
  ...COMPANY_FTS_TABLES.flatMap((index) => [index, ...FTS5_SHADOWS.map((shadow) => `${index}_${shadow}`)]),
]);

export interface PartTable {
  readonly name: string;
  /** As pragma_table_list tells it: an ordinary table, an FTS5 index ('virtual') or one of its tables ('shadow'). */
  readonly type: 'table' | 'virtual' | 'shadow';
}

/**
 * Every table of the file not in the register's part, read from the schema: SQLite's own (sqlite_schema, the statistics)
 * included.
 */
export function recordPartTables(db: Db): PartTable[] {
  return db
    .prepare<[], PartTable>(
      "SELECT name, type FROM pragma_table_list WHERE schema = 'main' AND type <> 'view' ORDER BY name",
    )
    .all()
    .filter((t) => !REGISTER_PART.has(t.name));
}
