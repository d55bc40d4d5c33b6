// What the coverage endpoint and `data_as_of` read: sources with their last collection runs and record counts.
import type { Db } from '../schema/database.js';
import type { RecordKind } from '../../domain/records/record.js';
import type { CoverageSourceInput } from '../../domain/coverage.js';
import { RECORD_TABLES } from '../schema/record-tables.js';

export interface PublisherGroupRow {
  readonly code: string;
  readonly official_total: number | null;
}

/** A source with what its runs and records say: the coverage endpoint's input. */
export type SourceCoverageRow = CoverageSourceInput & { readonly counted_body: string };

export function publisherGroups(db: Db): PublisherGroupRow[] {
  return db
    .prepare<[], PublisherGroupRow>('SELECT code, official_total FROM publisher_groups ORDER BY sort_order')
    .all();
}

// The edition a source holds: its newest successful run's, or for runs written before editions were dated (and
// imported records) the newest listing date of its records, with no date source. Retention's removals are summed.
function editionColumns(table: string): string {
  return `
  (SELECT r.edition_on FROM collection_runs r WHERE r.source_id = s.id AND r.outcome = 'success'
     AND r.edition_on IS NOT NULL ORDER BY r.id DESC LIMIT 1) AS edition_on,
  (SELECT r.edition_date_source FROM collection_runs r WHERE r.source_id = s.id AND r.outcome = 'success'
     AND r.edition_on IS NOT NULL ORDER BY r.id DESC LIMIT 1) AS edition_date_source,
  (SELECT max(t.last_listed_on) FROM ${table} t WHERE t.source_id = s.id) AS listed_on,
  (SELECT COALESCE(sum(r.removed_by_retention), 0) FROM collection_runs r WHERE r.source_id = s.id) AS removed_by_retention`;
}

/** Every registered source of one record kind, with what its runs and records say. */
export function sourceCoverage(db: Db, kind: RecordKind): SourceCoverageRow[] {
  // a record's period starts where the list orders it: its date, or a suspension's first day
  const { table, orderColumn: start } = RECORD_TABLES[kind];
  const rows = db
    .prepare<[RecordKind], SourceCoverageRow & { readonly listed_on: string | null }>(
      // a skipped run read the list (an edition older than the one held): the source answered, so it counts as a success
      `WITH last_success AS (
         SELECT source_id, max(finished_at) AS finished_at FROM collection_runs
         WHERE outcome IN ('success', 'not_modified', 'skipped') GROUP BY source_id
       ), last_run AS (
         SELECT source_id, max(finished_at) AS finished_at FROM collection_runs GROUP BY source_id
       )
       SELECT s.id, s.publisher_code, COALESCE(s.counted_body, s.publisher_code) AS counted_body, a.group_code, s.url, s.title,
         (SELECT count(*) FROM ${table} t WHERE t.source_id = s.id) AS observed_count,
         COALESCE(
           (SELECT min(period_from) FROM collection_runs r WHERE r.source_id = s.id AND r.outcome = 'success'),
           (SELECT min(t.${start}) FROM ${table} t WHERE t.source_id = s.id)) AS period_from,
         COALESCE(
           (SELECT max(period_to) FROM collection_runs r WHERE r.source_id = s.id AND r.outcome = 'success'),
           (SELECT max(t.${start}) FROM ${table} t WHERE t.source_id = s.id)) AS period_to,
         ls.finished_at AS last_success_at,
         (SELECT r.error FROM collection_runs r WHERE r.source_id = s.id AND r.finished_at = lr.finished_at
            AND r.outcome = 'failure' LIMIT 1) AS last_error,
         ${editionColumns(table)}
       FROM sources s
       JOIN authorities a ON a.code = s.publisher_code
       LEFT JOIN last_success ls ON ls.source_id = s.id
       LEFT JOIN last_run lr ON lr.source_id = s.id
       WHERE s.record_kind = ?
       ORDER BY a.group_code, s.publisher_code, s.id`,
    )
    .all(kind);
  return rows.map(({ listed_on, ...row }) => ({ ...row, edition_on: row.edition_on ?? listed_on }));
}

/** The oldest last success among the sources of a kind that have one: what an empty answer is as of. */
export function dataAsOf(db: Db, kind: RecordKind): string | null {
  // an aggregate without GROUP BY answers one row, always (its value null when no source has a success)
  const asOf = db
    .prepare<[RecordKind], string | null>(
      `SELECT min(last) AS as_of FROM (
         SELECT max(r.finished_at) AS last FROM collection_runs r JOIN sources s ON s.id = r.source_id
         WHERE s.record_kind = ? AND r.outcome IN ('success', 'not_modified', 'skipped') GROUP BY r.source_id)`,
    )
    .pluck()
    .get(kind);
  return asOf ?? null;
}

export interface CollectionRunCount {
  readonly sourceId: string;
  readonly outcome: string;
  readonly runs: number;
}

/** How many collection runs each source has had, by outcome (for /metrics). */
export function collectionRunCounts(db: Db): CollectionRunCount[] {
  return db
    .prepare<[], CollectionRunCount>(
      `SELECT source_id AS sourceId, outcome, COUNT(*) AS runs FROM collection_runs GROUP BY source_id, outcome ORDER BY source_id, outcome`,
    )
    .all();
}
