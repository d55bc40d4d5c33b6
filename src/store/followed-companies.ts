// The companies a search follows into the records: the Corporate Numbers records are linked to, and the names records
// carry, of the companies it found.
import type { Db } from './database.js';
import { ALL_RECORD_TABLES } from './record-tables.js';
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
    this.namesById = db.prepare<[string], string>(namesSql('c.id = j.value')).pluck();
    this.namesByNumber = db.prepare<[string], string>(namesSql('c.corporate_number = j.value')).pluck();
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
 * the list's order.
 */
function linkedNumbersSql(): string {
  const linked = ALL_RECORD_TABLES.map((t) => `c.${t.companyCount} > 0`).join(' OR ');
  return `SELECT c.corporate_number FROM json_each(?) j JOIN companies c ON c.id = j.value WHERE ${linked} ORDER BY j.key`;
}

/**
 * The name keys (every term but the reading's) of the companies of a JSON list joined by `on`, as one JSON array,
 * apart from their numbers: read beside each company's row, in isolation, they cost twice as much (50 companies at a
 * million, 212 µs against 62 and 40; in whole answers the two forms measured alike, bench/README.md).
 */
function namesSql(on: string): string {
  return `SELECT json_group_array(t.term) FROM json_each(?) j JOIN companies c ON ${on}
    JOIN company_terms t ON t.company_id = c.id WHERE t.field <> 'name_kana'`;
}
