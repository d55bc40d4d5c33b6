// The companies a search follows into the records: the Corporate Numbers records are linked to, and the names records
// carry, of the companies it found.
import type { Db } from './database.js';
import { hasLinkedRecordsSql } from './record-tables.js';
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

/** The statements that follow companies into the records, over one reader. */
export class FollowedCompanyQueries {
  private readonly linkedNumbers;
  private readonly namesById;
  private readonly namesByNumber;
  private readonly carried;

  constructor(db: Db) {
    this.linkedNumbers = db.prepare<[string], string>(linkedNumbersSql()).pluck();
    this.namesById = db.prepare<[string], string>(namesSql('j.value')).pluck();
    this.namesByNumber = db
      .prepare<[string], string>(namesSql('c.id', 'JOIN companies c ON c.corporate_number = j.value'))
      .pluck();
    this.carried = new CarriedNames(db);
  }

  /** The Corporate Numbers and name keys of the companies of these ids, best first; an unknown id is skipped. */
  followed(ids: readonly number[]): FollowedCompanies {
    const list = JSON.stringify(ids);
    return { corporateNumbers: this.linkedNumbers.all(list), nameKeys: this.carriedNames(this.namesById.get(list)) };
  }

  /** The name keys of the companies of these Corporate Numbers, as followed() gives them; a number no company has, none. */
  nameKeysOfNumbers(numbers: readonly string[]): string[] {
    return this.carriedNames(this.namesByNumber.get(JSON.stringify(numbers)));
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
 * The name keys (every term but the reading's) of the companies of a JSON list, as one JSON array: `companyId` is
 * the id of the list's company, through `join` when the list does not hold ids. Read apart from their numbers: read
 * beside each company's row, in isolation, they cost twice as much (50 companies at a million, 212 µs against 62 and
 * 40; in whole answers the two forms measured alike, bench/README.md). A list of ids reads the term index alone,
 * without the companies' rows.
 */
function namesSql(companyId: string, join = ''): string {
  return `SELECT json_group_array(t.term) FROM json_each(?) j ${join}
    JOIN company_terms t ON t.company_id = ${companyId} WHERE t.field <> 'name_kana'`;
}
