// Writing the source registry and its collection runs: what coverage and `data_as_of` are read from.
import type { RecordKind } from '../../domain/records/record.js';
import type { SkippedRow } from '../../domain/skipped-row.js';
import type { EditionDateSource } from '../../domain/edition-date.js';
import type { Db } from '../schema/database.js';
import { ALL_RECORD_TABLES } from '../schema/record-tables.js';

export interface SourceRow {
  readonly id: string;
  /** The authority code of the body that publishes the source. */
  readonly publisher_code: string;
  readonly record_kind: RecordKind;
  readonly url: string;
  readonly title: string;
  readonly format?: string | null;
  readonly parser?: string | null;
  /** The body the source counts for in the coverage ratio; the publisher when not given. */
  readonly counted_body?: string | null;
}

export interface CollectionRun {
  readonly source_id: string;
  /** RFC 3339 instants, UTC. */
  readonly started_at: string;
  readonly finished_at: string | null;
  /** `skipped`: the list was read, and was an edition older than those merged (domain/edition-date.ts). */
  readonly outcome: 'success' | 'not_modified' | 'skipped' | 'failure';
  readonly http_status: number | null;
  readonly bytes: number | null;
  /** Records the run read, when it read the list. */
  readonly records: number | null;
  /** The dates the list covered, when it was read. */
  readonly period_from: string | null;
  readonly period_to: string | null;
  readonly error: string | null;
  /** What the parser read but did not keep, and the rows it left out on purpose (blank, repeated header). */
  readonly warnings?: readonly string[];
  /** The first MAX_KEPT_SKIPPED_ROWS of them at most (the parsers' lists are cut to that: keptNotes). */
  readonly skipped_rows?: readonly SkippedRow[];
  /** Why records were linked to companies beyond their name and city, and why ambiguous ones were not. */
  readonly link_notes?: readonly string[];
  /** The date of the edition a successful run merged, and how it was obtained. */
  readonly edition_on?: string | null;
  readonly edition_date_source?: EditionDateSource | null;
  /** Records of the source the run removed under KOHYO_DELISTED_RETENTION_DAYS. */
  readonly removed_by_retention?: number | null;
  /** How many rows were skipped in all, when more than `skipped_rows` holds. */
  readonly skipped_rows_total?: number;
}

/** Adds the source or brings its registry entry up to date; the records citing it are untouched. */
export function registerSource(db: Db, source: SourceRow): void {
  sourceRegistrar(db)(source);
}

/**
 * registerSource for many sources, its statement compiled once: every collection registers the whole registry (a
 * statement compiled for each of its 372 sources was most of the time that took).
 */
export function sourceRegistrar(db: Db): (source: SourceRow) => void {
  const upsert = db.prepare(
    `INSERT INTO sources(id, publisher_code, record_kind, url, title, format, parser, counted_body)
     VALUES (@id, @publisher_code, @record_kind, @url, @title, @format, @parser, COALESCE(@counted_body, @publisher_code))
     ON CONFLICT(id) DO UPDATE SET publisher_code = excluded.publisher_code, record_kind = excluded.record_kind,
       url = excluded.url, title = excluded.title, format = excluded.format, parser = excluded.parser,
       counted_body = excluded.counted_body`,
  );
  return (source) => {
    upsert.run({ format: null, parser: null, counted_body: null, ...source });
  };
}

/**
 * Removes a registered source that was never collected (no run, no record): an unread list a module now reads under
 * an id of its own, which coverage would otherwise go on naming as never collected. False when it is not removed.
 */
export function removeUncollectedSource(db: Db, id: string): boolean {
  const held = ALL_RECORD_TABLES.map(({ table }) => `EXISTS (SELECT 1 FROM ${table} WHERE source_id = @id)`);
  const result = db
    .prepare(
      `DELETE FROM sources WHERE id = @id AND NOT EXISTS (SELECT 1 FROM collection_runs WHERE source_id = @id)
         AND NOT EXISTS (SELECT 1 FROM source_http_state WHERE source_id = @id) AND NOT (${held.join(' OR ')})`,
    )
    .run({ id });
  return result.changes > 0;
}

/** Appends one run of a source's collector; returns its row id. */
export function recordCollectionRun(db: Db, run: CollectionRun): number {
  const result = db
    .prepare(
      `INSERT INTO collection_runs(source_id, started_at, finished_at, outcome, http_status, bytes, records, period_from, period_to, error,
         warnings, skipped_rows, link_notes, edition_on, edition_date_source, removed_by_retention)
       VALUES (@source_id, @started_at, @finished_at, @outcome, @http_status, @bytes, @records, @period_from, @period_to, @error,
         @warnings, @skipped_rows, @link_notes, @edition_on, @edition_date_source, @removed_by_retention)`,
    )
    .run(
      Object.assign({}, run, {
        edition_on: run.edition_on ?? null,
        edition_date_source: run.edition_date_source ?? null,
        removed_by_retention: run.removed_by_retention ?? null,
        warnings: run.warnings === undefined ? null : JSON.stringify(run.warnings),
        skipped_rows: run.skipped_rows === undefined ? null : JSON.stringify(storedSkippedRows(run)),
        link_notes: run.link_notes === undefined ? null : JSON.stringify(run.link_notes),
      }),
    );
  return Number(result.lastInsertRowid);
}

/**
 * The skipped_rows column: the JSON array of the rows, or, when they were more than the run keeps, `{ "rows": [the
 * first rows], "total": n }`; a build that predates the count reads that as no rows (last-runs.ts reads both).
 */
function storedSkippedRows(run: CollectionRun): unknown {
  const rows = run.skipped_rows ?? [];
  const total = run.skipped_rows_total ?? rows.length;
  return total > rows.length ? { rows, total } : rows;
}
