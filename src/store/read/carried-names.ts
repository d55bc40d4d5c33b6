// The company names the records linked to no company carry, held per reader, so that a search follows into the records
// only the names some such record names its company by (a record linked to a company is found by its number alone).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../schema/database.js';
import { ALL_RECORD_TABLES } from '../schema/record-tables.js';

/**
 * Every distinct company name key (`company_name_norm`) of every kind's records linked to no company (the partial index
 * of those, schema 27), read whole when first asked and again
 * whenever the file has changed since (another connection's commit, or this connection's own writes). A search
 * follows up to 50 companies into the records by their names; each name was looked up in every kind's name index
 * twice (a page and a count), and most names of a large register are in no record: leaving them out took 4 to 17 % off
 * a `/search` answer at a million companies (bench/README.md). Holding the names costs about 60 bytes a name
 * (247,874 names, 15 MB, at 500,000 synthetic records) and one read of each kind's name index (1 CPU s there).
 */
export class CarriedNames {
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
      // every record linked to none was read row by row and sorted (107 ms at a million companies, 12 this way)
      db
        .prepare<[], string>(
          `SELECT DISTINCT company_name_norm FROM ${table} INDEXED BY ${table}_by_unlinked_name
           WHERE company_corporate_number IS NULL`,
        )
        .pluck(),
    );
  }

  /** Those of `names` that some record linked to no company carries as its company's name key, in their order. */
  carried(names: Iterable<string>): string[] {
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
