// A term of a record query's WHERE clause, as the filters build it and the page and count statements read it.
import type { TextMatch } from './free-text.js';
import type { SqlFragment } from './sql-fragment.js';

/**
 * A term of the WHERE clause. `rids` is set on a term that is the record ids of a subquery of the kind's own indexes
 * (`r.rid IN (rids)`), whose ids are all records the table holds: a count of such a term alone reads them there, not
 * each record besides (record-queries.ts).
 */
export interface WhereTerm extends SqlFragment {
  readonly rids?: SqlFragment;
  /** Set when the rids are one text index's matches. */
  readonly textMatch?: TextMatch;
  /**
   * Set when `rids` holds each record once (one index's matches: a text index's, or one part of a company's), so that
   * a count takes them as they come, with no temporary index to drop repeats.
   */
  readonly distinct?: true;
  /**
   * The same records as `rids` (and its parameters), with each one's place in the list (`listed_on`), maybe twice;
   * with `ownFirst`, its tier too (`tier`: the rank of its relation, company-records.ts relationRank).
   */
  readonly listed?: SqlFragment;
  /** Set when the records linked to a company are listed before those linked to none (an answer about one company). */
  readonly ownFirst?: boolean;
}

/** A term that is the ids `rids` finds. */
export function ridsTerm(rids: SqlFragment): WhereTerm {
  return { sql: `r.rid IN (${rids.sql})`, params: rids.params, rids };
}
