// One read transaction held across the statements of a served connection, renewed a few times a second.
import type { Db } from './database.js';
import { intervalTimer, type RepeatTimer } from '../domain/repeat-timer.js';

/** How long a held read transaction lasts before it is ended and begun again. */
const READ_TRANSACTION_RENEW_MS = 100;

/**
 * Begins a read transaction on `db` and renews it every `renewMs`; returns what ends it. In autocommit each
 * statement takes and drops the file's lock and looks for a hot journal (4 fcntl and 3 stat calls a statement on a
 * rollback-journal file), as much time as a primary-key look-up itself (bench/README.md).
 * Renewing rather than holding for good keeps the one write in place, a new build's schema upgrade at
 * start (docs/data-sources.md, "How the dataset is written"), from waiting on a server still running the old build: in a
 * rollback-journal file a held read lock would keep that writer out for as long as the server runs, here for at
 * most `renewMs`; in a WAL file it would keep the upgrade's checkpoint from finishing. Statements run synchronously
 * and none is left open between requests (no `.iterate()`), so the renewal never ends a transaction mid-read.
 */
export function holdReadTransaction(
  db: Db,
  renewMs: number = READ_TRANSACTION_RENEW_MS,
  timer: RepeatTimer = intervalTimer,
): () => void {
  const begin = () => {
    if (db.open && !db.inTransaction) db.exec('BEGIN');
  };
  begin();
  const renewal = timer(() => {
    if (!db.open) return;
    if (db.inTransaction) db.exec('COMMIT');
    begin();
  }, renewMs);
  return () => {
    renewal.stop();
    if (db.open && db.inTransaction) db.exec('COMMIT');
  };
}
