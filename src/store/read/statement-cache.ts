// Prepared statements by their SQL text, for the read statements whose text is built per query (record filters,
// company search stages): each is prepared once while held; and the LIMIT such a text carries, a literal.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../schema/database.js';
import { LRUCache } from 'lru-cache';

/**
 * Statements held. Each combination of filters or look-ups, and each limit (a literal: limitSql below), is one
 * statement, so a client trying every combination could otherwise make the process hold thousands; SQL longer than
 * the key bound is prepared every time and never held.
 */
const HELD = { entries: 1024, maxKeyLength: 16_384 } as const;

/** Statements of one row type (`Row`, as their SQL names its columns), held by their SQL text. */
export class StatementCache<Row> {
  readonly #held: LRUCache<string, Statement<unknown[], Row>>;

  /** `share`: the part of the bound this cache may hold, where one reader splits it between caches of its row types. */
  constructor(
    private readonly db: Db,
    share = 1,
  ) {
    this.#held = new LRUCache({ max: Math.ceil(HELD.entries * share) });
  }

  /** The statement of this SQL. */
  prepared(sql: string): Statement<unknown[], Row> {
    const held = this.#held.get(sql);
    if (held !== undefined) return held;
    const statement = this.db.prepare<unknown[], Row>(sql);
    if (sql.length <= HELD.maxKeyLength) this.#held.set(sql, statement);
    return statement;
  }
}

// LIMIT as a literal in the SQL text rather than a bound parameter. SQLite reads a bound LIMIT's value while
// planning, so a statement with `LIMIT ?` is planned again every time a value is bound to it: with better-sqlite3,
// which binds anew on each call, on every run (bench:replanning), a cost on every statement. A literal keeps one
// plan; the statement caches key on the SQL text, so each distinct limit is prepared once.
/** `LIMIT n` for a count the code computed; anything but a non-negative safe integer is refused, never written into SQL. */
export function limitSql(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 0)
    throw new RangeError(`a LIMIT must be a non-negative integer, not ${rows}`);
  return `LIMIT ${rows}`;
}
