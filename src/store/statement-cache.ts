// Prepared statements by their SQL text, for the read statements whose text is built per query (record filters,
// company search stages): each is prepared once while held.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';
import { BoundedMemo } from '../domain/bounded-memo.js';

/**
 * Statements held. Each combination of filters or look-ups, and each limit (a literal, store/sql-limit.ts), is one
 * statement, so a client trying every combination could otherwise make the process hold thousands; SQL longer than
 * the key bound is prepared every time and never held.
 */
const HELD = { entries: 1024, maxKeyLength: 16_384 } as const;

export class StatementCache {
  readonly #held = new BoundedMemo<Statement<unknown[]>>(HELD);

  constructor(private readonly db: Db) {}

  /** The statement of this SQL. */
  prepared(sql: string): Statement<unknown[]> {
    return this.#held.get(sql, () => this.db.prepare(sql));
  }
}
