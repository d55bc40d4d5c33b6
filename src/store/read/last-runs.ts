// The newest collection run of each source, for `kohyo sources`.
import { skippedRowOfStored, type SkippedRow } from '../../domain/skipped-row.js';
import { readFile, type Db } from '../schema/database.js';
import { isObject } from '../../lib/is-object.js';

export interface LastRun {
  readonly source_id: string;
  readonly outcome: 'success' | 'not_modified' | 'skipped' | 'failure';
  readonly finished_at: string | null;
  readonly http_status: number | null;
  readonly records: number | null;
  readonly error: string | null;
  readonly warnings: readonly string[];
  /** The first rows the run skipped (MAX_KEPT_SKIPPED_ROWS at most) and how many it skipped in all. */
  readonly skipped_rows: readonly SkippedRow[];
  readonly link_notes: readonly string[];
  readonly skipped_rows_total: number;
}

function lastRuns(db: Db): Map<string, LastRun> {
  // files older than migration 7 have no warnings or skipped rows
  const columns = new Set(
    db
      .prepare<[], { name: string }>('PRAGMA table_info(collection_runs)')
      .all()
      .map((c) => c.name),
  );
  const kept = columns.has('warnings') ? 'r.warnings, r.skipped_rows' : 'NULL AS warnings, NULL AS skipped_rows';
  // files older than migration 15 have no link notes
  const notes = columns.has('link_notes') ? 'r.link_notes' : 'NULL AS link_notes';
  // the highest id is the newest run: runs are appended in the order they finish
  const rows = db
    .prepare<[], StoredRun>(
      `SELECT r.source_id, r.outcome, r.finished_at, r.http_status, r.records, r.error, ${kept}, ${notes} FROM collection_runs r
       WHERE r.id = (SELECT max(id) FROM collection_runs x WHERE x.source_id = r.source_id)`,
    )
    .all();
  return new Map(
    rows.map((r) => [
      r.source_id,
      Object.assign({}, r, {
        warnings: storedList(r.warnings).filter((warning) => typeof warning === 'string'),
        ...storedSkippedRows(r.skipped_rows),
        link_notes: storedList(r.link_notes).filter((note) => typeof note === 'string'),
      }),
    ]),
  );
}

/** A run as collection_runs keeps it: its warnings and skipped rows as JSON arrays, null in a run without them. */
type StoredRun = Omit<LastRun, 'warnings' | 'skipped_rows' | 'skipped_rows_total' | 'link_notes'> & {
  readonly warnings: string | null;
  readonly link_notes: string | null;
  readonly skipped_rows: string | null;
};

/** The skipped_rows column as source-writer.ts stores it: an array, or the first rows and the total. */
function storedSkippedRows(json: string | null): Pick<LastRun, 'skipped_rows' | 'skipped_rows_total'> {
  const value: unknown = JSON.parse(json ?? '[]');
  if (isObject(value) && Array.isArray(value.rows) && typeof value.total === 'number')
    return { skipped_rows: value.rows.map(skippedRowOfStored), skipped_rows_total: value.total };
  const rows = (Array.isArray(value) ? value : []).map(skippedRowOfStored);
  return { skipped_rows: rows, skipped_rows_total: rows.length };
}

/** The items of a JSON array source-writer.ts stored (none for null, or for anything but an array). */
function storedList(json: string | null): unknown[] {
  const value: unknown = JSON.parse(json ?? '[]');
  return Array.isArray(value) ? value : [];
}

/** Reads the file's runs whatever its schema version (collection_runs is in every one). */
export function readLastRuns(path: string): Map<string, LastRun> {
  return readFile(path, lastRuns);
}
