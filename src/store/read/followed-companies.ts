// The companies a search follows into their records: the Corporate Numbers records are linked to, and the names records
// hold, of the companies it found; and the names the records linked to no company hold, kept per reader.
import type { Db } from '../schema/database.js';
import type { Statement } from 'better-sqlite3';
import { ALL_RECORD_TABLES, hasLinkedRecordsSql } from '../schema/record-tables.js';
import { READING_TERMS } from '../../domain/companies/company-terms.js';

/** The companies a query follows into the records: the records linked to them, and those naming one of their names. */
export interface FollowedCompanies {
  /**
   * The Corporate Numbers of those with records linked to them (their record counts, which refreshRecordCounts keeps
   * exact): a number no record holds finds none, and a common name's companies are mostly without records.
   */
  readonly corporateNumbers: string[];
  /**
   * Those of their names (but the reading, in kana or romanized) that some record holds as its company's name key,
   * each folded as a record's company name is (current, English, former, other): a name no record holds finds none.
   */
  readonly nameKeys: string[];
}

/** The company of a Corporate Number, as an answer about it is followed into the records (company-records.ts). */
export interface CompanyOfNumber {
  /** Its registered name, which a search of every company of the name is asked by. */
  readonly name: string;
  readonly nameKeys: string[];
  readonly prefectureCode: string | null;
}

/** The statements that follow companies into the records, over one reader. */
export class FollowedCompanyQueries {
  private readonly linkedNumbers;
  private readonly namesById;
  private readonly namesByNumber;
  private readonly unlinkedNames;

  constructor(db: Db) {
    this.linkedNumbers = db.prepare<[string], string>(linkedNumbersSql()).pluck();
    this.namesById = db.prepare<[string], string>(namesSql()).pluck();
    this.namesByNumber = db.prepare<[string], { name: string; prefecture_code: string | null; names: string }>(
      `SELECT c.name, c.prefecture_code, (${namesSql('json_array(c.id)')}) AS names
       FROM companies c WHERE c.corporate_number = ?`,
    );
    this.unlinkedNames = new UnlinkedRecordNames(db);
  }

  /** The Corporate Numbers and name keys of the companies of these ids, best first; an unknown id is skipped. */
  followed(ids: readonly number[]): FollowedCompanies {
    const list = JSON.stringify(ids);
    return { corporateNumbers: this.linkedNumbers.all(list), nameKeys: this.heldNames(this.namesById.get(list)) };
  }

  /**
   * The company of this Corporate Number as an answer about it follows it into the records: its name keys, as
   * followed() gives them, and the prefecture it is registered in; null when no company has the number.
   */
  ofNumber(number: string): CompanyOfNumber | null {
    const row = this.namesByNumber.get(number);
    if (row === undefined) return null;
    return { name: row.name, nameKeys: this.heldNames(row.names), prefectureCode: row.prefecture_code };
  }

  /** The distinct names of a JSON array of them (namesSql's) that some record linked to none holds, in their order. */
  private heldNames(names: string | undefined): string[] {
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- SQLite's json_group_array built it in namesSql from company_terms' NOT NULL term
    return this.unlinkedNames.heldOf(new Set(JSON.parse(names ?? '[]') as string[]));
  }
}

/**
 * The Corporate Numbers of the companies of a JSON list of ids that records are linked to (their record counts), in
 * the list's order, read from the partial index of the companies with records (companies_with_records): a common
 * name's companies are mostly without records, each a read of its row otherwise. The list is the outer loop (CROSS
 * JOIN): over a new file's empty statistics SQLite chose to scan the index and look each company up in the list.
 */
function linkedNumbersSql(): string {
  return `SELECT c.corporate_number FROM json_each(?) j CROSS JOIN companies c INDEXED BY companies_with_records ON c.id = j.value
    WHERE ${hasLinkedRecordsSql('c.')} ORDER BY j.key`;
}

/**
 * The name keys (every term but the reading's, READING_TERMS: its kana and its romanizations) of the companies of a
 * JSON array of ids (`list`, a parameter or an expression), as one JSON array, read from the term index alone, apart
 * from their numbers (bench/README.md).
 */
function namesSql(list = '?'): string {
  const { field, aliasKind } = READING_TERMS;
  return `SELECT json_group_array(t.term) FROM json_each(${list}) j
    JOIN company_terms t ON t.company_id = j.value WHERE t.field <> '${field}' AND t.alias_kind IS NOT '${aliasKind}'`;
}

/**
 * Every distinct company name key (`company_name_norm`) of every kind's records linked to no company (their partial
 * index), read whole when first asked and again whenever the file has changed since (another connection's commit, or
 * this connection's own writes). A search follows many companies into the records by their names, and most names of a
 * large register are in no record: a name no record holds is left out before any record statement looks it up.
 */
export class UnlinkedRecordNames {
  readonly #state: Statement<[], string>;
  readonly #reads: Statement<[], string>[];
  #names: ReadonlySet<string> = new Set();
  #readAt: string | null = null;

  constructor(db: Db) {
    // data_version moves with other connections' commits, total_changes with this one's own
    this.#state = db
      .prepare<[], string>("SELECT (SELECT data_version FROM pragma_data_version) || ':' || total_changes()")
      .pluck();
    this.#reads = ALL_RECORD_TABLES.map(({ table }) =>
      // the partial index of them in name order: through the number's index (ANALYZE counts a few rows a number)
      // every record linked to none was read row by row and sorted
      db
        .prepare<[], string>(
          `SELECT DISTINCT company_name_norm FROM ${table} INDEXED BY ${table}_by_unlinked_name
           WHERE company_corporate_number IS NULL`,
        )
        .pluck(),
    );
  }

  /** Those of `names` that some record linked to no company holds as its company's name key, in their order. */
  heldOf(names: Iterable<string>): string[] {
    const held = this.current();
    return [...names].filter((name) => held.has(name));
  }

  private current(): ReadonlySet<string> {
    const state = this.#state.get() ?? null;
    if (state !== this.#readAt) {
      const names = new Set<string>();
      for (const read of this.#reads) for (const name of read.all()) names.add(name);
      this.#names = names;
      this.#readAt = state;
    }
    return this.#names;
  }
}
