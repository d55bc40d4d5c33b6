// The companies registered under exactly the name a query asks, with its legal form where it names it: the exact
// match of their name, read before the stages of a company search (company-queries.ts).
import type { Db } from '../schema/database.js';
import { limitSql, StatementCache } from './statement-cache.js';
import { registeredNameMark } from '../../domain/companies/names.js';

export class RegisteredNames {
  private readonly sameRegisteredName: StatementCache<number>;

  constructor(
    db: Db,
    /** The most rows of a name read (the search's bound on the rows of one look-up). */
    private readonly candidates: number,
  ) {
    // one statement per limit, which is a literal (statement-cache.ts)
    this.sameRegisteredName = new StatementCache<number>(db, 1 / 32);
  }

  /**
   * The ids of the companies registered under exactly the name asked, best first, at most `limit` (its legal form at
   * the same place, after the folding every spelling shares): the exact match of their name, 北辰建設株式会社 not
   * 株式会社北辰建設, though both share the name key and the form. Read only for a query that names a Japanese legal
   * form, from the rows of its name key and form in rank order, the best `candidates` of them.
   */
  registeredAs(keys: readonly string[], legalForm: string | null, registered: string | null, limit: number): number[] {
    const [key] = keys;
    if (key === undefined || legalForm === null) return [];
    const mark = registeredNameMark(registered, key, legalForm);
    if (mark === null) return [];
    return this.sameRegisteredName
      .prepared(sameRegisteredNameSql(this.candidates, limit))
      .pluck()
      .all(key, legalForm, mark);
  }
}

/**
 * The companies of a name key and legal form registered under one spelling, of the best `candidates` rows of the name
 * and form, at most `limit`. The name's rows keep the mark of their company's registered name (registeredNameMark),
 * which the term index holds (company_terms.registered_name): they are compared in the index, where each was joined
 * to its company's row to compare its name, a random page of the largest table for every namesake of a common name.
 */
function sameRegisteredNameSql(candidates: number, limit: number): string {
  return `SELECT company_id FROM (SELECT t.company_id, t.registered_name FROM company_terms t
      WHERE t.term = ? AND t.field_rank = 0 AND t.legal_form = ? ORDER BY t.rank_key ${limitSql(candidates)})
    WHERE registered_name = ? ${limitSql(limit)}`;
}
