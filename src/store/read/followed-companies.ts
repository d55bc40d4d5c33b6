// The companies a search follows into the records: the Corporate Numbers records are linked to, and the names records
// carry, of the companies it found.
import type { Db } from '../schema/database.js';
import { hasLinkedRecordsSql } from '../schema/record-tables.js';
import { CarriedNames } from './carried-names.js';

/** The companies a query follows into the records: the records linked to them, and those naming one of their names. */
export interface FollowedCompanies {
  /**
   * The Corporate Numbers of those with records linked to them (their record counts, which refreshRecordCounts keeps
   * exact): a number no record carries finds none, and a common name follows 50 companies, most without records, whose
   * numbers each record statement looked up in turn (a tenth of a /search answer at five million companies).
   */
  readonly corporateNumbers: string[];
  /**
   * Those of their names (but the reading) that some record carries as its company's name key, each folded as a
   * record's company name is (current, English, former, other): a name no record carries finds none.
   */
  readonly nameKeys: string[];
}

/** One company an answer is about, as it is followed into the records. */
export interface IdentifiedCompany {
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
  private readonly carried;

  constructor(db: Db) {
    this.linkedNumbers = db.prepare<[string], string>(linkedNumbersSql()).pluck();
    this.namesById = db.prepare<[string], string>(namesSql()).pluck();
    this.namesByNumber = db.prepare<[string], { name: string; prefecture_code: string | null; names: string }>(
      `SELECT c.name, c.prefecture_code, (${namesSql('json_array(c.id)')}) AS names
       FROM companies c WHERE c.corporate_number = ?`,
    );
    this.carried = new CarriedNames(db);
  }

  /** The Corporate Numbers and name keys of the companies of these ids, best first; an unknown id is skipped. */
  followed(ids: readonly number[]): FollowedCompanies {
    const list = JSON.stringify(ids);
    return { corporateNumbers: this.linkedNumbers.all(list), nameKeys: this.carriedNames(this.namesById.get(list)) };
  }

  /**
   * The company of this Corporate Number as an answer about it follows it into the records: its name keys, as
   * followed() gives them, and the prefecture it is registered in (records naming it linked to none are its own
   * only where they place it nowhere or there); null when no company has the number.
   */
  identified(number: string): IdentifiedCompany | null {
    const row = this.namesByNumber.get(number);
    if (row === undefined) return null;
    return { name: row.name, nameKeys: this.carriedNames(row.names), prefectureCode: row.prefecture_code };
  }

  /** The distinct names of a JSON array of them (namesSql's) that some record carries, in their order. */
  private carriedNames(names: string | undefined): string[] {
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- SQLite's json_group_array built it in namesSql from company_terms' NOT NULL term
    return this.carried.carried(new Set(JSON.parse(names ?? '[]') as string[]));
  }
}

/**
 * The Corporate Numbers of the companies of a JSON list of ids that records are linked to (their record counts), in
 * the list's order, read from the partial index of the companies with records (companies_with_records): a common
 * name's followed companies are mostly without records, and each was a read of its row, on a random page of the
 * largest table (4 times the CPU at a million companies, bench/README.md). The list is the outer loop (CROSS JOIN):
 * over a new file's empty statistics SQLite chose to scan the index and look each company up in the list.
 */
function linkedNumbersSql(): string {
  return `SELECT c.corporate_number FROM json_each(?) j CROSS JOIN companies c INDEXED BY companies_with_records ON c.id = j.value
    WHERE ${hasLinkedRecordsSql('c.')} ORDER BY j.key`;
}

/**
 * The name keys (every term but the reading's) of the companies of a JSON array of ids (`list`, a parameter or an
 * expression), as one JSON array. Read apart from their numbers: read beside each company's row, in isolation, they
 * cost twice as much (50 companies at a million, 212 µs against 62 and 40; in whole answers the two forms measured
 * alike, bench/README.md). The term index alone is read, without the companies' rows.
 */
function namesSql(list = '?'): string {
  return `SELECT json_group_array(t.term) FROM json_each(${list}) j
    JOIN company_terms t ON t.company_id = j.value WHERE t.field <> 'name_kana'`;
}
