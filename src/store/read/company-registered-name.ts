// The companies registered under exactly the name a query asks, with its legal form where it names it: the exact
// match of their name, read before the stages of a company search (company-queries.ts).
import type { Db } from '../schema/database.js';
import { registeredNameKey } from '../../domain/companies/names.js';
import { limitSql, StatementCache } from './statement-cache.js';

export class RegisteredNames {
  private readonly sameNameForm: StatementCache<SameNameRow>;

  constructor(
    db: Db,
    /** The most rows of a name read (the search's bound on the rows of one look-up). */
    private readonly candidates: number,
  ) {
    this.sameNameForm = new StatementCache<SameNameRow>(db, 1 / 32);
  }

  /**
   * The ids of the companies registered under exactly the name asked, best first, at most `limit` (its legal form at
   * the same place, after the folding every spelling shares): the exact match of their name, 北辰建設株式会社 not
   * 株式会社北辰建設, though both share the name key and the form. Read only for a query that names a Japanese legal
   * form, from the rows of its name key.
   */
  registeredAs(keys: readonly string[], legalForm: string | null, registered: string | null, limit: number): number[] {
    const [key] = keys;
    if (key === undefined || legalForm === null || registered === null) return [];
    const same: number[] = [];
    // the name's rows of the form in rank order (at most `candidates`), a batch at a time, until `limit` are
    // registered as asked: every row of a common name was read with its company's name, where the first few were enough
    let left = this.candidates;
    let after = -1n;
    for (let batch = Math.min(2 * limit, left); batch > 0; batch = left) {
      const rows = this.sameNameForm.prepared(sameNameFormSql(batch)).safeIntegers().all(key, legalForm, after);
      for (const row of rows) {
        if (registeredNameKey(row.name) !== registered) continue;
        same.push(Number(row.id));
        if (same.length >= limit) return same;
      }
      const last = rows.at(-1);
      if (rows.length < batch || last === undefined) return same;
      left -= rows.length;
      after = last.rank_key;
    }
    return same;
  }
}

/** A company registered under a name key with a legal form, as sameNameFormSql reads it (integers as BigInt). */
interface SameNameRow {
  readonly id: bigint;
  readonly name: string;
  readonly rank_key: bigint;
}

/**
 * The companies a name key is the registered name of with a legal form, in rank order after a rank key, `rows` of
 * them: rank keys are integers past JavaScript's safe range, read and bound as BigInt.
 */
function sameNameFormSql(rows: number): string {
  return `SELECT c.id, c.name, t.rank_key FROM company_terms t JOIN companies c ON c.id = t.company_id
    WHERE t.term = ? AND t.field_rank = 0 AND t.legal_form = ? AND t.rank_key > ? ORDER BY t.rank_key ${limitSql(rows)}`;
}
