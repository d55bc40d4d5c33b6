// The newest collection run of each source, for `kohyo sources`.
import Database from 'better-sqlite3';
import type { Db } from './database.js';

export interface LastRun {
  readonly source_id: string;
  readonly outcome: 'success' | 'not_modified' | 'failure';
  readonly finished_at: string | null;
  readonly http_status: number | null;
  readonly records: number | null;
  readonly error: string | null;
}

export function lastRuns(db: Db): Map<string, LastRun> {
  // the highest id is the newest run: runs are appended in the order they finish
  const rows = db
    .prepare(
      `SELECT r.source_id, r.outcome, r.finished_at, r.http_status, r.records, r.error FROM collection_runs r
       WHERE r.id = (SELECT max(id) FROM collection_runs x WHERE x.source_id = r.source_id)`,
    )
    .all() as LastRun[];
  return new Map(rows.map((r) => [r.source_id, r]));
}

/** Reads the file's runs whatever its schema version (collection_runs is in every one). */
export function readLastRuns(path: string): Map<string, LastRun> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return lastRuns(db);
  } finally {
    db.close();
  }
}
