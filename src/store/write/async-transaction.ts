// One transaction around asynchronous work (a streamed import), which better-sqlite3's db.transaction cannot hold.
import type { Db } from '../schema/database.js';

/**
 * Runs `work` inside BEGIN IMMEDIATE … COMMIT, rolling back if it throws. The caller must not let anything
 * else use the connection meanwhile: the awaits in `work` are for reading input, not for other queries.
 */
export async function inAsyncTransaction<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.inTransaction) throw new Error('a transaction is already open on this connection');
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = await work();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
}
