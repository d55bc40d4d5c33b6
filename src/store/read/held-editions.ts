// The latest date the publisher printed on an edition a source has merged: what the next edition's order is checked against.
import type { Db } from '../schema/database.js';

/** The latest printed edition date over the source's successful runs; null when none printed one (edition-date.ts). */
export function heldPrintedOn(db: Db, sourceId: string): string | null {
  // an aggregate without GROUP BY answers one row, always
  const printed = db
    .prepare<[string], string | null>(
      `SELECT max(edition_on) FROM collection_runs
       WHERE source_id = ? AND outcome = 'success' AND edition_date_source = 'printed'`,
    )
    .pluck()
    .get(sourceId);
  return printed ?? null;
}
